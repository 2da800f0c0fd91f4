//! Data of the RIDE pages, built from the stored electronic document: the model it was signed
//! from (`document_json`), its amounts from the engine's one calculation
//! ([`crate::domain::totals::compute`]), its SRI state, and the company's logo.
//!
//! Routes (`ui/src/features/ebilling/routes.ts`): `/tickets/factura/{id}/A4SRI`,
//! `/tickets/factura/{id}/Ticket80`, `/tickets/notaCredito/{id}/A4SRI`,
//! `/tickets/notaCredito/{id}/Ticket80` (`{id}` = `sri_documents.id`; a document of another
//! company or of the other type is 404) and `/admin/ebilling/RIDE/{accessKey}`.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use chrono::DateTime;
use rust_decimal::Decimal;

use crate::auth::roles::Tenant;
use crate::controllers::page_loader::Loaders;
use crate::db::DbConnection;
use crate::domain::code128;
use crate::domain::money::{fmt_qty, fmt_tariff, fmt2};
use crate::domain::taxes::TaxKind;
use crate::domain::totals::{self, TaxGroup, Totals};
use crate::error::{AppError, AppResult};
use crate::models::CompanyId;
use crate::models::config::company::Company;
use crate::models::sri::document::SriDocument;
use crate::sri::catalog::{DocType, Environment, payment_method};
use crate::sri::model::{Buyer, Comprobante, Header, Item, NameValue};
use crate::sri::queue::DocumentStatus;
use crate::util::time::ZONE;
use crate::views::ride::{
    BarcodeView, RideBuyerView, RideIssuerView, RideLineView, RideModifiedView, RideNameValue,
    RidePage, RidePaymentView, RideTotalRow, RideView,
};

/// 404 of a RIDE that is not the company's (or not of the route's type).
pub const NOT_FOUND: &str = "No se encontró el comprobante electrónico";

/// Route ids of the printable RIDEs with their document type and format.
pub const PRINTABLES: [(&str, DocType, &str); 4] = [
    ("ride-factura-a4", DocType::Factura, "A4SRI"),
    ("ride-factura-ticket", DocType::Factura, "Ticket80"),
    ("ride-credit-note-a4", DocType::NotaCredito, "A4SRI"),
    ("ride-credit-note-ticket", DocType::NotaCredito, "Ticket80"),
];

/// The loader of each RIDE page, by route id.
pub const LOADERS: Loaders = &[
    ("ride-factura-a4", |ctx| {
        ctx.tenant(|conn, tenant, query| {
            printable(conn, tenant, DocType::Factura, query.param("id"))
        })
    }),
    ("ride-factura-ticket", |ctx| {
        ctx.tenant(|conn, tenant, query| {
            printable(conn, tenant, DocType::Factura, query.param("id"))
        })
    }),
    ("ride-credit-note-a4", |ctx| {
        ctx.tenant(|conn, tenant, query| {
            printable(conn, tenant, DocType::NotaCredito, query.param("id"))
        })
    }),
    ("ride-credit-note-ticket", |ctx| {
        ctx.tenant(|conn, tenant, query| {
            printable(conn, tenant, DocType::NotaCredito, query.param("id"))
        })
    }),
    ("ebilling-ride", |ctx| {
        ctx.tenant(|conn, tenant, query| by_access_key(conn, tenant, query.param("accessKey")))
    }),
];

/// The company's document `param` (digits) of type `kind`, else 404.
pub fn document_of(
    conn: &mut DbConnection,
    company: CompanyId,
    kind: DocType,
    param: &str,
) -> AppResult<SriDocument> {
    let id = param
        .parse::<i64>()
        .map_err(|_| AppError::NotFound(NOT_FOUND.into()))?;
    SriDocument::find_for_company(conn, company, id)?
        .filter(|doc| doc.doc_type == kind.code())
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))
}

/// Data of a printable RIDE (`/tickets/{factura|notaCredito}/{id}/…`).
pub fn printable(
    conn: &mut DbConnection,
    tenant: &Tenant,
    kind: DocType,
    param: &str,
) -> AppResult<RidePage> {
    let doc = document_of(conn, tenant.company, kind, param)?;
    Ok(RidePage {
        ride: ride_view(conn, tenant.company, &doc)?,
    })
}

/// Data of `/admin/ebilling/RIDE/{accessKey}`: a factura or nota de crédito of the company.
pub fn by_access_key(conn: &mut DbConnection, tenant: &Tenant, key: &str) -> AppResult<RidePage> {
    let doc = SriDocument::find_by_access_key(conn, tenant.company, key)?
        .filter(|d| {
            d.doc_type == DocType::Factura.code() || d.doc_type == DocType::NotaCredito.code()
        })
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
    Ok(RidePage {
        ride: ride_view(conn, tenant.company, &doc)?,
    })
}

