//! What the views of every header-plus-lines sales document (sales note, factura, quote, credit
//! note, the restaurant's bill) share, whichever area they are in: totals of stored lines, the
//! buyer, the user's name, the SRI document — and a stored sale's whole view ([`sale`]). A new
//! document type's controller is its routes (answered with [`super::answer`]) and its own view,
//! built from these.

pub mod sale;

use rust_decimal::Decimal;

use crate::db::DbConnection;
use crate::domain::money::from_micros;
use crate::domain::totals;
use crate::error::AppResult;
use crate::models::CompanyId;
use crate::models::inventory::kardex::KardexRow;
use crate::models::sales::client::Client;
use crate::models::sales::note::SaleLine;
use crate::models::sri::document::SriDocument;
use crate::models::sri::message::SriDocumentMessage;
use crate::sri::queue;
use crate::util::time::Zone;
use crate::views::sales::note::{DocumentTotalsView, SaleClientView};

/// The totals of stored lines, through the one totals calculation.
pub fn stored_totals(lines: &[SaleLine]) -> DocumentTotalsView {
    let taxable: Vec<totals::Line> = lines
        .iter()
        .map(|l| totals::Line {
            quantity: from_micros(l.quantity),
            unit_price: from_micros(l.unit_price),
            discount: from_micros(l.discount + l.promotion_discount),
            iva: l.iva_code.clone(),
            ice: None,
            irbpnr_bottles: None,
        })
        .collect();
    let shares: Vec<Decimal> = lines.iter().map(|l| from_micros(l.iva)).collect();
    totals_view(
        totals::compute(&taxable, Decimal::ZERO, Decimal::ZERO)
            .ok()
            .map(|t| t.with_stored_iva(&shares)),
    )
}

/// The view of computed totals; zeros when they did not compute (stored lines were computed by
/// the same function, so they always compute again).
fn totals_view(totals: Option<totals::Totals>) -> DocumentTotalsView {
    match totals {
        Some(t) => DocumentTotalsView::from(&t),
        None => DocumentTotalsView {
            gross: "0.00".into(),
            discount: "0.00".into(),
            subtotal: "0.00".into(),
            groups: Vec::new(),
            iva: "0.00".into(),
            total: "0.00".into(),
        },
    }
}

/// The buyer as shown; a removed client shows its id `id` only.
pub fn client_view(client: Option<&Client>, id: i64) -> SaleClientView {
    SaleClientView {
        id,
        id_type: client.map(|c| c.id_type.clone()).unwrap_or_default(),
        identification: client.map(|c| c.identification.clone()).unwrap_or_default(),
        name: client.map(|c| c.name.clone()).unwrap_or_default(),
        address: client.and_then(|c| c.address.clone()),
        email: client.and_then(|c| c.email.clone()),
        phone: client.and_then(|c| c.phone.clone()),
    }
}

/// The name of the user who registered a document ("" for a removed user).
pub fn user_name(conn: &mut DbConnection, company: CompanyId, user_id: i64) -> AppResult<String> {
    Ok(KardexRow::user_names(conn, company, &[user_id])?
        .remove(&user_id)
        .unwrap_or_default())
}

/// The view of an electronic document: `base` (a sale's or a credit note's view) with where its
/// SRI document `document_id` is and the SRI's messages, built by `view` (`InvoiceView::new`,
/// `ElectronicCreditNoteView::new`) with its times in the company's `zone`.
pub fn with_sri_document<B, V>(
    conn: &mut DbConnection,
    company: CompanyId,
    zone: Zone,
    base: B,
    document_id: Option<i64>,
    view: fn(B, Option<&SriDocument>, &[SriDocumentMessage], Zone) -> V,
) -> AppResult<V> {
    let (document, messages) = sri_document(conn, company, document_id)?;
    Ok(view(base, document.as_ref(), &messages, zone))
}

/// The SRI document `document_id` of an electronic document (a factura, a nota de crédito) with
/// the SRI's messages about it; none without one.
pub fn sri_document(
    conn: &mut DbConnection,
    company: CompanyId,
    document_id: Option<i64>,
) -> AppResult<(Option<SriDocument>, Vec<SriDocumentMessage>)> {
    let document = match document_id {
        Some(id) => queue::find(conn, company, id)?,
        None => None,
    };
    let messages = match &document {
        Some(d) => queue::messages(conn, d.id)?,
        None => Vec::new(),
    };
    Ok((document, messages))
}
