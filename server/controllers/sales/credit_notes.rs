//! `/api/sales/creditNote`: internal credit notes against a sales note. Registering one is the
//! service [`crate::services::sales::credit_note`]; here the body is read, the service called and
//! the credit note shown, with what each line of a sale may still return.

use std::collections::HashMap;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use rust_decimal::Decimal;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::Tenant;
use crate::controllers::answer;
use crate::controllers::documents::stored_totals;
use crate::controllers::records::page_views;
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::domain::money::{money_text, qty_from_micros};
use crate::domain::totals;
use crate::error::{AppError, AppResult};
use crate::http::json::JsonBody;
use crate::http::params::PathId;
use crate::models::CompanyId;
use crate::models::config::company::Company;
use crate::models::inventory::kardex::KardexRow;
use crate::models::sales::client::Client;
use crate::models::sales::credit_note::{CreditNote, CreditNoteLine, KIND_INTERNAL};
use crate::models::sales::note::{Sale, SaleLine};
use crate::services::sales::credit_note::{self, CreditNoteBody};
use crate::services::sales::pricing::micros;
use crate::services::sales::returned::{Portion, taxable};
use crate::util::time::Zone;
use crate::views::sales::credit_note::{CreditNoteLineView, CreditNoteView, ReturnableLineView};
use crate::views::sales::note::SaleLineView;

/// What each line of `sale` may still return.
pub fn returnable(
    conn: &mut DbConnection,
    company: CompanyId,
    sale: &Sale,
) -> AppResult<Vec<ReturnableLineView>> {
    let returned = CreditNote::returned(conn, company, sale.id)?;
    Ok(Sale::lines(conn, company, sale.id)?
        .iter()
        .map(|l| {
            let back = returned.get(&l.id).copied().unwrap_or(0);
            ReturnableLineView {
                sale_line_id: l.id,
                product_id: l.product_id,
                code: l.code.clone(),
                name: l.name.clone(),
                sold: qty_from_micros(l.quantity).to_string(),
                returned: qty_from_micros(back).to_string(),
                returnable: qty_from_micros(l.quantity - back).to_string(),
                unit_price: qty_from_micros(l.unit_price).to_string(),
            }
        })
        .collect())
}

/// The view of a credit note.
pub fn view(
    conn: &mut DbConnection,
    company: CompanyId,
    note: &CreditNote,
) -> AppResult<CreditNoteView> {
    let client_name = Client::find(conn, company, note.client_id)?
        .map(|c| c.name)
        .unwrap_or_default();
    views_of(conn, company, vec![(note.clone(), client_name)])?
        .pop()
        .ok_or_else(crate::error::not_in_table)
}

/// The views of credit notes with their clients' names: what they point at (sales, sale lines,
/// their own lines, users) is read once for all of them, so a page of the list costs the same
/// four queries as one note.
pub fn views_of(
    conn: &mut DbConnection,
    company: CompanyId,
    notes: Vec<(CreditNote, String)>,
) -> AppResult<Vec<CreditNoteView>> {
    let mut sale_ids: Vec<i64> = notes.iter().map(|(n, _)| n.sale_id).collect();
    sale_ids.sort_unstable();
    sale_ids.dedup();
    let mut user_ids: Vec<i64> = notes.iter().map(|(n, _)| n.user_id).collect();
    user_ids.sort_unstable();
    user_ids.dedup();
    let note_ids: Vec<i64> = notes.iter().map(|(n, _)| n.id).collect();
    let sale_numbers = Sale::numbers(conn, company, &sale_ids)?;
    let sale_lines: HashMap<i64, SaleLine> = Sale::lines_of_many(conn, company, &sale_ids)?
        .into_iter()
        .map(|l| (l.id, l))
        .collect();
    let mut lines: HashMap<i64, Vec<CreditNoteLine>> = HashMap::new();
    for line in CreditNote::lines_of_many(conn, company, &note_ids)? {
        lines.entry(line.credit_note_id).or_default().push(line);
    }
    let users = KardexRow::user_names(conn, company, &user_ids)?;
    let zone = Company::zone(conn, company)?;
    Ok(notes
        .into_iter()
        .map(|(note, client_name)| {
            let own = lines.remove(&note.id).unwrap_or_default();
            view_from(
                &note,
                client_name,
                sale_numbers.get(&note.sale_id).cloned().unwrap_or_default(),
                users.get(&note.user_id).cloned().unwrap_or_default(),
                &sale_lines,
                &own,
                zone,
            )
        })
        .collect())
}