/// Spanish name of a stored status, for the «aún no autorizado» notice.
fn status_label(status: &str) -> &'static str {
    match DocumentStatus::parse(status) {
        Some(DocumentStatus::Signed) => "FIRMADO",
        Some(DocumentStatus::Sending) => "ENVIANDO",
        Some(DocumentStatus::Received) => "RECIBIDA",
        Some(DocumentStatus::InProcess) => "EN PROCESO",
        Some(DocumentStatus::Authorized) => "AUTORIZADO",
        Some(DocumentStatus::NotAuthorized) => "NO AUTORIZADO",
        Some(DocumentStatus::Returned) => "DEVUELTA",
        None => "DESCONOCIDO",
    }
}

/// `dd/mm/aaaa`.
fn date_text(date: chrono::NaiveDate) -> String {
    date.format("%d/%m/%Y").to_string()
}

/// The SRI's `fechaAutorizacion` (with its offset) as `dd/mm/aaaa hh:mm:ss` in Ecuador; the raw
/// text when it does not parse.
fn authorization_date_text(raw: &str) -> String {
    DateTime::parse_from_rfc3339(raw)
        .map(|t| {
            t.with_timezone(&ZONE)
                .format("%d/%m/%Y %H:%M:%S")
                .to_string()
        })
        .unwrap_or_else(|_| raw.to_string())
}

fn pairs(values: &[NameValue]) -> Vec<RideNameValue> {
    values
        .iter()
        .map(|nv| RideNameValue {
            name: nv.name.clone(),
            value: nv.value.clone(),
        })
        .collect()
}

/// The RIDE of a stored factura or nota de crédito.
pub fn ride_view(
    conn: &mut DbConnection,
    company: CompanyId,
    doc: &SriDocument,
) -> AppResult<RideView> {
    let comprobante = Comprobante::from_json(&doc.document_json)
        .map_err(|e| AppError::Internal(anyhow::anyhow!("documento {}: {e}", doc.id)))?;
    let logo = Company::logo(conn, company)?
        .map(|(bytes, kind)| format!("data:{kind};base64,{}", STANDARD.encode(bytes)));
    let (
        header,
        buyer,
        items,
        global_discount,
        tip,
        kind,
        remission_guide,
        modified,
        payments,
        info,
    ) = match &comprobante {
        Comprobante::Invoice(inv) => (
            &inv.header,
            &inv.buyer,
            &inv.items,
            inv.global_discount,
            inv.tip,
            DocType::Factura,
            inv.remission_guide.clone(),
            None,
            inv.payments
                .iter()
                .map(|p| RidePaymentView {
                    code: p.method.clone(),
                    label: payment_method(&p.method)
                        .map_or_else(|| p.method.clone(), |m| m.label.to_string()),
                    amount: fmt2(p.amount),
                    term: p.term.map(fmt_tariff),
                    time_unit: p.time_unit.clone(),
                })
                .collect(),
            &inv.additional_info,
        ),
        Comprobante::CreditNote(nc) => (
            &nc.header,
            &nc.buyer,
            &nc.items,
            nc.global_discount,
            Decimal::ZERO,
            DocType::NotaCredito,
            None,
            Some(RideModifiedView {
                doc_type: DocType::from_code(&nc.modified_document.doc_type).map_or_else(
                    || nc.modified_document.doc_type.clone(),
                    |t| t.label().to_string(),
                ),
                number: nc.modified_document.number.clone(),
                issue_date: date_text(nc.modified_document.issue_date),
                reason: nc.reason.clone(),
            }),
            Vec::new(),
            &nc.additional_info,
        ),
        Comprobante::DeliveryGuide(_) => return Err(AppError::NotFound(NOT_FOUND.into())),
    };
    let amounts = totals::compute(items, global_discount, tip).map_err(|errors| {
        AppError::Internal(anyhow::anyhow!("documento {}: {errors:?}", doc.id))
    })?;
    let barcode = code128::encode_digits(&doc.access_key)
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("clave de acceso inválida")))?;
    let authorized = doc.status == DocumentStatus::Authorized.as_str();
    Ok(RideView {
        document_id: doc.id,
        kind: match kind {
            DocType::NotaCredito => "notaCredito",
            _ => "factura",
        }
        .into(),
        title: kind.label().into(),
        number: format!(
            "{}-{}-{:09}",
            header.establishment, header.emission_point, header.sequential
        ),
        access_key: doc.access_key.clone(),
        status: doc.status.clone(),
        authorized,
        status_label: status_label(&doc.status).into(),
        authorization_number: doc.authorization_number.clone().filter(|_| authorized),
        authorization_date: doc
            .authorization_date
            .as_deref()
            .filter(|_| authorized)
            .map(authorization_date_text),
        environment: environment_label(header),
        emission: "NORMAL".into(),
        issue_date: date_text(header.issue_date),
        issuer: issuer_view(header, logo),
        buyer: buyer_view(buyer),
        remission_guide,
        modified,
        lines: lines(items, &amounts),
        totals: total_rows(&amounts),
        total: fmt2(amounts.total),
        payments,
        additional_info: pairs(info),
        barcode: BarcodeView {
            width: i64::try_from(barcode.width).unwrap_or(i64::MAX),
            path: barcode.path,
        },
    })
}

