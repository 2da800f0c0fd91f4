//! The electronic factura of a sale (factura express, issue 23). A factura is the sales document of
//! [`super::note`] registered with [`SaleKind::Invoice`](super::note::SaleKind): the same pricing,
//! stock, shift and receivable, its own gapless counter, and — in the same write transaction — the
//! SRI document built here from the sale ([`comprobante`]) and put in the queue
//! ([`crate::sri::queue::submit_in_transaction`]). The worker sends it after the commit.
//!
//! [`comprobante`] is pure: the sale as stored (lines, payments, client, company, branch) becomes
//! the [`Comprobante`], so that registering and correcting a returned factura ([`resend`]) build
//! the same document from the same data, and its totals come from the same calculation as the
//! sale's (`domain::totals`): `expectedTotal` is the sale's total, so a difference is refused
//! here instead of by the SRI.

use chrono::NaiveDate;
use serde::Deserialize;

use crate::auth::roles::Tenant;
use crate::command::text;
use crate::db::DbConnection;
use crate::domain::money::from_micros;
use crate::error::{AppError, AppResult};
use crate::models::CompanyId;
use crate::models::config::branch_office::BranchOffice;
use crate::models::config::company::Company;
use crate::models::sales::client::Client;
use crate::models::sales::note::{KIND_INVOICE, Sale, SaleLine, SalePayment};
use crate::services::sales::input::Method;
use crate::services::signing::certificate;
use crate::sri::catalog::{Environment, IdType, Regime};
use crate::sri::document::BuildError;
use crate::sri::model::{
    Buyer, Comprobante, Header, Invoice, InvoiceVersion, Issuer, Item, NameValue, Payment,
};
use crate::sri::queue::{self, QueueError};
use crate::sri::sign::SigningIdentity;
use crate::sri::validate::{ValidationContext, validate};

/// `GET /api/sales/invoice/{id}` for an unknown factura (or another company's).
pub const NOT_FOUND: &str = "No se encontró la factura";
/// Most `campoAdicional` of a factura (XSD `infoAdicional`).
pub const ADDITIONAL_MAX: usize = 15;
/// Longest `nombre` and value of a `campoAdicional` (XSD: 300 characters).
pub const ADDITIONAL_TEXT_MAX: usize = 300;
/// Resend of a factura that is not DEVUELTA or NO AUTORIZADO.
pub const NOT_CORRECTABLE: &str = "Solo se reenvía una factura DEVUELTA o NO AUTORIZADA; esta está";

/// One `{name, value}` of the body's `additionalInfo`.
#[derive(Debug, Clone, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct AdditionalInfoBody {
    pub name: Option<String>,
    pub value: Option<String>,
}

/// The body's `additionalInfo` as `campoAdicional`: at most [`ADDITIONAL_MAX`], each name and value
/// 1 to [`ADDITIONAL_TEXT_MAX`] characters.
pub fn additional_info(raw: Option<&[AdditionalInfoBody]>) -> AppResult<Vec<NameValue>> {
    let raw = raw.unwrap_or_default();
    if raw.len() > ADDITIONAL_MAX {
        return Err(AppError::field(
            "additionalInfo",
            format!("La información adicional admite hasta {ADDITIONAL_MAX} campos"),
        ));
    }
    raw.iter()
        .enumerate()
        .map(|(i, field)| {
            let row = i + 1;
            let name = text(&field.name).unwrap_or_default();
            let value = text(&field.value).unwrap_or_default();
            let fine = |s: &str| !s.is_empty() && s.chars().count() <= ADDITIONAL_TEXT_MAX;
            if !fine(&name) || !fine(&value) {
                return Err(AppError::field(
                    "additionalInfo",
                    format!(
                        "Campo adicional {row}: el nombre y el valor son obligatorios, de hasta {ADDITIONAL_TEXT_MAX} caracteres"
                    ),
                ));
            }
            Ok(NameValue { name, value })
        })
        .collect()
}

/// The company's signing identity (its certificate at rest, [`certificate::identity`]); 409
/// [`NO_CERTIFICATE`] when it has none.
pub fn signing_identity(conn: &mut DbConnection, company: CompanyId) -> AppResult<SigningIdentity> {
    certificate::identity(conn, company)
}

/// Refusal when the company has no signing certificate.
pub const NO_CERTIFICATE: &str = certificate::MISSING;

