//! Typed model of the documents Mostrador issues: factura (1.1.0 / 2.1.0), nota de crédito
//! (1.1.0), guía de remisión (1.1.0) and comprobante de retención (2.0.0).
//!
//! The model holds what the shop decides (who, what, how much); everything the SRI
//! derives (line nets, tax groups, totals, clave de acceso) is computed by
//! [`crate::domain::totals`] and [`crate::sri::clave`], never stored here, so the XML and
//! every screen use the same numbers. The JSON form (serde, camelCase, unknown fields
//! refused) is documented in `server/sri/README.md`; the CLI reads it.

use chrono::NaiveDate;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::catalog::{DocType, Environment, IdType, Regime};
use crate::domain::ids::{CONSUMIDOR_FINAL_ID, CONSUMIDOR_FINAL_NAME};
use crate::domain::money::serde_decimal;
use crate::domain::totals::{IceTax, Taxable};

/// One electronic document, tagged by `"type"` in JSON.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum Comprobante {
    /// `"type": "factura"`.
    #[serde(rename = "factura")]
    Invoice(Invoice),
    /// `"type": "notaCredito"`.
    #[serde(rename = "notaCredito")]
    CreditNote(CreditNote),
    /// `"type": "guiaRemision"`.
    #[serde(rename = "guiaRemision")]
    DeliveryGuide(DeliveryGuide),
    /// `"type": "comprobanteRetencion"`.
    #[serde(rename = "comprobanteRetencion")]
    Withholding(Withholding),
}

impl Comprobante {
    /// Reads a document from its JSON form, with a Spanish error naming the position.
    ///
    /// Dates the document leaves out are `today`: the issue date and, for a guía de remisión,
    /// the transport dates (the examples carry none, so they can be previewed on any day).
    pub fn from_json_dated(json: &str, today: NaiveDate) -> Result<Comprobante, String> {
        Self::from_json(&with_default_dates(json, today))
    }

    /// Parses the JSON form (see `server/sri/README.md`).
    pub fn from_json(json: &str) -> Result<Comprobante, String> {
        serde_json::from_str(json).map_err(|e| {
            format!(
                "JSON inválido (línea {}, columna {}): {}",
                e.line(),
                e.column(),
                translate_serde_error(&e.to_string())
            )
        })
    }

    /// Common header (issuer, numbering, date, clave).
    pub fn header(&self) -> &Header {
        match self {
            Comprobante::Invoice(d) => &d.header,
            Comprobante::CreditNote(d) => &d.header,
            Comprobante::DeliveryGuide(d) => &d.header,
            Comprobante::Withholding(d) => &d.header,
        }
    }

    /// Mutable access to the header, e.g. to store the generated clave.
    pub fn header_mut(&mut self) -> &mut Header {
        match self {
            Comprobante::Invoice(d) => &mut d.header,
            Comprobante::CreditNote(d) => &mut d.header,
            Comprobante::DeliveryGuide(d) => &mut d.header,
            Comprobante::Withholding(d) => &mut d.header,
        }
    }

    /// `codDoc` of the document.
    pub fn doc_type(&self) -> DocType {
        match self {
            Comprobante::Invoice(_) => DocType::Factura,
            Comprobante::CreditNote(_) => DocType::NotaCredito,
            Comprobante::DeliveryGuide(_) => DocType::GuiaRemision,
            Comprobante::Withholding(_) => DocType::Retencion,
        }
    }
}

/// serde's messages are English; the CLI shows Spanish ones for the usual cases.
fn translate_serde_error(message: &str) -> String {
    message
        .replace("missing field", "falta el campo")
        .replace("unknown field", "campo desconocido")
        .replace("unknown variant", "valor desconocido")
        .replace("expected one of", "se esperaba uno de")
        .replace("expected", "se esperaba")
        .replace("invalid type", "tipo inválido")
        .replace("invalid value", "valor inválido")
        .replace(
            "input contains invalid characters",
            "la fecha contiene caracteres inválidos",
        )
        .replace("premature end of input", "la fecha está incompleta")
        .replace("input is out of range", "fecha fuera de rango")
        .replace("trailing characters", "caracteres sobrantes")
        .replace("EOF while parsing", "fin inesperado del archivo al leer")
        .replace("a string", "una cadena")
        .replace("a sequence", "una lista")
        .replace("an object", "un objeto")
        .replace("at line", "en la línea")
        .replace("column", "columna")
}

