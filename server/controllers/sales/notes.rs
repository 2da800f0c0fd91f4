//! `/api/sales/note`: the POS sales note. Posting a sale is one write transaction: the emission
//! point's counter (gapless number), the priced lines, stock out through the inventory service,
//! the payments into the cashier's open shift through the cash service, a receivable for credit.
//! A client-generated idempotency key makes a retried or double-clicked submit return the same
//! sale instead of a second one.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::Days;
use serde::Deserialize;
use serde_json::Value;

use super::input::{self, LineBody, Method, PaymentBody, PaymentInput};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::controllers::inventory::cellars::branch_cellar;
use crate::controllers::inventory::input::optional_id;
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::domain::money::{from_micros, money_text};
use crate::domain::totals;
use crate::error::{AppError, AppResult, conflict};
use crate::http::json::JsonBody;
use crate::http::params::PathId;
use crate::models::CompanyId;
use crate::models::auth::user::Role;
use crate::models::cash::bank::BankAccount;
use crate::models::cash::movement::{MovementKind, NewMovement};
use crate::models::cash::posting::{NO_OPEN_SHIFT, ShiftTarget, post_to_shift};
use crate::models::cash::turn::Turn;
use crate::models::inventory::kardex::KardexRow;
use crate::models::inventory::movements::{
    Document, Movement, MovementType, UnitCost, post_movements,
};
use crate::models::inventory::warehouse::Warehouse;
use crate::models::sales::client::Client;
use crate::models::sales::credit_note::CreditNote;
use crate::models::sales::note::{NewSale, Sale, SaleLine, SalePayment};
use crate::models::sales::pricing::{self, Priced};
use crate::models::sales::quote::Quote;
use crate::models::sales::receivable::Receivable;
use crate::models::sales::sequence::{self, DocType};
use crate::util::time::{local_date, now, to_local_iso};
use crate::views::sales::note::{
    DocumentTotalsView, PaymentView, SaleClientView, SaleLineView, SalePreviewView, SaleRowView,
    SaleView,
};

/// `GET /api/sales/note/{id}` for an unknown sale (specification wording).
pub const NOT_FOUND: &str = "No se encontró la nota de venta";
/// `GET /api/sales/note/last` when the user has not sold yet (specification wording).
pub const NO_LAST: &str = "No se encontró la última nota de venta";
/// Longest idempotency key.
const KEY_MAX: usize = 100;

/// Body of register and preview.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NoteBody {
    pub idempotency_key: Option<String>,
    pub client_id: Option<Value>,
    pub cellar_id: Option<Value>,
    pub lines: Option<Vec<LineBody>>,
    pub payments: Option<Vec<PaymentBody>>,
    pub note: Option<String>,
    /// The quote the POS was filled from ("Convertir en venta").
    pub quote_id: Option<Value>,
}

/// What register did: a new sale, or the one already registered with the key.
pub enum Registered {
    Created(Box<NewlySold>),
    Existing(Box<SaleView>),
}

/// A sale just written, with everything its view needs: the view (its totals are computed again
/// from the stored lines) is built after the writer's turn, not inside it.
pub struct NewlySold {
    sale: Sale,
    lines: Vec<SaleLine>,
    payments: Vec<SalePayment>,
    client: Client,
    user: String,
}

impl NewlySold {
    /// The view of the new sale.
    pub fn view(&self) -> SaleView {
        view_of(
            &self.sale,
            &self.lines,
            &self.payments,
            Some(&self.client),
            self.user.clone(),
            0,
        )
    }
}

/// The client of the body: the company's consumidor final when absent.
pub fn client_of(
    conn: &mut DbConnection,
    company: CompanyId,
    value: Option<&Value>,
) -> AppResult<Client> {
    let found = match optional_id(value) {
        Ok(Some(id)) => Client::find(conn, company, id)?,
        Ok(None) => Client::final_consumer(conn, company)?,
        Err(_) => None,
    };
    match found {
        Some(c) if c.active && !c.locked => Ok(c),
        Some(_) => Err(AppError::field(
            "clientId",
            "El cliente está inactivo o bloqueado",
        )),
        None => Err(AppError::field("clientId", "El cliente no existe")),
    }
}

