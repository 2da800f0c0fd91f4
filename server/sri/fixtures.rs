//! Sample documents for the module's unit tests (the same content as the crate's
//! `server/sri/examples/*.json`), with fixed dates so snapshots are stable.

use std::str::FromStr;

use chrono::NaiveDate;
use rust_decimal::Decimal;

use super::catalog::{Environment, IdType, Regime};
use super::model::*;
use super::validate::ValidationContext;
use crate::domain::totals::{IceMode, IceTax};

pub fn d(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap_or_default()
}

pub fn date(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).unwrap_or_default()
}

/// "Today" for the fixtures.
pub fn context() -> ValidationContext {
    ValidationContext::at(date(2024, 5, 12))
}

pub fn header(sequential: u32, issue_date: NaiveDate) -> Header {
    Header {
        environment: Environment::Pruebas,
        issuer: Issuer {
            ruc: "1790011001001".into(),
            legal_name: "EMPRESA DE PRUEBA S.A.".into(),
            trade_name: Some("MINIMARKET LA ESQUINA".into()),
            head_office_address: "AV. AMAZONAS N1-1 Y PATRIA, QUITO".into(),
            branch_address: Some("CALLE SUCRE 12 Y BOLÍVAR, QUITO".into()),
            special_taxpayer: None,
            keeps_accounts: true,
            withholding_agent: None,
            regime: Regime::RimpeEmprendedor,
        },
        establishment: "001".into(),
        emission_point: "002".into(),
        sequential,
        issue_date,
        numeric_code: Some("12345678".into()),
        access_key: None,
    }
}

pub fn item(code: &str, description: &str, qty: &str, price: &str, iva: &str) -> Item {
    Item {
        main_code: Some(code.into()),
        aux_code: None,
        description: description.into(),
        unit: None,
        quantity: d(qty),
        unit_price: d(price),
        discount: Decimal::ZERO,
        iva: iva.into(),
        ice: None,
        irbpnr_bottles: None,
        details: vec![],
    }
}

pub fn invoice_struct() -> Invoice {
    let mut rice = item("P001", "Arroz «Flor» 2 kg", "2", "2.456789", "4");
    rice.discount = d("0.10");
    rice.unit = Some("funda".into());
    rice.details = vec![NameValue {
        name: "Lote".into(),
        value: "A-1".into(),
    }];
    let mut soda = item("P002", "Gaseosa cola 500 ml", "12", "0.35", "4");
    soda.ice = Some(IceTax {
        code: "3053".into(),
        tariff: d("10"),
        mode: IceMode::AdValorem,
        units: None,
    });
    soda.irbpnr_bottles = Some(12);
    let bread = item("P003", "Pan integral", "1.5", "1.20", "0");
    let mut inv = Invoice {
        version: InvoiceVersion::V2_1_0,
        header: header(123, date(2024, 5, 10)),
        buyer: Buyer {
            id_type: IdType::Cedula,
            id: "1710034065".into(),
            name: "JUAN PÉREZ & HIJOS".into(),
            address: Some("AV. 10 DE AGOSTO <N23>".into()),
        },
        remission_guide: None,
        items: vec![rice, soda, bread],
        global_discount: d("0.50"),
        tip: d("0.50"),
        currency: "DOLAR".into(),
        payments: vec![],
        additional_info: vec![
            NameValue {
                name: "Email".into(),
                value: "juan@example.com".into(),
            },
            NameValue {
                name: "Teléfono".into(),
                value: "0999999999".into(),
            },
        ],
        expected_total: None,
    };
    let totals = crate::domain::totals::compute(&inv.items, inv.global_discount, inv.tip)
        .map(|t| t.total)
        .unwrap_or_default();
    inv.payments = vec![Payment {
        method: "01".into(),
        amount: totals,
        term: None,
        time_unit: None,
    }];
    inv
}

/// Clave of the fixture invoice (the guía's sustento).
pub fn invoice_clave() -> String {
    let h = header(123, date(2024, 5, 10));
    crate::sri::clave::ClaveAcceso::build(&crate::sri::clave::ClaveParts {
        issue_date: h.issue_date,
        doc_type: crate::sri::catalog::DocType::Factura,
        ruc: h.issuer.ruc,
        environment: h.environment,
        establishment: h.establishment,
        emission_point: h.emission_point,
        sequential: h.sequential,
        numeric_code: "12345678".into(),
    })
    .map(|c| c.to_string())
    .unwrap_or_default()
}

pub fn invoice() -> Comprobante {
    Comprobante::Invoice(invoice_struct())
}

pub fn credit_note() -> Comprobante {
    let mut line = item("P001", "Arroz «Flor» 2 kg", "1", "2.456789", "4");
    line.aux_code = Some("7861234500012".into());
    Comprobante::CreditNote(CreditNote {
        header: header(7, date(2024, 5, 12)),
        buyer: Buyer {
            id_type: IdType::Ruc,
            id: "1714307103001".into(),
            name: "FERRETERÍA EL TORNILLO".into(),
            address: None,
        },
        modified_document: ModifiedDocument {
            doc_type: "01".into(),
            number: "001-002-000000123".into(),
            issue_date: date(2024, 5, 10),
        },
        reason: "Devolución de mercadería en mal estado".into(),
        items: vec![line],
        global_discount: Decimal::ZERO,
        currency: "DOLAR".into(),
        additional_info: vec![NameValue {
            name: "Email".into(),
            value: "compras@tornillo.ec".into(),
        }],
        expected_total: Some(d("2.83")),
    })
}