/// Schema version of a factura.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum InvoiceVersion {
    /// `factura` 1.1.0.
    #[serde(rename = "1.1.0")]
    V1_1_0,
    /// `factura` 2.1.0 (default).
    #[default]
    #[serde(rename = "2.1.0")]
    V2_1_0,
}

impl InvoiceVersion {
    /// Value of the `version` attribute.
    pub fn as_str(self) -> &'static str {
        match self {
            InvoiceVersion::V1_1_0 => "1.1.0",
            InvoiceVersion::V2_1_0 => "2.1.0",
        }
    }
}

/// What every document shares: environment, issuer, numbering, date and clave.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Header {
    /// `ambiente`: pruebas or producción.
    pub environment: Environment,
    /// The company issuing the document.
    pub issuer: Issuer,
    /// `estab`: establecimiento (branch) code, 3 digits, e.g. `"001"`.
    pub establishment: String,
    /// `ptoEmi`: emission point, 3 digits.
    pub emission_point: String,
    /// `secuencial`: 1 … 999 999 999, unique per (estab, ptoEmi, codDoc).
    pub sequential: u32,
    /// `fechaEmision` (Ecuador local date); also the date inside the clave.
    pub issue_date: NaiveDate,
    /// Código numérico of the clave (8 digits). Random when absent and no clave given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub numeric_code: Option<String>,
    /// Clave de acceso already generated for this document: pass it back on every
    /// resend so the SRI sees the same document (never generate a new one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub access_key: Option<String>,
}

/// The issuing company (`infoTributaria` + establishment data).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Issuer {
    /// `ruc` (13 digits ending in 001…).
    pub ruc: String,
    /// `razonSocial`.
    pub legal_name: String,
    /// `nombreComercial`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trade_name: Option<String>,
    /// `dirMatriz`.
    pub head_office_address: String,
    /// `dirEstablecimiento` (address of the establishment issuing the document).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub branch_address: Option<String>,
    /// `contribuyenteEspecial`: resolution number, when designated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub special_taxpayer: Option<String>,
    /// `obligadoContabilidad` (SI/NO).
    #[serde(default)]
    pub keeps_accounts: bool,
    /// `agenteRetencion`: resolution number (digits, no leading zeros), when designated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub withholding_agent: Option<String>,
    /// Tax regime; decides the `contribuyenteRimpe` legend.
    #[serde(default)]
    pub regime: Regime,
}

/// The buyer of a factura / receiver of a nota de crédito.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Buyer {
    /// `tipoIdentificacionComprador`.
    pub id_type: IdType,
    /// `identificacionComprador`.
    pub id: String,
    /// `razonSocialComprador`.
    pub name: String,
    /// `direccionComprador` (factura only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address: Option<String>,
}

impl Buyer {
    /// The anonymous buyer (07, 9999999999999), allowed on facturas up to USD 50.
    pub fn consumidor_final() -> Buyer {
        Buyer {
            id_type: IdType::ConsumidorFinal,
            id: CONSUMIDOR_FINAL_ID.to_string(),
            name: CONSUMIDOR_FINAL_NAME.to_string(),
            address: None,
        }
    }
}

/// A `nombre`/`valor` pair: `detAdicional` on lines, `campoAdicional` on the document.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NameValue {
    /// `nombre`.
    pub name: String,
    /// Value (attribute `valor` or element text).
    pub value: String,
}

/// A sold (factura) or returned (nota de crédito) item.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Item {
    /// `codigoPrincipal` (factura) / `codigoInterno` (nota de crédito).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub main_code: Option<String>,
    /// `codigoAuxiliar` (factura) / `codigoAdicional` (nota de crédito).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aux_code: Option<String>,
    /// `descripcion`.
    pub description: String,
    /// `unidadMedida` (factura only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    /// `cantidad`, up to 6 decimals.
    #[serde(with = "serde_decimal")]
    pub quantity: Decimal,
    /// `precioUnitario` without taxes, up to 6 decimals.
    #[serde(with = "serde_decimal")]
    pub unit_price: Decimal,
    /// Line discount in USD (2 decimals). The document's global discount is added to
    /// it by the totals computation.
    #[serde(default, with = "serde_decimal")]
    pub discount: Decimal,
    /// IVA `codigoPorcentaje` of the product (see `domain::taxes::IVA_RATES`), e.g. `"4"`.
    pub iva: String,
    /// ICE, for products subject to it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ice: Option<IceTax>,
    /// Number of non-returnable plastic bottles (IRBPNR, USD 0.02 each).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub irbpnr_bottles: Option<u32>,
    /// `detallesAdicionales` (at most 3).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub details: Vec<NameValue>,
}