/// Where and when a factura is issued: the header's data the sale does not carry.
#[derive(Debug, Clone)]
pub struct Issue<'a> {
    pub company: &'a Company,
    pub branch: &'a BranchOffice,
    /// `ptoEmi`.
    pub emission_point: &'a str,
    pub sequential: i64,
    pub issue_date: NaiveDate,
    /// The clave of a factura already queued (a correction keeps it).
    pub access_key: Option<String>,
}

/// The sale a factura is built from.
#[derive(Debug, Clone)]
pub struct SaleData<'a> {
    pub client: &'a Client,
    pub lines: &'a [SaleLine],
    pub payments: &'a [SalePayment],
    /// The sale's `importeTotal` in millionths (checked against the engine's).
    pub total: i64,
    pub additional_info: Vec<NameValue>,
}

/// The issuer (`infoTributaria`) of a company and branch.
pub fn issuer_of(company: &Company, branch: &BranchOffice) -> Issuer {
    let some = |s: &Option<String>| {
        s.as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from)
    };
    Issuer {
        ruc: company.ruc.clone(),
        legal_name: company.business_name.clone(),
        trade_name: some(&company.trade_name),
        head_office_address: company.main_address.clone(),
        branch_address: Some(branch.address.clone()).filter(|a| !a.trim().is_empty()),
        special_taxpayer: some(&company.special_taxpayer),
        keeps_accounts: company.accounting_required,
        withholding_agent: if company.is_ret {
            some(&company.retention_agent_resolution)
        } else {
            None
        },
        regime: Regime::from_type_regimen(&company.type_regimen).unwrap_or_default(),
    }
}

/// The buyer of a client: its identification type (RUC 04, cédula 05, pasaporte 06, consumidor
/// final 07 with 9999999999999, exterior 08).
pub fn buyer_of(client: &Client) -> Buyer {
    let id_type = match client.id_type.as_str() {
        _ if client.is_final_consumer => IdType::ConsumidorFinal,
        "ruc" => IdType::Ruc,
        "cedula" => IdType::Cedula,
        "pasaporte" => IdType::Pasaporte,
        "exterior" => IdType::Exterior,
        _ => IdType::ConsumidorFinal,
    };
    if id_type == IdType::ConsumidorFinal {
        return Buyer::consumidor_final();
    }
    Buyer {
        id_type,
        id: client.identification.clone(),
        name: client.name.clone(),
        address: client.address.clone().filter(|a| !a.trim().is_empty()),
    }
}

/// The SRI's forma de pago (Tabla 24) of a POS payment: cash 01, credit card 19, debit card 16,
/// transfer and credit 20 (otros con utilización del sistema financiero, as sri.md §5.6 says credit
/// sales go), credit with its term in days.
pub fn payment_of(payment: &SalePayment, issue_date: NaiveDate) -> Payment {
    let method = Method::parse(&payment.method).unwrap_or(Method::Cash);
    let code = match method {
        Method::Cash => "01",
        Method::Card => "19",
        Method::Debit => "16",
        Method::Transfer | Method::Credit => "20",
    };
    let term = (method == Method::Credit)
        .then(|| payment.due_date.map(|d| (d - issue_date).num_days().max(0)))
        .flatten();
    Payment {
        method: code.into(),
        amount: from_micros(payment.amount),
        term: term.map(rust_decimal::Decimal::from),
        time_unit: term.map(|_| "dias".into()),
    }
}

/// The factura of a sale. Pure: the same data gives the same document.
pub fn comprobante(issue: &Issue, sale: &SaleData) -> Comprobante {
    let environment = if issue.company.sri_environment == "produccion" {
        Environment::Produccion
    } else {
        Environment::Pruebas
    };
    let items = sale
        .lines
        .iter()
        .map(|l| Item {
            main_code: Some(l.code.clone()),
            aux_code: None,
            description: l.name.clone(),
            unit: Some(l.unit.clone()).filter(|u| !u.trim().is_empty()),
            quantity: from_micros(l.quantity),
            unit_price: from_micros(l.unit_price),
            discount: from_micros(l.discount + l.promotion_discount),
            iva: l.iva_code.clone(),
            ice: None,
            irbpnr_bottles: None,
            details: Vec::new(),
        })
        .collect();
    Comprobante::Invoice(Invoice {
        version: InvoiceVersion::V2_1_0,
        header: Header {
            environment,
            issuer: issuer_of(issue.company, issue.branch),
            establishment: issue.branch.code.clone(),
            emission_point: issue.emission_point.to_string(),
            sequential: u32::try_from(issue.sequential).unwrap_or(u32::MAX),
            issue_date: issue.issue_date,
            numeric_code: None,
            access_key: issue.access_key.clone(),
        },
        buyer: buyer_of(sale.client),
        remission_guide: None,
        items,
        global_discount: rust_decimal::Decimal::ZERO,
        tip: rust_decimal::Decimal::ZERO,
        currency: "DOLAR".into(),
        payments: sale
            .payments
            .iter()
            .map(|p| payment_of(p, issue.issue_date))
            .collect(),
        additional_info: sale.additional_info.clone(),
        expected_total: Some(from_micros(sale.total)),
    })
}