pub fn guide() -> Comprobante {
    Comprobante::DeliveryGuide(DeliveryGuide {
        header: header(45, date(2024, 5, 10)),
        departure_address: "BODEGA CENTRAL, PANAMERICANA NORTE KM 5, QUITO".into(),
        carrier: Carrier {
            id_type: IdType::Ruc,
            id: "1790016919001".into(),
            name: "TRANSPORTES ANDINOS CIA. LTDA.".into(),
        },
        plate: "PBA-1234".into(),
        transport_start: date(2024, 5, 10),
        transport_end: date(2024, 5, 11),
        recipients: vec![Recipient {
            id: "1710034065".into(),
            name: "JUAN PÉREZ".into(),
            address: "AV. 9 DE OCTUBRE 100, GUAYAQUIL".into(),
            transfer_reason: "VENTA".into(),
            customs_document: None,
            destination_establishment: None,
            route: Some("QUITO - GUAYAQUIL".into()),
            support_document: Some(SupportDocument {
                doc_type: "01".into(),
                number: "001-002-000000123".into(),
                authorization: Some(invoice_clave()),
                issue_date: Some(date(2024, 5, 10)),
            }),
            items: vec![
                GuideItem {
                    internal_code: Some("P001".into()),
                    extra_code: None,
                    description: "Arroz «Flor» 2 kg".into(),
                    quantity: d("20"),
                    details: vec![NameValue {
                        name: "Peso".into(),
                        value: "40 kg".into(),
                    }],
                },
                GuideItem {
                    internal_code: Some("P003".into()),
                    extra_code: None,
                    description: "Pan integral".into(),
                    quantity: d("1.5"),
                    details: vec![],
                },
            ],
        }],
        additional_info: vec![],
    })
}

/// Indents compact XML for readable snapshots (the engine never writes whitespace).
/// A retención on one supplier factura: renta 312 at 1.75 % on the base and 30 % of its IVA
/// (code 1), the fixtures' company being a withholding agent.
pub fn withholding_struct() -> Withholding {
    let mut header = header(12, date(2024, 5, 12));
    header.issuer.withholding_agent = Some("1".into());
    header.issuer.regime = Regime::General;
    Withholding {
        header,
        subject: Buyer {
            id_type: IdType::Ruc,
            id: "1714307103001".into(),
            name: "FERRETERÍA EL TORNILLO".into(),
            address: None,
        },
        related_party: false,
        documents: vec![WithheldDocument {
            sustento: "01".into(),
            doc_type: "01".into(),
            number: "001-002-000000456".into(),
            issue_date: date(2024, 5, 10),
            authorization: Some(invoice_clave()),
            paid_abroad: false,
            total_without_taxes: d("100.00"),
            total: d("115.00"),
            taxes: vec![SupportTax {
                iva: "4".into(),
                base: d("100.00"),
                value: d("15.00"),
            }],
            withholdings: vec![
                WithheldTax {
                    kind: WithheldTaxKind::Renta,
                    code: "312".into(),
                    base: d("100.00"),
                    percent: d("1.75"),
                },
                WithheldTax {
                    kind: WithheldTaxKind::Iva,
                    code: "1".into(),
                    base: d("15.00"),
                    percent: d("30"),
                },
            ],
            payments: vec![Payment {
                method: "20".into(),
                amount: d("115.00"),
                term: None,
                time_unit: None,
            }],
        }],
        additional_info: vec![NameValue {
            name: "Email".into(),
            value: "compras@tornillo.ec".into(),
        }],
    }
}

pub fn withholding() -> Comprobante {
    Comprobante::Withholding(withholding_struct())
}

pub fn pretty(xml: &str) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    let mut prev_open = false;
    let mut rest = xml;
    while !rest.is_empty() {
        if rest.starts_with('<') {
            let end = rest.find('>').map_or(rest.len(), |i| i + 1);
            let tag = &rest[..end];
            rest = &rest[end..];
            if tag.starts_with("<?") {
                out.push_str(tag);
                rest = rest.trim_start();
            } else if tag.starts_with("</") {
                depth = depth.saturating_sub(1);
                if !prev_open {
                    out.push('\n');
                    out.push_str(&"  ".repeat(depth));
                }
                out.push_str(tag);
                prev_open = false;
            } else {
                out.push('\n');
                out.push_str(&"  ".repeat(depth));
                out.push_str(tag);
                depth += 1;
                prev_open = true;
            }
        } else {
            let end = rest.find('<').unwrap_or(rest.len());
            out.push_str(&rest[..end]);
            rest = &rest[end..];
        }
    }
    out.push('\n');
    out
}

/// insta settings with stable snapshot file names (no crate/module prefix, so the
/// snapshots keep working when the module moves to another crate).
pub fn snapshots() -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_prepend_module_to_snapshot(false);
    s
}