impl Taxable for Item {
    fn quantity(&self) -> Decimal {
        self.quantity
    }
    fn unit_price(&self) -> Decimal {
        self.unit_price
    }
    fn discount(&self) -> Decimal {
        self.discount
    }
    fn iva_code(&self) -> &str {
        &self.iva
    }
    fn ice(&self) -> Option<&IceTax> {
        self.ice.as_ref()
    }
    fn irbpnr_bottles(&self) -> Option<u32> {
        self.irbpnr_bottles
    }
}

/// One `pago` of a factura.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Payment {
    /// `formaPago` (Tabla 24), e.g. `"01"` cash, `"19"` credit card, `"20"` transfer/credit.
    pub method: String,
    /// `total` paid with this method.
    #[serde(with = "serde_decimal")]
    pub amount: Decimal,
    /// `plazo` (credit term), when the sale is on credit.
    #[serde(
        default,
        with = "serde_decimal::option",
        skip_serializing_if = "Option::is_none"
    )]
    pub term: Option<Decimal>,
    /// `unidadTiempo` of the term, e.g. `"dias"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_unit: Option<String>,
}

/// Factura (codDoc 01).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Invoice {
    /// Schema version (`"1.1.0"` or `"2.1.0"`, default 2.1.0).
    #[serde(default)]
    pub version: InvoiceVersion,
    /// Issuer, numbering, date, clave.
    pub header: Header,
    /// Buyer; consumidor final only up to USD 50.
    pub buyer: Buyer,
    /// `guiaRemision` related to the sale (`001-001-000000001`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remission_guide: Option<String>,
    /// Lines (at least one).
    pub items: Vec<Item>,
    /// Discount on the whole invoice (USD), spread over the lines' `descuento`.
    #[serde(default, with = "serde_decimal")]
    pub global_discount: Decimal,
    /// `propina` (service/tip), outside the IVA base.
    #[serde(default, with = "serde_decimal")]
    pub tip: Decimal,
    /// `moneda` (default `DOLAR`).
    #[serde(default = "default_currency")]
    pub currency: String,
    /// `pagos`; their sum must equal the invoice total.
    pub payments: Vec<Payment>,
    /// `infoAdicional` (at most 15), e.g. Email, Teléfono.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub additional_info: Vec<NameValue>,
    /// Total the caller expects; when present and different from the computed
    /// `importeTotal` the document is refused (catches stale screens and bad imports).
    #[serde(
        default,
        with = "serde_decimal::option",
        skip_serializing_if = "Option::is_none"
    )]
    pub expected_total: Option<Decimal>,
}

/// The document a nota de crédito modifies (`codDocModificado`…).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ModifiedDocument {
    /// `codDocModificado` (usually `"01"`).
    pub doc_type: String,
    /// `numDocModificado`, `001-001-000000001`.
    pub number: String,
    /// `fechaEmisionDocSustento`.
    pub issue_date: NaiveDate,
}

/// Nota de crédito (codDoc 04, version 1.1.0).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CreditNote {
    /// Issuer, numbering, date, clave.
    pub header: Header,
    /// Buyer of the modified document; never consumidor final.
    pub buyer: Buyer,
    /// The sustento.
    pub modified_document: ModifiedDocument,
    /// `motivo`.
    pub reason: String,
    /// Returned / credited lines.
    pub items: Vec<Item>,
    /// Global discount, spread over the lines like on the factura.
    #[serde(default, with = "serde_decimal")]
    pub global_discount: Decimal,
    /// `moneda` (default `DOLAR`).
    #[serde(default = "default_currency")]
    pub currency: String,
    /// `infoAdicional`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub additional_info: Vec<NameValue>,
    /// Expected `valorModificacion`, checked like [`Invoice::expected_total`].
    #[serde(
        default,
        with = "serde_decimal::option",
        skip_serializing_if = "Option::is_none"
    )]
    pub expected_total: Option<Decimal>,
}

/// Carrier of a guía de remisión.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Carrier {
    /// `tipoIdentificacionTransportista` (never consumidor final).
    pub id_type: IdType,
    /// `rucTransportista`.
    pub id: String,
    /// `razonSocialTransportista`.
    pub name: String,
}