/// The engine's validation of a factura as a 400 with its per-field Spanish messages (consumidor
/// final above USD 50, an invalid cédula…), before anything is stored.
pub fn check(doc: &Comprobante) -> AppResult<()> {
    validate(doc, &ValidationContext::now())
        .map(|_| ())
        .map_err(|v| QueueError::Build(BuildError::Validation(v)).into())
}

/// `POST /api/sales/invoice/{id}/resend`: a DEVUELTA or NO AUTORIZADO factura rebuilt from the
/// stored sale with the client's and company's current data, re-signed with the same clave and
/// queued again. Stock, cash and the receivable were posted when the sale was registered and are
/// not touched. Returns the sale.
pub fn resend(conn: &mut DbConnection, tenant: &Tenant, sale_id: i64) -> AppResult<Sale> {
    let company_id = tenant.company;
    let sale = Sale::find_of_kind(conn, company_id, sale_id, KIND_INVOICE)?
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
    let document_id = sale
        .sri_document_id
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
    let stored = queue::find(conn, company_id, document_id)?
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
    queue::ensure_correctable(&stored, NOT_CORRECTABLE)?;
    let previous = Comprobante::from_json(&stored.document_json)
        .map_err(|e| AppError::Internal(anyhow::anyhow!("stored factura {document_id}: {e}")))?;
    let company = Company::find(conn, company_id)?;
    let branch = BranchOffice::find_in_company(conn, company_id, sale.branch_office_id)?
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
    let client = Client::find(conn, company_id, sale.client_id)?
        .ok_or_else(|| AppError::field("clientId", "El cliente de la factura ya no existe"))?;
    let lines = Sale::lines(conn, company_id, sale.id)?;
    let payments = Sale::payments(conn, company_id, sale.id)?;
    let additional_info = match &previous {
        Comprobante::Invoice(inv) => inv.additional_info.clone(),
        _ => Vec::new(),
    };
    let header = previous.header();
    let doc = comprobante(
        &Issue {
            company: &company,
            branch: &branch,
            emission_point: &header.emission_point,
            sequential: i64::from(header.sequential),
            issue_date: header.issue_date,
            access_key: header.access_key.clone(),
        },
        &SaleData {
            client: &client,
            lines: &lines,
            payments: &payments,
            total: sale.total,
            additional_info,
        },
    );
    check(&doc)?;
    let identity = signing_identity(conn, company_id)?;
    queue::resubmit_corrected(conn, company_id, document_id, &doc, &identity)?;
    Ok(sale)
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDateTime;
    use rust_decimal::Decimal;

    use super::*;
    use crate::domain::money::{from_micros, to_micros};
    use crate::domain::totals;
    use crate::sri::document::build_and_sign;
    use crate::sri::sign::SignOptions;
    use crate::sri::testpki::TestPki;

    const M: i64 = 1_000_000;

    fn company(regimen: &str) -> Company {
        Company {
            id: 1,
            ruc: "1790011001001".into(),
            business_name: "EMPRESA DE PRUEBA S.A.".into(),
            trade_name: Some("MINIMARKET LA ESQUINA".into()),
            main_address: "AV. AMAZONAS N1-1, QUITO".into(),
            type_regimen: regimen.into(),
            accounting_required: true,
            special_taxpayer: Some("12345".into()),
            is_ret: false,
            retention_agent_resolution: None,
            sri_environment: "pruebas".into(),
            created_at: NaiveDateTime::default(),
            updated_at: NaiveDateTime::default(),
            allow_negative_stock: false,
            cashier_max_discount: 0,
            time_zone: "America/Guayaquil".into(),
        }
    }

    fn branch() -> BranchOffice {
        BranchOffice {
            id: 1,
            company_id: 1,
            code: "001".into(),
            name: "Matriz".into(),
            address: "CALLE SUCRE 12, QUITO".into(),
            phone: None,
            active: true,
            created_at: NaiveDateTime::default(),
            updated_at: NaiveDateTime::default(),
            locked: false,
        }
    }

    fn client(id_type: &str, identification: &str, final_consumer: bool) -> Client {
        Client {
            id: 7,
            company_id: 1,
            id_type: id_type.into(),
            identification: identification.into(),
            name: "JUAN PÉREZ".into(),
            email: Some("juan@example.com".into()),
            phone: None,
            address: Some("AV. 10 DE AGOSTO".into()),
            price_level: 1,
            credit_limit: 0,
            credit_days: 0,
            is_final_consumer: final_consumer,
            active: true,
            locked: false,
            created_at: NaiveDateTime::default(),
            updated_at: NaiveDateTime::default(),
        }
    }

    /// A line as pricing leaves it: (quantity, unit price, manual discount, promotion discount,
    /// IVA code), amounts in millionths; net and IVA from the one totals calculation.
    fn lines(spec: &[(i64, i64, i64, i64, &str)]) -> (Vec<SaleLine>, i64) {
        let taxable: Vec<totals::Line> = spec
            .iter()
            .map(|&(q, p, d, promo, iva)| totals::Line {
                quantity: from_micros(q),
                unit_price: from_micros(p),
                discount: from_micros(d + promo),
                iva: iva.into(),
                ice: None,
                irbpnr_bottles: None,
            })
            .collect();
        let t = totals::compute(&taxable, Decimal::ZERO, Decimal::ZERO).unwrap();
        let lines = spec
            .iter()
            .zip(&t.lines)
            .enumerate()
            .map(|(i, (&(q, p, d, promo, iva), lt))| SaleLine {
                id: 0,
                sale_id: 1,
                position: i as i32 + 1,
                product_id: i as i64 + 1,
                code: format!("P{:03}", i + 1),
                name: format!("Producto {}", i + 1),
                unit: "unidad".into(),
                quantity: q,
                unit_price: p,
                discount: d,
                promotion_id: None,
                promotion_name: None,
                promotion_discount: promo,
                iva_code: iva.into(),
                iva_rate: 0,
                net: to_micros(lt.net).unwrap(),
                iva: 0,
                unit_cost: 0,
            })
            .collect();
        (lines, to_micros(t.total).unwrap())
    }

    fn payment(method: &str, amount: i64, due: Option<NaiveDate>) -> SalePayment {
        SalePayment {
            id: 0,
            sale_id: 1,
            method: method.into(),
            amount,
            received: None,
            reference: None,
            bank_account_id: None,
            due_date: due,
        }
    }

    fn today() -> NaiveDate {
        crate::sri::validate::ecuador_today()
    }

    fn build(
        company: &Company,
        client: &Client,
        lines: &[SaleLine],
        payments: &[SalePayment],
        total: i64,
    ) -> Comprobante {
        let branch = branch();
        comprobante(
            &Issue {
                company,
                branch: &branch,
                emission_point: "002",
                sequential: 42,
                issue_date: today(),
                access_key: None,
            },
            &SaleData {
                client,
                lines,
                payments,
                total,
                additional_info: vec![NameValue {
                    name: "Email".into(),
                    value: "juan@example.com".into(),
                }],
            },
        )
    }

    #[test]
    fn a_sale_with_mixed_iva_and_discounts_becomes_a_signed_factura_with_its_totals() {
        // 15 %, 0 %, 5 % and exento; manual and promotion discounts; fractional quantities.
        let (lines, total) = lines(&[
            (3 * M, 1_456_789, 100_000, 0, "4"),
            (1_500_000, 1_200_000, 0, 250_000, "0"),
            (7 * M, 333_333, 50_000, 120_000, "5"),
            (M, 9_990_000, 0, 0, "7"),
        ]);
        let half = total / 2 / 10_000 * 10_000;
        let due = today().checked_add_days(chrono::Days::new(30)).unwrap();
        let payments = [
            payment("cash", half, None),
            payment("card", 10_000, None),
            payment("credit", total - half - 10_000, Some(due)),
        ];
        let company = company("2");
        let buyer = client("cedula", "1710034065", false);
        let doc = build(&company, &buyer, &lines, &payments, total);
        check(&doc).unwrap();
        let signed = build_and_sign(
            &doc,
            &ValidationContext::now(),
            &TestPki::get().identity(),
            &SignOptions::now(),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert!(crate::sri::sign::verify(signed.signed_xml.as_bytes()).is_ok());
        // The engine's importeTotal is the sale's.
        assert_eq!(to_micros(signed.totals.unwrap().total), Some(total));
        let xml = &signed.signed_xml;
        for part in [
            "<tipoIdentificacionComprador>05</tipoIdentificacionComprador>",
            "<identificacionComprador>1710034065</identificacionComprador>",
            "<estab>001</estab>",
            "<ptoEmi>002</ptoEmi>",
            "<secuencial>000000042</secuencial>",
            "<contribuyenteEspecial>12345</contribuyenteEspecial>",
            "<obligadoContabilidad>SI</obligadoContabilidad>",
            "<contribuyenteRimpe>CONTRIBUYENTE RÉGIMEN RIMPE</contribuyenteRimpe>",
            "<nombreComercial>MINIMARKET LA ESQUINA</nombreComercial>",
            "<formaPago>01</formaPago>",
            "<formaPago>19</formaPago>",
            "<formaPago>20</formaPago>",
            "<plazo>30</plazo>",
            "<unidadTiempo>dias</unidadTiempo>",
            "<campoAdicional nombre=\"Email\">juan@example.com</campoAdicional>",
            "<codigoPrincipal>P001</codigoPrincipal>",
        ] {
            assert!(xml.contains(part), "{part} no está en\n{xml}");
        }
        // Line discounts are the manual plus the promotion's.
        assert!(xml.contains("<descuento>0.17</descuento>"), "{xml}");
    }

    #[test]
    fn a_total_other_than_the_engines_is_refused() {
        let (lines, total) = lines(&[(M, 10 * M, 0, 0, "4")]);
        let company = company("1");
        let buyer = client("ruc", "1790016919001", false);
        let doc = build(
            &company,
            &buyer,
            &lines,
            &[payment("cash", total + 10_000, None)],
            total + 10_000,
        );
        assert!(check(&doc).is_err());
    }

    #[test]
    fn consumidor_final_only_up_to_50_dollars() {
        let company = company("1");
        let anonymous = client("consumidorFinal", "9999999999999", true);
        let (small, total) = lines(&[(M, 43_470_000, 0, 0, "4")]);
        let doc = build(
            &company,
            &anonymous,
            &small,
            &[payment("cash", total, None)],
            total,
        );
        assert!(total <= 50 * M, "{total}");
        check(&doc).unwrap();
        let Comprobante::Invoice(inv) = &doc else {
            panic!()
        };
        assert_eq!(inv.buyer.id_type, IdType::ConsumidorFinal);
        assert_eq!(inv.buyer.id, "9999999999999");

        let (big, total) = lines(&[(M, 43_500_000, 0, 0, "4")]);
        assert!(total > 50 * M, "{total}");
        let doc = build(
            &company,
            &anonymous,
            &big,
            &[payment("cash", total, None)],
            total,
        );
        let err = check(&doc).unwrap_err();
        let AppError::Validation { errors, .. } = &err else {
            panic!("{err:?}")
        };
        assert!(errors.values().any(|m| m.contains("50")), "{errors:?}");
    }

    #[test]
    fn identification_types_map_to_the_sris_codes() {
        for (kind, id, code) in [
            ("ruc", "1790016919001", "04"),
            ("cedula", "1710034065", "05"),
            ("pasaporte", "AB123456", "06"),
            ("exterior", "X-99", "08"),
        ] {
            assert_eq!(buyer_of(&client(kind, id, false)).id_type.code(), code);
        }
        assert_eq!(
            buyer_of(&client("consumidorFinal", "9999999999999", true))
                .id_type
                .code(),
            "07"
        );
    }

    #[test]
    fn additional_info_is_limited_like_the_xsd() {
        let field = |n: &str, v: &str| AdditionalInfoBody {
            name: Some(n.into()),
            value: Some(v.into()),
        };
        assert_eq!(
            additional_info(Some(&[field("Email", "a@b.ec")]))
                .unwrap()
                .len(),
            1
        );
        assert!(additional_info(Some(&[field("", "x")])).is_err());
        assert!(additional_info(Some(&[field("x", &"a".repeat(301))])).is_err());
        let many: Vec<_> = (0..16).map(|i| field(&format!("n{i}"), "v")).collect();
        assert!(additional_info(Some(&many)).is_err());
    }
}