/// The quote the sale comes from: absent, or a quote of the company.
fn quote_of(
    conn: &mut DbConnection,
    company: CompanyId,
    value: Option<&Value>,
) -> AppResult<Option<i64>> {
    match optional_id(value) {
        Ok(None) => Ok(None),
        Ok(Some(id)) if Quote::find(conn, company, id)?.is_some() => Ok(Some(id)),
        _ => Err(AppError::field("quoteId", "La cotización no existe")),
    }
}

/// Whether the role may sell at a price other than the catalogue's.
pub fn may_change_price(tenant: &Tenant) -> bool {
    tenant.role() != Role::Cashier
}

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
    match totals::compute(
        &taxable,
        rust_decimal::Decimal::ZERO,
        rust_decimal::Decimal::ZERO,
    ) {
        Ok(t) => DocumentTotalsView::from(&t),
        // Stored lines were computed by the same function: they always compute again.
        Err(_) => DocumentTotalsView {
            gross: "0.00".into(),
            discount: "0.00".into(),
            subtotal: "0.00".into(),
            groups: Vec::new(),
            iva: "0.00".into(),
            total: "0.00".into(),
        },
    }
}

/// The view of a stored sale.
pub fn view(conn: &mut DbConnection, company: CompanyId, sale: &Sale) -> AppResult<SaleView> {
    let lines = Sale::lines(conn, company, sale.id)?;
    let payments = Sale::payments(conn, company, sale.id)?;
    let client = Client::find(conn, company, sale.client_id)?;
    let user = KardexRow::user_names(conn, company, &[sale.user_id])?
        .remove(&sale.user_id)
        .unwrap_or_default();
    let credited = CreditNote::total_of_sale(conn, company, sale.id)?;
    Ok(view_of(
        sale,
        &lines,
        &payments,
        client.as_ref(),
        user,
        credited,
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
) -> SaleView {
    SaleView {
        id: sale.id,
        number: sale.number.clone(),
        date: to_local_iso(sale.created_at),
        client: SaleClientView {
            id: sale.client_id,
            id_type: client.map(|c| c.id_type.clone()).unwrap_or_default(),
            identification: client.map(|c| c.identification.clone()).unwrap_or_default(),
            name: client.map(|c| c.name.clone()).unwrap_or_default(),
            address: client.and_then(|c| c.address.clone()),
            email: client.and_then(|c| c.email.clone()),
            phone: client.and_then(|c| c.phone.clone()),
        },
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

/// The key of the body: required, printable, at most [`KEY_MAX`] characters.
fn idempotency_key(body: &NoteBody) -> AppResult<String> {
    let key = body
        .idempotency_key
        .as_deref()
        .map(str::trim)
        .unwrap_or_default();
    if key.is_empty() || key.chars().count() > KEY_MAX {
        return Err(AppError::field(
            "idempotencyKey",
            format!(
                "Cada venta lleva una clave de envío (idempotencyKey) de 1 a {KEY_MAX} caracteres"
            ),
        ));
    }
    Ok(key.to_string())
}

/// The note of the body, at most 500 characters.
fn note_of(body: &NoteBody) -> AppResult<Option<String>> {
    let note = crate::controllers::inventory::input::text(&body.note);
    if let Some(problem) = crate::validation::optional_text(note.as_deref(), "La nota", 500) {
        return Err(AppError::field("note", problem));
    }
    Ok(note)
}

/// Prices the body's lines for its client (the preview and the first step of a sale).
pub fn price_body(
    conn: &mut DbConnection,
    tenant: &Tenant,
    body: &NoteBody,
) -> AppResult<(Client, Priced)> {
    let lines = input::lines(body.lines.as_deref())?;
    let client = client_of(conn, tenant.company, body.client_id.as_ref())?;
    let priced = pricing::price(
        conn,
        tenant.company,
        &client,
        &lines,
        may_change_price(tenant),
        now(),
    )?;
    Ok((client, priced))
}

/// Checks the payments against the total and the client: the sum equals the total, credit only
/// for an identified client within their limit, transfers to an active account of the company.
fn check_payments(
    conn: &mut DbConnection,
    company: CompanyId,
    client: &Client,
    total: i64,
    payments: &mut [PaymentInput],
) -> AppResult<()> {
    let sum: i64 = payments.iter().map(|p| p.amount).sum();
    if sum != total {
        return Err(AppError::field(
            "payments",
            format!(
                "La suma de los pagos ({}) debe ser igual al total de la venta ({})",
                money_text(sum),
                money_text(total)
            ),
        ));
    }
    let credit: i64 = payments
        .iter()
        .filter(|p| p.method == Method::Credit)
        .map(|p| p.amount)
        .sum();
    if credit > 0 {
        if client.is_final_consumer {
            return Err(AppError::field(
                "payments",
                "El crédito solo se concede a un cliente identificado, no al consumidor final",
            ));
        }
        let owed = Receivable::outstanding(conn, company, client.id)?;
        if owed + credit > client.credit_limit {
            return Err(AppError::field(
                "payments",
                format!(
                    "El crédito supera el cupo de «{}»: cupo {}, adeudado {}, disponible {}",
                    client.name,
                    money_text(client.credit_limit),
                    money_text(owed),
                    money_text((client.credit_limit - owed).max(0))
                ),
            ));
        }
        let today = local_date();
        for p in payments.iter_mut().filter(|p| p.method == Method::Credit) {
            let due = p.due_date.unwrap_or_else(|| {
                today
                    .checked_add_days(Days::new(client.credit_days.max(0) as u64))
                    .unwrap_or(today)
            });
            if due < today {
                return Err(AppError::field(
                    "payments",
                    "La fecha de vencimiento del crédito no puede ser anterior a hoy",
                ));
            }
            p.due_date = Some(due);
        }
    }
    for p in payments.iter().filter(|p| p.method == Method::Transfer) {
        let account = match p.bank_account_id {
            Some(id) => BankAccount::find(conn, company, id)?,
            None => None,
        };
        if !account.is_some_and(|a| a.active && !a.locked) {
            return Err(AppError::field(
                "payments",
                "La cuenta bancaria de la transferencia no existe o está inactiva",
            ));
        }
    }
    Ok(())
}

/// A sale checked and priced: everything that can be read before the writer's turn (on SQLite
/// writers go one at a time, so the reads of many terminals overlap instead of queueing).
pub struct Prepared {
    key: String,
    payments: Vec<PaymentInput>,
    note: Option<String>,
    branch: crate::models::config::branch_office::BranchOffice,
    client: Client,
    cellar: Warehouse,
    priced: Priced,
    quote: Option<i64>,
    at: chrono::NaiveDateTime,
}

/// Reads and checks the body: key, lines, payments, branch, client, warehouse, prices.
pub fn prepare(conn: &mut DbConnection, tenant: &Tenant, body: &NoteBody) -> AppResult<Prepared> {
    let company = tenant.company;
    let key = idempotency_key(body)?;
    let inputs = input::lines(body.lines.as_deref())?;
    let payments = input::payments(body.payments.as_deref())?;
    let note = note_of(body)?;
    let branch = tenant.branch(conn)?;
    let client = client_of(conn, company, body.client_id.as_ref())?;
    let cellar = branch_cellar(conn, tenant, branch.id, body.cellar_id.as_ref())?;
    let quote = quote_of(conn, company, body.quote_id.as_ref())?;
    let at = now();
    let priced = pricing::price(
        conn,
        company,
        &client,
        &inputs,
        may_change_price(tenant),
        at,
    )?;
    Ok(Prepared {
        key,
        payments,
        note,
        branch,
        client,
        cellar,
        priced,
        quote,
        at,
    })
}

/// Writes a prepared sale in the caller's write transaction; see the module comment.
pub fn commit(
    conn: &mut DbConnection,
    tenant: &Tenant,
    prepared: Prepared,
) -> AppResult<Registered> {
    let company = tenant.company;
    let Prepared {
        key,
        mut payments,
        note,
        branch,
        client,
        cellar,
        priced,
        quote,
        at,
    } = prepared;
    // The counter first: it serialises the sales of the emission point, so the key check below
    // sees every sale committed before.
    let counter = sequence::lock(conn, company, &branch, DocType::SalesNote)?;
    if let Some(existing) = Sale::find_by_key(conn, company, &key)? {
        return Ok(Registered::Existing(Box::new(view(
            conn, company, &existing,
        )?)));
    }
    let total = priced.total();
    check_payments(conn, company, &client, total, &mut payments)?;
    let drawer = payments.iter().any(|p| p.method != Method::Credit);
    let turn = if drawer {
        let turn = Turn::open_of_user(conn, company, tenant.user_id())?
            .ok_or_else(|| conflict(NO_OPEN_SHIFT))?;
        if turn.branch_office_id != branch.id {
            return Err(conflict(
                "Su turno de caja está abierto en otra sucursal: cambie a esa sucursal o cierre el turno",
            ));
        }
        Some(turn.id)
    } else {
        None
    };
    let sequential = counter.next();
    let number = counter.format(sequential);
    let change: i64 = payments
        .iter()
        .filter_map(|p| p.received.map(|r| r - p.amount))
        .sum();
    let t = &priced.totals;
    let new = NewSale {
        company_id: company.get(),
        branch_office_id: branch.id,
        emission_point_id: counter.emission_point_id,
        sequential,
        number: &number,
        idempotency_key: &key,
        client_id: client.id,
        warehouse_id: cellar.id,
        user_id: tenant.user_id(),
        turn_id: turn,
        quote_id: quote,
        gross: pricing::micros(t.gross),
        discount: pricing::micros(t.total_discount),
        subtotal: pricing::micros(t.total_without_taxes),
        iva: pricing::micros(t.iva),
        total,
        change_given: change,
        note: note.as_deref(),
        created_at: at,
    };
    let sale = new.stored(Sale::insert(conn, &new)?);
    let sale_id = sale.id;
    let movements: Vec<Movement> = priced
        .lines
        .iter()
        .map(|l| Movement {
            product_id: l.product.id,
            warehouse_id: cellar.id,
            kind: MovementType::Sale,
            quantity: l.quantity,
            cost: UnitCost::Average,
        })
        .collect();
    let posted = post_movements(
        conn,
        company,
        Some(tenant.user_id()),
        &Document {
            doc_type: "sale",
            id: Some(sale_id),
            number: Some(number.clone()),
        },
        &movements,
    )?;
    let lines: Vec<SaleLine> = priced
        .lines
        .iter()
        .zip(&posted)
        .enumerate()
        .map(|(i, (l, cost))| SaleLine {
            id: 0,
            sale_id,
            position: i as i32 + 1,
            product_id: l.product.id,
            code: l.product.code.clone(),
            name: l.product.name.clone(),
            unit: l.product.unit.clone(),
            quantity: l.quantity,
            unit_price: l.unit_price,
            discount: l.discount,
            promotion_id: l.promotion.as_ref().map(|p| p.promotion_id),
            promotion_name: l.promotion.as_ref().map(|p| p.name.clone()),
            promotion_discount: l.promotion_discount(),
            iva_code: l.iva_code.clone(),
            iva_rate: l.iva_rate as i32,
            net: l.net,
            iva: l.iva,
            unit_cost: cost.unit_cost,
        })
        .collect();
    let ids = Sale::insert_lines(conn, &lines)?;
    let lines: Vec<SaleLine> = lines
        .into_iter()
        .zip(ids)
        .map(|(line, id)| SaleLine { id, ..line })
        .collect();
    let rows: Vec<SalePayment> = payments
        .iter()
        .map(|p| SalePayment {
            id: 0,
            sale_id,
            method: p.method.as_str().into(),
            amount: p.amount,
            received: p.received,
            reference: p.reference.clone(),
            bank_account_id: p.bank_account_id,
            due_date: p.due_date,
        })
        .collect();
    Sale::insert_payments(conn, &rows)?;
    for p in &payments {
        match p.method {
            Method::Credit => {
                Receivable::insert(
                    conn,
                    company,
                    client.id,
                    sale_id,
                    p.amount,
                    p.due_date.unwrap_or_else(local_date),
                )?;
            }
            method => {
                // The user's open shift, found and checked above.
                let shift = turn.map_or(ShiftTarget::OpenOf(tenant.user_id()), ShiftTarget::Turn);
                post_to_shift(
                    conn,
                    company,
                    shift,
                    &NewMovement {
                        kind: if method == Method::Cash {
                            MovementKind::CashSale
                        } else {
                            MovementKind::NonCashSale
                        },
                        amount: p.amount,
                        reason: format!("Nota de venta {number}"),
                        payment_method: Some(method.shift_name().into()),
                        source: Some(("sale".into(), sale_id)),
                        user_id: tenant.user_id(),
                    },
                )?;
            }
        }
    }
    sequence::advance(conn, &counter)?;
    Ok(Registered::Created(Box::new(NewlySold {
        sale,
        lines,
        payments: rows,
        client,
        user: tenant.auth.user.name.clone(),
    })))
}

/// `POST /api/sales/note/register`: 201 with the new sale, 200 with the sale already registered
/// under the same idempotency key.
pub async fn register(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<NoteBody>,
) -> AppResult<(StatusCode, Json<SaleView>)> {
    let tenant = auth.tenant(roles::ALL)?;
    let again = (tenant.clone(), body.clone());
    let db = state.db.clone();
    let written = async move {
        let (tenant, prepared) = db
            .run(move |conn| prepare(conn, &tenant, &body).map(|p| (tenant, p)))
            .await?;
        db.write(move |conn| commit(conn, &tenant, prepared)).await
    };
    match written.await {
        Ok(Registered::Created(sold)) => Ok((StatusCode::CREATED, Json(sold.view()))),
        Ok(Registered::Existing(sale)) => Ok((StatusCode::OK, Json(*sale))),
        Err(err) => {
            // Two submits with one key racing on PostgreSQL: the loser fails on the unique key
            // (or on the stock the winner took); answer with the winner's sale.
            let (tenant, body) = again;
            let Ok(key) = idempotency_key(&body) else {
                return Err(err);
            };
            let existing = state
                .db
                .run(move |conn| {
                    Sale::find_by_key(conn, tenant.company, &key)?
                        .map(|s| view(conn, tenant.company, &s))
                        .transpose()
                })
                .await?;
            match existing {
                Some(sale) => Ok((StatusCode::OK, Json(sale))),
                None => Err(err),
            }
        }
    }
}

/// `POST /api/sales/note/preview`: the priced lines and totals; nothing is written.
pub async fn preview(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<NoteBody>,
) -> AppResult<Json<SalePreviewView>> {
    let tenant = auth.tenant(roles::ALL)?;
    let priced = state
        .db
        .run(move |conn| price_body(conn, &tenant, &body).map(|(_, p)| p))
        .await?;
    Ok(Json(SalePreviewView::from(&priced)))
}

/// The sale `id` of the user's company, else the specification's 404.
pub fn find_visible(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<Sale> {
    Sale::find(conn, company, id)?.ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))
}

/// `GET /api/sales/note/{id}`.
pub async fn get(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<SaleView>> {
    let tenant = auth.tenant(roles::ALL)?;
    Ok(Json(
        state
            .db
            .run(move |conn| {
                let sale = find_visible(conn, tenant.company, id)?;
                view(conn, tenant.company, &sale)
            })
            .await?,
    ))
}

/// The user's last sale in the selected branch.
pub fn last_in(conn: &mut DbConnection, tenant: &Tenant) -> AppResult<SaleView> {
    let branch = tenant.branch(conn)?.id;
    let sale = Sale::last_of(conn, tenant.company, branch, tenant.user_id())?
        .ok_or_else(|| AppError::NotFound(NO_LAST.into()))?;
    view(conn, tenant.company, &sale)
}

/// `GET /api/sales/note/last`: the user's last sale (to print it again).
pub async fn last(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
) -> AppResult<Json<SaleView>> {
    let tenant = auth.tenant(roles::ALL)?;
    Ok(Json(
        state.db.run(move |conn| last_in(conn, &tenant)).await?,
    ))
}

/// One page of the branch's sales.
pub fn list_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    params: &ListParams,
) -> AppResult<Page<SaleRowView>> {
    let branch = tenant.branch(conn)?.id;
    Ok(
        Sale::list(conn, tenant.company, branch, params)?.map(|(s, client)| SaleRowView {
            id: s.id,
            number: s.number,
            date: to_local_iso(s.created_at),
            client_name: client,
            total: money_text(s.total),
        }),
    )
}

/// `GET /api/sales/note`.
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    params: ListParams,
) -> AppResult<Json<Page<SaleRowView>>> {
    let tenant = auth.tenant(roles::ALL)?;
    Ok(Json(
        state
            .db
            .run(move |conn| list_page(conn, &tenant, &params))
            .await?,
    ))
}