/// Document that supports a transfer (usually the factura).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SupportDocument {
    /// `codDocSustento`, e.g. `"01"`.
    pub doc_type: String,
    /// `numDocSustento`, `001-001-000000001`.
    pub number: String,
    /// `numAutDocSustento` (10, 37 or 49 digits).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub authorization: Option<String>,
    /// `fechaEmisionDocSustento`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub issue_date: Option<NaiveDate>,
}

/// A transported item of a guía.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GuideItem {
    /// `codigoInterno`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub internal_code: Option<String>,
    /// `codigoAdicional`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extra_code: Option<String>,
    /// `descripcion`.
    pub description: String,
    /// `cantidad`, up to 6 decimals.
    #[serde(with = "serde_decimal")]
    pub quantity: Decimal,
    /// `detallesAdicionales` (at most 3).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub details: Vec<NameValue>,
}

/// One `destinatario` of a guía.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Recipient {
    /// `identificacionDestinatario`.
    pub id: String,
    /// `razonSocialDestinatario`.
    pub name: String,
    /// `dirDestinatario`.
    pub address: String,
    /// `motivoTraslado`, e.g. `"VENTA"`.
    pub transfer_reason: String,
    /// `docAduaneroUnico`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub customs_document: Option<String>,
    /// `codEstabDestino` (3 digits), for transfers between own establishments.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destination_establishment: Option<String>,
    /// `ruta`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub route: Option<String>,
    /// Sustento of the transfer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub support_document: Option<SupportDocument>,
    /// Items carried to this recipient (at least one).
    pub items: Vec<GuideItem>,
}

/// Guía de remisión (codDoc 06, version 1.1.0).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DeliveryGuide {
    /// Issuer, numbering, date (only inside the clave: the schema has no fechaEmision).
    pub header: Header,
    /// `dirPartida`.
    pub departure_address: String,
    /// Transportista.
    pub carrier: Carrier,
    /// `placa` of the vehicle.
    pub plate: String,
    /// `fechaIniTransporte` (not before the issue date — SRI error 82).
    pub transport_start: NaiveDate,
    /// `fechaFinTransporte`.
    pub transport_end: NaiveDate,
    /// `destinatarios` (at least one).
    pub recipients: Vec<Recipient>,
    /// `infoAdicional`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub additional_info: Vec<NameValue>,
}

fn default_currency() -> String {
    "DOLAR".to_string()
}

/// `json` with the dates it leaves out set to `today` (see [`Comprobante::from_json_dated`]).
/// JSON that does not parse is returned as is, for `from_json` to report.
fn with_default_dates(json: &str, today: NaiveDate) -> String {
    let Ok(mut value) = serde_json::from_str::<serde_json::Value>(json) else {
        return json.to_string();
    };
    let date = serde_json::Value::String(today.format("%Y-%m-%d").to_string());
    if let Some(header) = value.get_mut("header").and_then(|h| h.as_object_mut()) {
        header.entry("issueDate").or_insert_with(|| date.clone());
    }
    if value.get("type").and_then(|t| t.as_str()) == Some("guiaRemision")
        && let Some(doc) = value.as_object_mut()
    {
        doc.entry("transportStart").or_insert_with(|| date.clone());
        doc.entry("transportEnd").or_insert_with(|| date.clone());
    }
    value.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sri::fixtures;

    #[test]
    fn round_trips_through_json() {
        for doc in [
            fixtures::invoice(),
            fixtures::credit_note(),
            fixtures::guide(),
            fixtures::withholding(),
        ] {
            let json = serde_json::to_string_pretty(&doc).unwrap();
            assert_eq!(Comprobante::from_json(&json).unwrap(), doc);
        }
    }

    #[test]
    fn unknown_fields_and_floats_are_refused_in_spanish() {
        let json = serde_json::to_string_pretty(&fixtures::invoice()).unwrap();
        let bad = json.replacen("\"tip\"", "\"propinaa\"", 1);
        let err = Comprobante::from_json(&bad).unwrap_err();
        assert!(err.contains("campo desconocido"), "{err}");
        let bad = json.replacen("\"tip\": \"0.50\"", "\"tip\": 0.5", 1);
        assert_ne!(bad, json);
        let err = Comprobante::from_json(&bad).unwrap_err();
        assert!(err.contains("cadena"), "{err}");
        let err = Comprobante::from_json("{\"type\": \"boleta\"}").unwrap_err();
        assert!(err.contains("valor desconocido"), "{err}");
    }
}