fn environment_label(header: &Header) -> String {
    match header.environment {
        Environment::Pruebas => "PRUEBAS",
        Environment::Produccion => "PRODUCCIÓN",
    }
    .into()
}

fn issuer_view(header: &Header, logo: Option<String>) -> RideIssuerView {
    let issuer = &header.issuer;
    RideIssuerView {
        ruc: issuer.ruc.clone(),
        legal_name: issuer.legal_name.clone(),
        trade_name: issuer.trade_name.clone(),
        head_office_address: issuer.head_office_address.clone(),
        branch_address: issuer.branch_address.clone(),
        special_taxpayer: issuer.special_taxpayer.clone(),
        keeps_accounts: if issuer.keeps_accounts { "SI" } else { "NO" }.into(),
        withholding_agent: issuer.withholding_agent.clone(),
        rimpe_legend: issuer.regime.legend().map(str::to_string),
        logo,
    }
}

fn buyer_view(buyer: &Buyer) -> RideBuyerView {
    RideBuyerView {
        name: buyer.name.clone(),
        id_type: buyer.id_type.label().into(),
        id: buyer.id.clone(),
        address: buyer.address.clone(),
    }
}

fn lines(items: &[Item], amounts: &Totals) -> Vec<RideLineView> {
    items
        .iter()
        .zip(&amounts.lines)
        .map(|(item, line)| RideLineView {
            main_code: item.main_code.clone(),
            aux_code: item.aux_code.clone(),
            quantity: fmt_qty(item.quantity),
            description: item.description.clone(),
            details: pairs(&item.details),
            unit_price: fmt_qty(item.unit_price),
            discount: fmt2(line.discount),
            total: fmt2(line.net),
        })
        .collect()
}

/// Label of the subtotal of an IVA group («SUBTOTAL 15 %», «SUBTOTAL NO OBJETO DE IVA»…).
fn subtotal_label(code: &str, tariff: Decimal) -> String {
    match code {
        "6" => "SUBTOTAL NO OBJETO DE IVA".into(),
        "7" => "SUBTOTAL EXENTO DE IVA".into(),
        _ => format!("SUBTOTAL {} %", fmt_tariff(tariff)),
    }
}

/// The «SUBTOTAL 15 %» of IVA group `group`: the sum of `precioTotalSinImpuesto` of its lines.
/// Not the group's `baseImponible`, which also carries the lines' ICE (ICE is part of the IVA
/// base, sri.md §5.3): the RIDE shows the ICE on its own row, so the subtotals per rate add up to
/// the SUBTOTAL SIN IMPUESTOS, as on the SRI's own RIDE.
fn subtotal(amounts: &Totals, group: &TaxGroup) -> Decimal {
    amounts
        .lines
        .iter()
        .filter(|line| {
            line.taxes
                .iter()
                .any(|t| t.kind == TaxKind::Iva && t.code == group.code)
        })
        .map(|line| line.net)
        .sum()
}

/// The totals block in the order of the SRI's models (Anexo 2): subtotals by IVA rate (highest
/// rate first, then 0 %, no objeto, exento; without ICE), subtotal without taxes, discount, ICE,
/// IVA by rate (on the base with ICE), IRBPNR, propina and the total. Rows without amounts are
/// left out (Anexo 2 notes), except the subtotal, the discount and the total.
fn total_rows(amounts: &Totals) -> Vec<RideTotalRow> {
    let row = |label: String, value: Decimal| RideTotalRow {
        label,
        value: fmt2(value),
    };
    let mut iva: Vec<_> = amounts
        .groups
        .iter()
        .filter(|g| g.kind == TaxKind::Iva)
        .collect();
    // Taxed rates (highest first), then 0 %, no objeto (6), exento (7).
    iva.sort_by_key(|g| {
        let special = match g.code.as_str() {
            "0" => 1,
            "6" => 2,
            "7" => 3,
            _ => 0,
        };
        (special, std::cmp::Reverse(g.tariff))
    });
    let mut rows: Vec<RideTotalRow> = iva
        .iter()
        .map(|g| (g, subtotal(amounts, g)))
        .filter(|(_, subtotal)| !subtotal.is_zero())
        .map(|(g, subtotal)| row(subtotal_label(&g.code, g.tariff), subtotal))
        .collect();
    rows.push(row(
        "SUBTOTAL SIN IMPUESTOS".into(),
        amounts.total_without_taxes,
    ));
    rows.push(row("TOTAL DESCUENTO".into(), amounts.total_discount));
    if !amounts.ice.is_zero() {
        rows.push(row("ICE".into(), amounts.ice));
    }
    rows.extend(
        iva.iter()
            .filter(|g| g.tariff > Decimal::ZERO && !g.base.is_zero())
            .map(|g| row(format!("IVA {} %", fmt_tariff(g.tariff)), g.value)),
    );
    if !amounts.irbpnr.is_zero() {
        rows.push(row("IRBPNR".into(), amounts.irbpnr));
    }
    if !amounts.tip.is_zero() {
        rows.push(row("PROPINA".into(), amounts.tip));
    }
    rows.push(row("VALOR TOTAL".into(), amounts.total));
    rows
}