/// The view of a credit note from what it points at.
fn view_from(
    note: &CreditNote,
    client_name: String,
    sale_number: String,
    user: String,
    sale_lines: &HashMap<i64, SaleLine>,
    lines: &[CreditNoteLine],
    zone: Zone,
) -> CreditNoteView {
    let portions: Vec<Portion> = lines
        .iter()
        .filter_map(|l| {
            sale_lines.get(&l.sale_line_id).map(|line| Portion {
                line,
                quantity: l.quantity,
            })
        })
        .collect();
    let taxable: Vec<totals::Line> = portions.iter().map(taxable).collect();
    let totals = totals::compute(&taxable, Decimal::ZERO, Decimal::ZERO)
        .map(|t| crate::views::sales::note::DocumentTotalsView::from(&t))
        .unwrap_or_else(|_| stored_totals(&[]));
    CreditNoteView {
        id: note.id,
        number: note.number.clone(),
        date: zone.iso(note.created_at),
        sale_id: note.sale_id,
        sale_number,
        client_name,
        reason: note.reason.clone(),
        refund: note.refund.clone(),
        user,
        lines: lines
            .iter()
            .map(|l| {
                let line = sale_lines.get(&l.sale_line_id);
                CreditNoteLineView {
                    sale_line_id: l.sale_line_id,
                    product_id: l.product_id,
                    code: line.map(|s| s.code.clone()).unwrap_or_default(),
                    name: line.map(|s| s.name.clone()).unwrap_or_default(),
                    quantity: qty_from_micros(l.quantity).to_string(),
                    unit_price: line
                        .map(|s| qty_from_micros(s.unit_price).to_string())
                        .unwrap_or_default(),
                    net: money_text(l.net),
                    iva: money_text(l.iva),
                    total: money_text(l.net + l.iva),
                }
            })
            .collect(),
        totals,
        total: money_text(note.total),
    }
}

/// What `/admin/ventas/notaCredito/{id}` could not find.
pub const NOT_FOUND: &str = "No se encontró la nota de crédito";

/// The internal credit note `id` of the company, else 404 'No se encontró la nota de crédito'.
pub fn find_visible(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<CreditNote> {
    CreditNote::find_of_kind(conn, company, id, KIND_INTERNAL)?
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))
}

/// The printout's lines of credit note `note`: each returned portion in the shape of a sale line
/// (the sold line with the returned quantity, its share of the discounts and the stored net and
/// IVA), so the A4 and the ticket of a sale print it.
pub fn print_lines(
    conn: &mut DbConnection,
    company: CompanyId,
    note: &CreditNote,
) -> AppResult<Vec<SaleLineView>> {
    let sold: HashMap<i64, SaleLine> = Sale::lines(conn, company, note.sale_id)?
        .into_iter()
        .map(|l| (l.id, l))
        .collect();
    let mut out = Vec::new();
    for l in CreditNote::lines_of_many(conn, company, &[note.id])? {
        let Some(line) = sold.get(&l.sale_line_id) else {
            continue;
        };
        let share = taxable(&Portion {
            line,
            quantity: l.quantity,
        })
        .discount;
        out.push(SaleLineView::from(&SaleLine {
            quantity: l.quantity,
            discount: micros(share)?,
            promotion_id: None,
            promotion_name: None,
            promotion_discount: 0,
            net: l.net,
            iva: l.iva,
            ..line.clone()
        }));
    }
    Ok(out)
}

/// `POST /api/sales/creditNote/register`.
pub async fn register(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<CreditNoteBody>,
) -> AppResult<(StatusCode, Json<CreditNoteView>)> {
    answer::created(&state, &auth, move |conn, tenant| {
        let id = credit_note::register(conn, tenant, &body)?;
        let note =
            CreditNote::find(conn, tenant.company, id)?.ok_or_else(crate::error::not_in_table)?;
        view(conn, tenant.company, &note)
    })
    .await
}

/// One page of the branch's internal credit notes.
pub fn list_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    params: &ListParams,
) -> AppResult<Page<CreditNoteView>> {
    let branch = tenant.branch(conn)?.id;
    let page = CreditNote::list(conn, tenant.company, branch, KIND_INTERNAL, params)?;
    page_views(page, |results| views_of(conn, tenant.company, results))
}

/// `GET /api/sales/creditNote`.
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    params: ListParams,
) -> AppResult<Json<Page<CreditNoteView>>> {
    answer::read(&state, &auth, move |conn, tenant| {
        list_page(conn, tenant, &params)
    })
    .await
}

/// `GET /api/sales/creditNote/{id}`.
pub async fn get(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<CreditNoteView>> {
    answer::read(&state, &auth, move |conn, tenant| {
        let note = CreditNote::find(conn, tenant.company, id)?
            .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
        view(conn, tenant.company, &note)
    })
    .await
}

/// `GET /api/sales/note/{id}/returnable`: what each line of the sale may still return.
pub async fn returnable_of(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<Vec<ReturnableLineView>>> {
    answer::read(&state, &auth, move |conn, tenant| {
        let sale = super::notes::find_visible(conn, tenant.company, id)?;
        returnable(conn, tenant.company, &sale)
    })
    .await
}