/// A tax withheld: `codigo` of the comprobante de retención (Tabla 19 of the Ficha técnica).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WithheldTaxKind {
    /// Impuesto a la renta, `codigo` 1 (codes 303, 312, 3440… of the dated tax table).
    Renta,
    /// IVA, `codigo` 2 (codes 9, 10, 1, 11, 2, 3, 7, 8).
    Iva,
    /// Impuesto a la salida de divisas, `codigo` 6.
    Isd,
}

impl WithheldTaxKind {
    /// `codigo` as written in the XML.
    pub fn code(self) -> &'static str {
        match self {
            WithheldTaxKind::Renta => "1",
            WithheldTaxKind::Iva => "2",
            WithheldTaxKind::Isd => "6",
        }
    }
}

/// One `retencion`: a tax withheld on a base at a percentage (the rate in force on the
/// document's date, from the dated tax table).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WithheldTax {
    pub kind: WithheldTaxKind,
    /// `codigoRetencion`, e.g. `"312"` (renta) or `"9"` (IVA 10 %).
    pub code: String,
    /// `baseImponible`: for renta the document's base, for IVA the IVA withheld from.
    #[serde(with = "serde_decimal")]
    pub base: Decimal,
    /// `porcentajeRetener`, e.g. `1.75`.
    #[serde(with = "serde_decimal")]
    pub percent: Decimal,
}

impl WithheldTax {
    /// `valorRetenido`: the base times the percentage, rounded to cents.
    pub fn amount(&self) -> Decimal {
        crate::domain::money::money(self.base * self.percent / Decimal::ONE_HUNDRED)
    }
}

/// One of the taxes of a withheld document (`impuestoDocSustento`; IVA, `codigo` 2).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SupportTax {
    /// IVA `codigoPorcentaje` (see `domain::taxes::IVA_RATES`); its rate is the `tarifa`.
    pub iva: String,
    /// `baseImponible`.
    #[serde(with = "serde_decimal")]
    pub base: Decimal,
    /// `valorImpuesto`, as the supplier's document states it.
    #[serde(with = "serde_decimal")]
    pub value: Decimal,
}

/// A supplier's document the retención is made on (`docSustento`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WithheldDocument {
    /// `codSustento` (Tabla 5 of the ATS catalogue, e.g. `"01"` crédito tributario para IVA).
    pub sustento: String,
    /// `codDocSustento`, e.g. `"01"` factura, `"03"` liquidación de compra.
    pub doc_type: String,
    /// `numDocSustento` as `001-001-000000001` (written without dashes).
    pub number: String,
    /// `fechaEmisionDocSustento`.
    pub issue_date: NaiveDate,
    /// `numAutDocSustento`: the document's authorization (or clave de acceso).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub authorization: Option<String>,
    /// `pagoLocExt`: `02` when paid abroad (else `01`, local).
    #[serde(default)]
    pub paid_abroad: bool,
    /// `totalSinImpuestos`.
    #[serde(with = "serde_decimal")]
    pub total_without_taxes: Decimal,
    /// `importeTotal`.
    #[serde(with = "serde_decimal")]
    pub total: Decimal,
    /// `impuestosDocSustento`.
    pub taxes: Vec<SupportTax>,
    /// `retenciones`.
    pub withholdings: Vec<WithheldTax>,
    /// `pagos`: how the document is paid (`formaPago`, `total`; no term).
    pub payments: Vec<Payment>,
}

/// Comprobante de retención 2.0.0 (codDoc 07): what the company, as withholding agent,
/// withheld from a supplier on each of the supplier's documents.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Withholding {
    pub header: Header,
    /// The supplier withheld from (`sujeto retenido`); never consumidor final.
    pub subject: Buyer,
    /// `parteRel`: the supplier is a related party.
    #[serde(default)]
    pub related_party: bool,
    /// `docsSustento`.
    pub documents: Vec<WithheldDocument>,
    /// `infoAdicional`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub additional_info: Vec<NameValue>,
}

impl Withholding {
    /// The amount withheld on every document.
    pub fn total_withheld(&self) -> Decimal {
        self.documents
            .iter()
            .flat_map(|d| &d.withholdings)
            .map(WithheldTax::amount)
            .sum()
    }
}
