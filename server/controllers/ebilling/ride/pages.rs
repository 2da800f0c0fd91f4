//! Data of the RIDE pages, built from the stored electronic document: the model it was signed
//! from (`document_json`), its amounts from the engine's one calculation
//! ([`crate::domain::totals::compute`]), its SRI state, and the company's logo.
//!
//! Routes (`ui/src/features/ebilling/routes.ts`): `/tickets/factura/{id}/A4SRI`,
//! `/tickets/factura/{id}/Ticket80`, `/tickets/notaCredito/{id}/A4SRI`,
//! `/tickets/notaCredito/{id}/Ticket80`, `/tickets/guiaRemision/{id}/A4SRI`,
//! `/tickets/retencion/{id}/A4SRI` (`{id}` = `sri_documents.id`; a document of another
//! company or of the other type is 404) and `/admin/ebilling/RIDE/{accessKey}`.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use chrono::DateTime;
use rust_decimal::Decimal;

use crate::auth::roles::{self, Tenant};
use crate::controllers::page_loader::Loaders;
use crate::db::DbConnection;
use crate::domain::code128;
use crate::domain::document_status::DocumentStatus;
use crate::domain::money::{fmt_qty, fmt_tariff, fmt2};
use crate::domain::taxes::TaxKind;
use crate::domain::totals::{self, TaxGroup, Totals};
use crate::error::{AppError, AppResult};
use crate::models::CompanyId;
use crate::models::config::company::Company;
use crate::models::sri::document::SriDocument;
use crate::sri::catalog::{DocType, Environment, payment_method};
use crate::sri::model::{
    Buyer, Comprobante, DeliveryGuide, Header, Item, NameValue, WithheldTaxKind, Withholding,
};
use crate::util::time::Zone;
use crate::views::ride::{
    BarcodeView, RideBuyerView, RideCarrierView, RideGuideLineView, RideGuideView, RideIssuerView,
    RideLineView, RideModifiedView, RideNameValue, RidePage, RidePaymentView, RideRecipientView,
    RideTotalRow, RideView, RideWithheldView, RideWithholdingView,
};
use crate::views::route_id::RouteId;

/// 404 of a RIDE that is not the company's (or not of the route's type).
pub const NOT_FOUND: &str = "No se encontró el comprobante electrónico";

/// Route ids of the printable RIDEs with their document type and format.
pub const PRINTABLES: [(RouteId, DocType, &str); 6] = [
    (RouteId::RideFacturaA4, DocType::Factura, "A4SRI"),
    (RouteId::RideFacturaTicket, DocType::Factura, "Ticket80"),
    (RouteId::RideCreditNoteA4, DocType::NotaCredito, "A4SRI"),
    (
        RouteId::RideCreditNoteTicket,
        DocType::NotaCredito,
        "Ticket80",
    ),
    (RouteId::RideGuideA4, DocType::GuiaRemision, "A4SRI"),
    (RouteId::RideWithholdingA4, DocType::Retencion, "A4SRI"),
];

