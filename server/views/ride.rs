//! Page data of the RIDE (representación impresa of an electronic document, sri.md §6): the A4
//! and 80 mm printables and the RIDE inside the back office. Money and quantities are decimal
//! text, already formatted the way the SRI prints them (2 decimals; quantities and prices up to 6).

use serde::Serialize;
use ts_rs::TS;

/// A `nombre`/`valor` pair (información adicional, detalles adicionales).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RideNameValue {
    pub name: String,
    pub value: String,
}

/// The issuer as the signed XML carries it, plus the company's logo.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RideIssuerView {
    pub ruc: String,
    pub legal_name: String,
    pub trade_name: Option<String>,
    pub head_office_address: String,
    pub branch_address: Option<String>,
    pub special_taxpayer: Option<String>,
    /// `SI` / `NO`.
    pub keeps_accounts: String,
    pub withholding_agent: Option<String>,
    /// The RIMPE legend of Anexo 22, when the regime has one.
    pub rimpe_legend: Option<String>,
    /// The company logo as a `data:` URL (the printable loads nothing else), when there is one.
    pub logo: Option<String>,
}

/// The buyer block.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RideBuyerView {
    pub name: String,
    pub id_type: String,
    pub id: String,
    pub address: Option<String>,
}

/// One detail line.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RideLineView {
    pub main_code: Option<String>,
    pub aux_code: Option<String>,
    pub quantity: String,
    pub description: String,
    pub details: Vec<RideNameValue>,
    pub unit_price: String,
    pub discount: String,
    pub total: String,
}

/// One row of the totals block («SUBTOTAL 15 %», «IVA 15 %», «VALOR TOTAL»…), in the SRI's order,
/// only the rows that apply.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RideTotalRow {
    pub label: String,
    pub value: String,
}

/// One forma de pago.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RidePaymentView {
    pub code: String,
    pub label: String,
    pub amount: String,
    pub term: Option<String>,
    pub time_unit: Option<String>,
}

/// The document a nota de crédito modifies.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RideModifiedView {
    pub doc_type: String,
    pub number: String,
    pub issue_date: String,
    pub reason: String,
}

/// The transportista of a guía de remisión.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RideCarrierView {
    pub name: String,
    /// «RUC», «Cédula»…
    pub id_type: String,
    pub id: String,
}

/// One transported line of a guía (code, quantity, description; no prices).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RideGuideLineView {
    pub main_code: Option<String>,
    pub aux_code: Option<String>,
    pub quantity: String,
    pub description: String,
    pub details: Vec<RideNameValue>,
}

/// One destinatario of a guía with what travels to it.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RideRecipientView {
    pub name: String,
    pub id: String,
    pub address: String,
    /// `motivoTraslado`.
    pub reason: String,
    pub destination_establishment: Option<String>,
    pub route: Option<String>,
    pub customs_document: Option<String>,
    /// The comprobante de venta that supports the transfer («FACTURA 001-001-000000001»).
    pub support_document: Option<String>,
    pub support_authorization: Option<String>,
    /// `dd/mm/aaaa`.
    pub support_date: Option<String>,
    pub lines: Vec<RideGuideLineView>,
}

/// What a guía de remisión prints instead of buyer, prices and totals (sri.md §6): the
/// transport (punto de partida, transportista, placa, fechas) and each destinatario.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RideGuideView {
    pub departure_address: String,
    pub carrier: RideCarrierView,
    pub plate: String,
    /// `dd/mm/aaaa`.
    pub transport_start: String,
    /// `dd/mm/aaaa`.
    pub transport_end: String,
    pub recipients: Vec<RideRecipientView>,
}

/// The clave de acceso as Code 128 (`crate::domain::code128`): one SVG path in a `width × 1` box.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BarcodeView {
    pub width: i64,
    pub path: String,
}

/// One tax withheld on a supplier's document, as a retención's RIDE prints it.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RideWithheldView {
    /// «FACTURA», «LIQUIDACIÓN DE COMPRA…»: the comprobante withheld on.
    pub doc_type: String,
    /// `estab-ptoEmi-secuencial` of that comprobante.
    pub number: String,
    /// Its `dd/mm/aaaa`.
    pub issue_date: String,
    /// `mm/aaaa`, the retención's.
    pub fiscal_period: String,
    pub base: String,
    /// «RENTA», «IVA», «ISD».
    pub tax: String,
    /// The SRI's code (`312`, `1`…).
    pub code: String,
    /// `2.00`.
    pub percent: String,
    pub amount: String,
}

/// What a comprobante de retención prints instead of lines and totals: the sujeto retenido and
/// each tax withheld on each of the supplier's documents.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RideWithholdingView {
    pub subject: RideBuyerView,
    /// `mm/aaaa`.
    pub fiscal_period: String,
    pub lines: Vec<RideWithheldView>,
    /// The amount withheld.
    pub total: String,
}

/// Everything a RIDE prints.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RideView {
    /// `sri_documents.id` (the `{id}` of `/tickets/factura/{id}/…`).
    pub document_id: i64,
    /// `factura`, `notaCredito`, `guiaRemision` or `retencion` (the segment of the printable
    /// routes).
    pub kind: String,
    /// «FACTURA», «NOTA DE CRÉDITO», «GUÍA DE REMISIÓN».
    pub title: String,
    /// `estab-ptoEmi-secuencial`.
    pub number: String,
    pub access_key: String,
    /// Stored status.
    #[ts(as = "crate::domain::document_status::DocumentStatus")]
    pub status: String,
    /// Whether the SRI authorized it (before that the RIDE says so, without number or date).
    pub authorized: bool,
    /// Spanish state for the «no autorizado aún» notice.
    pub status_label: String,
    pub authorization_number: Option<String>,
    /// `dd/mm/aaaa hh:mm:ss` in Ecuador.
    pub authorization_date: Option<String>,
    /// «PRUEBAS» / «PRODUCCIÓN».
    pub environment: String,
    /// «NORMAL».
    pub emission: String,
    /// `dd/mm/aaaa`.
    pub issue_date: String,
    pub issuer: RideIssuerView,
    /// The buyer of a factura or nota de crédito (`None` on a guía, which has destinatarios).
    pub buyer: Option<RideBuyerView>,
    /// The transport and destinatarios of a guía de remisión (`None` on other documents, whose
    /// `lines`, `totals` and `payments` a guía leaves empty).
    pub guide: Option<RideGuideView>,
    pub remission_guide: Option<String>,
    pub modified: Option<RideModifiedView>,
    /// The sujeto retenido and the taxes withheld of a comprobante de retención (`None` on other
    /// documents; a retención leaves `lines`, `totals` and `payments` empty).
    pub withholding: Option<RideWithholdingView>,
    pub lines: Vec<RideLineView>,
    pub totals: Vec<RideTotalRow>,
    pub total: String,
    pub payments: Vec<RidePaymentView>,
    pub additional_info: Vec<RideNameValue>,
    pub barcode: BarcodeView,
}

/// Data of `/tickets/{factura|notaCredito}/{id}/{A4SRI|Ticket80}`,
/// `/tickets/guiaRemision/{id}/A4SRI` and `/admin/ebilling/RIDE/{accessKey}`.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RidePage {
    pub ride: RideView,
}
