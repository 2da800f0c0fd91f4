//! The views of a stored sale — a sales note, or a factura with where its SRI document is — as the
//! sales screens show it and the restaurant's bill answers it (a bill is a sale).

use super::{client_view, stored_totals, user_name, with_sri_document};
use crate::db::DbConnection;
use crate::domain::money::money_text;
use crate::error::AppResult;
use crate::models::CompanyId;
use crate::models::config::company::Company;
use crate::models::sales::client::Client;
use crate::models::sales::credit_note::CreditNote;
use crate::models::sales::note::{Sale, SaleLine, SalePayment};
use crate::services::sales::note::NewlySold;
use crate::util::time::Zone;
use crate::views::sales::invoice::InvoiceView;
use crate::views::sales::note::{PaymentView, SaleLineView, SaleView};

/// The view of a sale just registered, from what the service kept in memory; its time in the
/// company's `zone`.
pub fn sold_view(sold: &NewlySold, zone: Zone) -> SaleView {
    view_of(
        &sold.sale,
        &sold.lines,
        &sold.payments,
        Some(&sold.client),
        sold.user.clone(),
        0,
        zone,
    )
}

/// The view of a stored sale.
pub fn view(conn: &mut DbConnection, company: CompanyId, sale: &Sale) -> AppResult<SaleView> {
    let zone = Company::zone(conn, company)?;
    view_in(conn, company, sale, zone)
}

/// [`view`] with the company's zone already read.
fn view_in(
    conn: &mut DbConnection,
    company: CompanyId,
    sale: &Sale,
    zone: Zone,
) -> AppResult<SaleView> {
    let lines = Sale::lines(conn, company, sale.id)?;
    let payments = Sale::payments(conn, company, sale.id)?;
    let client = Client::find(conn, company, sale.client_id)?;
    let user = user_name(conn, company, sale.user_id)?;
    let credited = CreditNote::total_of_sale(conn, company, sale.id)?;
    Ok(view_of(
        sale,
        &lines,
        &payments,
        client.as_ref(),
        user,
        credited,
        zone,
    ))
}

/// The view of a sale from its parts (a sale just registered has them all in memory).
fn view_of(
    sale: &Sale,
    lines: &[SaleLine],
    payments: &[SalePayment],
    client: Option<&Client>,
    user: String,
    credited: i64,
    zone: Zone,
) -> SaleView {
    SaleView {
        id: sale.id,
        number: sale.number.clone(),
        date: zone.iso(sale.created_at),
        client: client_view(client, sale.client_id),
        cellar_id: sale.warehouse_id,
        user,
        totals: stored_totals(lines),
        lines: lines.iter().map(SaleLineView::from).collect(),
        payments: payments.iter().map(PaymentView::from).collect(),
        total: money_text(sale.total),
        change: money_text(sale.change_given),
        note: sale.note.clone(),
        credited: money_text(credited),
        quote_id: sale.quote_id,
    }
}

/// The view of a stored factura.
pub fn invoice_view(
    conn: &mut DbConnection,
    company: CompanyId,
    sale: &Sale,
) -> AppResult<InvoiceView> {
    let zone = Company::zone(conn, company)?;
    let sale_view = view_in(conn, company, sale, zone)?;
    with_sri_document(
        conn,
        company,
        zone,
        sale_view,
        sale.sri_document_id,
        InvoiceView::new,
    )
}