/// The loader of each RIDE page, by route id.
pub const LOADERS: Loaders = &[
    (RouteId::RideFacturaA4, |ctx| {
        ctx.tenant(|conn, tenant, query| {
            printable(conn, tenant, DocType::Factura, query.param("id"))
        })
    }),
    (RouteId::RideFacturaTicket, |ctx| {
        ctx.tenant(|conn, tenant, query| {
            printable(conn, tenant, DocType::Factura, query.param("id"))
        })
    }),
    (RouteId::RideCreditNoteA4, |ctx| {
        ctx.tenant(|conn, tenant, query| {
            printable(conn, tenant, DocType::NotaCredito, query.param("id"))
        })
    }),
    (RouteId::RideCreditNoteTicket, |ctx| {
        ctx.tenant(|conn, tenant, query| {
            printable(conn, tenant, DocType::NotaCredito, query.param("id"))
        })
    }),
    (RouteId::RideGuideA4, |ctx| {
        ctx.tenant(|conn, tenant, query| {
            printable(conn, tenant, DocType::GuiaRemision, query.param("id"))
        })
    }),
    (RouteId::RideWithholdingA4, |ctx| {
        ctx.tenant(|conn, tenant, query| {
            printable(conn, tenant, DocType::Retencion, query.param("id"))
        })
    }),
    (RouteId::EbillingRide, |ctx| {
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

/// Data of a printable RIDE (`/tickets/{factura|notaCredito|guiaRemision}/{id}/…`).
pub fn printable(
    conn: &mut DbConnection,
    tenant: &Tenant,
    kind: DocType,
    param: &str,
) -> AppResult<RidePage> {
    let doc = document_of(conn, tenant.company, kind, param)?;
    may_see(tenant, &doc)?;
    Ok(RidePage {
        ride: ride_view(conn, tenant.company, &doc)?,
    })
}

/// 403 for a cashier on a retención's RIDE: retenciones are admin's and user's.
fn may_see(tenant: &Tenant, doc: &SriDocument) -> AppResult<()> {
    if doc.doc_type == DocType::Retencion.code() && !roles::ADMIN_USER.contains(&tenant.role()) {
        return Err(AppError::Forbidden(roles::FORBIDDEN.into()));
    }
    Ok(())
}

/// Whether `doc` is of a type that has a RIDE here (factura, nota de crédito, guía de remisión,
/// comprobante de retención).
pub fn has_ride(doc: &SriDocument) -> bool {
    [
        DocType::Factura,
        DocType::NotaCredito,
        DocType::GuiaRemision,
        DocType::Retencion,
    ]
    .iter()
    .any(|t| doc.doc_type == t.code())
}

/// Data of `/admin/ebilling/RIDE/{accessKey}`: a factura, nota de crédito or guía de remisión of
/// the company.
pub fn by_access_key(conn: &mut DbConnection, tenant: &Tenant, key: &str) -> AppResult<RidePage> {
    let doc = SriDocument::find_by_access_key(conn, tenant.company, key)?
        .filter(has_ride)
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
    may_see(tenant, &doc)?;
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

/// The SRI's `fechaAutorizacion` (with its offset) as `dd/mm/aaaa hh:mm:ss` in the company's
/// `zone`; the raw text when it does not parse.
fn authorization_date_text(raw: &str, zone: Zone) -> String {
    DateTime::parse_from_rfc3339(raw)
        .map(|t| {
            t.with_timezone(&zone.0)
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

/// The kind of a document (the segment of its printable routes).
pub fn kind_segment(kind: DocType) -> &'static str {
    match kind {
        DocType::NotaCredito => "notaCredito",
        DocType::GuiaRemision => "guiaRemision",
        DocType::Retencion => "retencion",
        _ => "factura",
    }
}

/// The RIDE of a stored factura, nota de crédito or guía de remisión.
pub fn ride_view(
    conn: &mut DbConnection,
    company: CompanyId,
    doc: &SriDocument,
) -> AppResult<RideView> {
    let comprobante = Comprobante::from_json(&doc.document_json)
        .map_err(|e| AppError::Internal(anyhow::anyhow!("documento {}: {e}", doc.id)))?;
    let zone = Company::zone(conn, company)?;
    let logo = Company::logo(conn, company)?
        .map(|(bytes, kind)| format!("data:{kind};base64,{}", STANDARD.encode(bytes)));
    let barcode = code128::encode_digits(&doc.access_key)
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("clave de acceso inválida")))?;
    let authorized = doc.status == DocumentStatus::Authorized.as_str();
    let header = comprobante.header();
    let kind = comprobante.doc_type();
    let mut view = RideView {
        document_id: doc.id,
        kind: kind_segment(kind).into(),
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
            .map(|raw| authorization_date_text(raw, zone)),
        environment: environment_label(header),
        emission: "NORMAL".into(),
        issue_date: date_text(header.issue_date),
        issuer: issuer_view(header, logo),
        buyer: None,
        guide: None,
        remission_guide: None,
        modified: None,
        withholding: None,
        lines: Vec::new(),
        totals: Vec::new(),
        total: String::new(),
        payments: Vec::new(),
        additional_info: Vec::new(),
        barcode: BarcodeView {
            width: i64::try_from(barcode.width).unwrap_or(i64::MAX),
            path: barcode.path,
        },
    };
    let (items, global_discount, tip) = match &comprobante {
        Comprobante::Invoice(inv) => {
            view.buyer = Some(buyer_view(&inv.buyer));
            view.remission_guide = inv.remission_guide.clone();
            view.payments = inv
                .payments
                .iter()
                .map(|p| RidePaymentView {
                    code: p.method.clone(),
                    label: payment_method(&p.method)
                        .map_or_else(|| p.method.clone(), |m| m.label.to_string()),
                    amount: fmt2(p.amount),
                    term: p.term.map(fmt_tariff),
                    time_unit: p.time_unit.clone(),
                })
                .collect();
            view.additional_info = pairs(&inv.additional_info);
            (&inv.items, inv.global_discount, inv.tip)
        }
        Comprobante::CreditNote(nc) => {
            view.buyer = Some(buyer_view(&nc.buyer));
            view.modified = Some(RideModifiedView {
                doc_type: DocType::from_code(&nc.modified_document.doc_type).map_or_else(
                    || nc.modified_document.doc_type.clone(),
                    |t| t.label().to_string(),
                ),
                number: nc.modified_document.number.clone(),
                issue_date: date_text(nc.modified_document.issue_date),
                reason: nc.reason.clone(),
            });
            view.additional_info = pairs(&nc.additional_info);
            (&nc.items, nc.global_discount, Decimal::ZERO)
        }
        Comprobante::DeliveryGuide(guide) => {
            view.guide = Some(guide_view(guide));
            view.additional_info = pairs(&guide.additional_info);
            return Ok(view);
        }
        Comprobante::Withholding(retention) => {
            view.withholding = Some(withholding_view(retention));
            view.additional_info = pairs(&retention.additional_info);
            return Ok(view);
        }
    };
    let amounts = totals::compute(items, global_discount, tip).map_err(|errors| {
        AppError::Internal(anyhow::anyhow!("documento {}: {errors:?}", doc.id))
    })?;
    view.lines = lines(items, &amounts);
    view.totals = total_rows(&amounts);
    view.total = fmt2(amounts.total);
    Ok(view)
}

/// The sujeto retenido and every tax withheld on each supplier's document, with the retención's
/// fiscal period (its month) and the total withheld.
fn withholding_view(retention: &Withholding) -> RideWithholdingView {
    let period = retention.header.issue_date.format("%m/%Y").to_string();
    let lines = retention
        .documents
        .iter()
        .flat_map(|d| {
            let doc_type = DocType::from_code(&d.doc_type)
                .map_or_else(|| d.doc_type.clone(), |t| t.label().to_string());
            d.withholdings.iter().map(move |w| RideWithheldView {
                doc_type: doc_type.clone(),
                number: d.number.clone(),
                issue_date: date_text(d.issue_date),
                fiscal_period: String::new(),
                base: fmt2(w.base),
                tax: match w.kind {
                    WithheldTaxKind::Renta => "RENTA",
                    WithheldTaxKind::Iva => "IVA",
                    WithheldTaxKind::Isd => "ISD",
                }
                .into(),
                code: w.code.clone(),
                percent: fmt2(w.percent),
                amount: fmt2(w.amount()),
            })
        })
        .map(|mut line| {
            line.fiscal_period.clone_from(&period);
            line
        })
        .collect();
    RideWithholdingView {
        subject: buyer_view(&retention.subject),
        fiscal_period: period,
        lines,
        total: fmt2(retention.total_withheld()),
    }
}

/// The transport and destinatarios of a guía (sri.md §1.6 and §6).
fn guide_view(guide: &DeliveryGuide) -> RideGuideView {
    RideGuideView {
        departure_address: guide.departure_address.clone(),
        carrier: RideCarrierView {
            name: guide.carrier.name.clone(),
            id_type: guide.carrier.id_type.label().into(),
            id: guide.carrier.id.clone(),
        },
        plate: guide.plate.clone(),
        transport_start: date_text(guide.transport_start),
        transport_end: date_text(guide.transport_end),
        recipients: guide
            .recipients
            .iter()
            .map(|r| RideRecipientView {
                name: r.name.clone(),
                id: r.id.clone(),
                address: r.address.clone(),
                reason: r.transfer_reason.clone(),
                destination_establishment: r.destination_establishment.clone(),
                route: r.route.clone(),
                customs_document: r.customs_document.clone(),
                support_document: r.support_document.as_ref().map(|s| {
                    let kind = DocType::from_code(&s.doc_type)
                        .map_or_else(|| s.doc_type.clone(), |t| t.label().to_string());
                    format!("{kind} {}", s.number)
                }),
                support_authorization: r
                    .support_document
                    .as_ref()
                    .and_then(|s| s.authorization.clone()),
                support_date: r
                    .support_document
                    .as_ref()
                    .and_then(|s| s.issue_date)
                    .map(date_text),
                lines: r
                    .items
                    .iter()
                    .map(|item| RideGuideLineView {
                        main_code: item.internal_code.clone(),
                        aux_code: item.extra_code.clone(),
                        quantity: fmt_qty(item.quantity),
                        description: item.description.clone(),
                        details: pairs(&item.details),
                    })
                    .collect(),
            })
            .collect(),
    }
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
