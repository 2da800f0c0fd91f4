//! Registering a sales note (the POS sale). Posting a sale is one write transaction: the emission
//! point's counter (gapless number), the priced lines, stock out through the inventory service,
//! the payments into the cashier's open shift through the cash service, a receivable for credit.
//! A client-generated idempotency key makes a retried or double-clicked submit return the same
//! sale instead of a second one.
//!
//! The work is split in two so that SQLite's one writer waits as little as possible: [`prepare`]
//! reads and checks everything on any connection, [`commit`] writes in the writer's turn.
//!
//! The electronic factura is this same sale with [`SaleKind::Invoice`]: its own counter, and in the
//! same transaction the SRI document built from the sale ([`super::invoice`]) put in the queue.

use chrono::Days;
use serde::Deserialize;

use super::document::{lines_of, note_of};
use super::input::{self, LineBody, Method, PaymentBody, PaymentInput};
use super::invoice::{self, AdditionalInfoBody, Issue, SaleData};
use super::pricing::{self, Priced, client_of, price_for};
use super::sequence::{self, DocType};
use crate::auth::roles::Tenant;
use crate::command::IdInput;
use crate::db::batch::Batch;
use crate::db::{DbConnection, ids};
use crate::domain::idempotency;
use crate::domain::money::money_text;
use crate::error::{AppError, AppResult, conflict};

use crate::models::CompanyId;
use crate::models::cash::movement::{MovementKind, NewMovement};
use crate::models::cash::turn::Turn;
use crate::models::config::branch_office::BranchOffice;
use crate::models::config::company::Company;
use crate::models::inventory::warehouse::Warehouse;
use crate::models::reports::summary::{Header, LineSums};
use crate::models::sales::client::Client;
use crate::models::sales::note::{KIND_INVOICE, KIND_NOTE, NewSale, Sale, SaleLine, SalePayment};
use crate::models::sales::quote::Quote;
use crate::models::sales::receivable::Receivable;
use crate::services::cash::posting::{NO_OPEN_SHIFT, post_in};
use crate::services::inventory::stock::{self, Document, Movement, MovementType, UnitCost};
use crate::services::inventory::warehouses::branch_cellar;
use crate::services::reports::summary::{self, Summed};
use crate::sri::model::NameValue;
use crate::sri::sign::SigningIdentity;
use crate::util::time::now;

/// `GET /api/sales/note/{id}` for an unknown sale (specification wording).
pub const NOT_FOUND: &str = "No se encontró la nota de venta";
/// A key already used by a sale of the other kind (a sales note's key sent as a factura).
pub const KEY_OF_OTHER_KIND: &str =
    "La clave de envío (idempotencyKey) ya se usó en una venta de otro tipo: genere una nueva";

/// Body of register and preview: the command as the POS sends it, checked by [`prepare`].
#[derive(Debug, Clone, Default, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct NoteBody {
    pub idempotency_key: Option<String>,
    #[ts(optional = nullable)]
    pub client_id: IdInput,
    #[ts(optional = nullable)]
    pub cellar_id: IdInput,
    pub lines: Option<Vec<LineBody>>,
    pub payments: Option<Vec<PaymentBody>>,
    pub note: Option<String>,
    /// The quote the POS was filled from ("Convertir en venta").
    #[ts(optional = nullable)]
    pub quote_id: IdInput,
    /// Factura only: `campoAdicional` `{name, value}` pairs (Email, Teléfono…).
    pub additional_info: Option<Vec<AdditionalInfoBody>>,
}

/// Which sales document a sale is: a sales note, or an electronic factura.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaleKind {
    Note,
    Invoice,
}

impl SaleKind {
    /// `sales.kind`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Note => KIND_NOTE,
            Self::Invoice => KIND_INVOICE,
        }
    }

    /// The counter the kind is numbered by.
    fn counter(self) -> DocType {
        match self {
            Self::Note => DocType::SalesNote,
            Self::Invoice => DocType::Invoice,
        }
    }

    /// The name in the shift's movements.
    fn label(self) -> &'static str {
        match self {
            Self::Note => "Nota de venta",
            Self::Invoice => "Factura",
        }
    }
}

/// What register did: a new sale, or the one already registered with the key.
pub enum Registered {
    Created(Box<NewlySold>),
    Existing(Box<Sale>),
}

/// A sale just written, with everything its view needs: the view (its totals are computed again
/// from the stored lines) is built after the writer's turn, not inside it.
pub struct NewlySold {
    pub sale: Sale,
    pub lines: Vec<SaleLine>,
    pub payments: Vec<SalePayment>,
    pub client: Client,
    pub user: String,
}

/// The quote the sale comes from: absent, or a quote of the company that can still become a sale
/// (see [`super::quote::convertible`]; the sale's transaction has the last word).
fn quote_of(
    conn: &mut DbConnection,
    company: CompanyId,
    value: &IdInput,
) -> AppResult<Option<i64>> {
    match value.optional() {
        Ok(None) => Ok(None),
        Ok(Some(id)) => match Quote::find(conn, company, id)? {
            Some(q) => super::quote::convertible(conn, company, &q).map(|()| Some(id)),
            None => Err(AppError::field("quoteId", "La cotización no existe")),
        },
        Err(_) => Err(AppError::field("quoteId", "La cotización no existe")),
    }
}

/// The key of the body: required, 1 to [`idempotency::KEY_MAX`] characters.
pub fn idempotency_key(body: &NoteBody) -> AppResult<String> {
    idempotency::checked(body.idempotency_key.as_deref(), "venta")
        .map_err(|m| AppError::field("idempotencyKey", m))
}

/// Prices the body's lines for its client (the preview and the first step of a sale).
pub fn price_body(
    conn: &mut DbConnection,
    tenant: &Tenant,
    body: &NoteBody,
) -> AppResult<(Client, Priced)> {
    let lines = input::lines(body.lines.as_deref())?;
    let client = client_of(conn, tenant.company, &body.client_id)?;
    let priced = price_for(conn, tenant, &client, &lines, now())?;
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
        let today = Company::zone(conn, company)?.today();
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
            Some(id) => crate::services::cash::bank::find_usable(conn, company, id)?,
            None => None,
        };
        if account.is_none() {
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
    branch: BranchOffice,
    client: Client,
    cellar: Warehouse,
    priced: Priced,
    quote: Option<i64>,
    at: chrono::NaiveDateTime,
    /// For a factura: what its SRI document needs besides the sale.
    invoice: Option<InvoicePrep>,
}

/// The factura's part of a prepared sale: read and checked before the writer's turn.
struct InvoicePrep {
    company: Company,
    identity: SigningIdentity,
    additional_info: Vec<NameValue>,
    issue_date: chrono::NaiveDate,
}

impl Prepared {
    /// The kind of document this sale is.
    pub fn kind(&self) -> SaleKind {
        if self.invoice.is_some() {
            SaleKind::Invoice
        } else {
            SaleKind::Note
        }
    }

    /// The sale's total, as [`commit`] checks the payments against it.
    pub fn total(&self) -> AppResult<i64> {
        self.priced.total()
    }

    /// The last part of a split bill takes the remainder of the whole's IVA
    /// ([`Priced::take_remainder`]). A nota de venta only: a factura's IVA is the SRI's exact
    /// arithmetic of its own lines.
    pub fn take_remainder(
        &mut self,
        earlier: &[crate::domain::totals::EarlierIva],
        parts: usize,
    ) -> AppResult<()> {
        if self.invoice.is_some() {
            return Ok(());
        }
        self.priced.take_remainder(earlier, parts)
    }

    /// The sale dated `at` instead of now: only the demo loader's history of past weeks
    /// (`cli::demo_sales`), so the reports have something to show on a fresh install.
    pub fn dated(mut self, at: chrono::NaiveDateTime) -> Prepared {
        self.at = at;
        self
    }
}

/// Reads and checks the body: key, lines, payments, branch, client, warehouse, prices; for a
/// factura also the company's signing certificate and the document the sale will become, checked
/// by the SRI engine (a consumidor final above USD 50 is refused here, before anything is stored).
pub fn prepare(
    conn: &mut DbConnection,
    tenant: &Tenant,
    body: &NoteBody,
    kind: SaleKind,
) -> AppResult<Prepared> {
    let company = tenant.company;
    let key = idempotency_key(body)?;
    let inputs = input::lines(body.lines.as_deref())?;
    let payments = input::payments(body.payments.as_deref())?;
    let note = note_of(&body.note)?;
    let branch = tenant.branch(conn)?;
    let client = client_of(conn, company, &body.client_id)?;
    let cellar = branch_cellar(conn, tenant, branch.id, &body.cellar_id)?;
    let quote = quote_of(conn, company, &body.quote_id)?;
    let at = now();
    let priced = price_for(conn, tenant, &client, &inputs, at)?;
    let invoice = match kind {
        SaleKind::Note => None,
        SaleKind::Invoice => Some(prepare_invoice(
            conn, tenant, body, &branch, &client, &priced, &payments,
        )?),
    };
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
        invoice,
    })
}

/// The factura's checks before the writer's turn: the additional information, the engine's
/// validation of the document the sale will become (numbered 1 here; the number does not change
/// what is checked), then the signing certificate.
fn prepare_invoice(
    conn: &mut DbConnection,
    tenant: &Tenant,
    body: &NoteBody,
    branch: &BranchOffice,
    client: &Client,
    priced: &Priced,
    payments: &[PaymentInput],
) -> AppResult<InvoicePrep> {
    let additional_info = invoice::additional_info(body.additional_info.as_deref())?;
    let company = Company::find(conn, tenant.company)?;
    let issue_date = crate::sri::validate::issue_date(tenant.zone());
    let lines = lines_of(priced, 0, |_| 0);
    let draft: Vec<SalePayment> = payments.iter().map(|p| payment_row(0, p)).collect();
    let doc = invoice::comprobante(
        &Issue {
            company: &company,
            branch,
            emission_point: "001",
            sequential: 1,
            issue_date,
            access_key: None,
        },
        &SaleData {
            client,
            lines: &lines,
            payments: &draft,
            total: priced.total()?,
            additional_info: additional_info.clone(),
        },
    );
    invoice::check(&doc)?;
    let identity = invoice::signing_identity(conn, tenant.company)?;
    Ok(InvoicePrep {
        company,
        identity,
        additional_info,
        issue_date,
    })
}

/// The stored row of a payment of sale `sale_id`.
fn payment_row(sale_id: i64, p: &PaymentInput) -> SalePayment {
    SalePayment {
        id: 0,
        sale_id,
        method: p.method.as_str().into(),
        amount: p.amount,
        received: p.received,
        reference: p.reference.clone(),
        bank_account_id: p.bank_account_id,
        due_date: p.due_date,
    }
}

/// The cashier's open shift when some payment goes into the drawer: it must be open in the
/// sale's branch. Its id and its register.
fn drawer_turn(
    conn: &mut DbConnection,
    tenant: &Tenant,
    branch: &BranchOffice,
    payments: &[PaymentInput],
) -> AppResult<Option<(i64, i64)>> {
    if !payments.iter().any(|p| p.method != Method::Credit) {
        return Ok(None);
    }
    let turn = Turn::open_of_user(conn, tenant.company, tenant.user_id())?
        .ok_or_else(|| conflict(NO_OPEN_SHIFT))?;
    if turn.branch_office_id != branch.id {
        return Err(conflict(
            "Su turno de caja está abierto en otra sucursal: cambie a esa sucursal o cierre el turno",
        ));
    }
    Ok(Some((turn.id, turn.cash_register_id)))
}

/// The ids of a sale and its `lines` lines, taken before its writes so that they all go in one
/// batch (taking them locks nothing, and a rollback only skips them).
fn reserve_ids(conn: &mut DbConnection, lines: usize) -> AppResult<(i64, Vec<i64>)> {
    match ids::reserve(conn, &[("sales", 1), ("sale_lines", lines)])?.as_slice() {
        [sale, taken] if sale.len() == 1 && taken.len() == lines => Ok((sale[0], taken.clone())),
        _ => Err(AppError::Internal(anyhow::anyhow!(
            "no se reservaron los ids de la venta"
        ))),
    }
}

/// The lines a sale puts in the cashier's shift: one per payment but credit.
fn shift_lines(
    payments: &[PaymentInput],
    kind: SaleKind,
    number: &str,
    sale_id: i64,
    user_id: i64,
) -> Vec<NewMovement> {
    payments
        .iter()
        .filter(|p| p.method != Method::Credit)
        .map(|p| NewMovement {
            kind: if p.method == Method::Cash {
                MovementKind::CashSale
            } else {
                MovementKind::NonCashSale
            },
            amount: p.amount,
            reason: format!("{} {number}", kind.label()),
            payment_method: Some(p.method.shift_name().into()),
            source: Some(("sale".into(), sale_id)),
            user_id,
        })
        .collect()
}

/// The sale already registered with `key` (a retried submit), if any.
fn existing_with_key(
    conn: &mut DbConnection,
    company: CompanyId,
    key: &str,
    kind: SaleKind,
) -> AppResult<Option<Sale>> {
    if let Some(existing) = Sale::find_by_key(conn, company, key)? {
        // The key of a sales note sent again as a factura (or the reverse) is a client's mistake,
        // not a retry: answering with the other document would pass it off as this one.
        if existing.kind != kind.as_str() {
            return Err(conflict(KEY_OF_OTHER_KIND));
        }
        return Ok(Some(existing));
    }
    Ok(None)
}

/// The stock each priced line takes out of the sale's warehouse, at the average cost.
fn sale_movements(priced: &Priced, cellar: &Warehouse) -> Vec<Movement> {
    priced
        .lines
        .iter()
        .map(|l| Movement {
            product_id: l.product.id,
            warehouse_id: cellar.id,
            kind: MovementType::Sale,
            quantity: l.quantity,
            cost: UnitCost::Average,
        })
        .collect()
}

/// The number a sale took from its emission point's counter.
struct Numbered<'a> {
    emission_point_id: i64,
    sequential: i64,
    number: &'a str,
}

/// The sale's header row: number, client, warehouse, shift, amounts and the change given back.
fn new_sale<'a>(
    tenant: &Tenant,
    prepared: &'a Prepared,
    numbered: &Numbered<'a>,
    turn: Option<i64>,
    total: i64,
) -> AppResult<NewSale<'a>> {
    let change: i64 = prepared
        .payments
        .iter()
        .filter_map(|p| p.received.map(|r| r - p.amount))
        .sum();
    let t = &prepared.priced.totals;
    Ok(NewSale {
        company_id: tenant.company.get(),
        branch_office_id: prepared.branch.id,
        emission_point_id: numbered.emission_point_id,
        sequential: numbered.sequential,
        number: numbered.number,
        idempotency_key: &prepared.key,
        client_id: prepared.client.id,
        warehouse_id: prepared.cellar.id,
        user_id: tenant.user_id(),
        turn_id: turn,
        quote_id: prepared.quote,
        gross: pricing::micros(t.gross)?,
        discount: pricing::micros(t.total_discount)?,
        subtotal: pricing::micros(t.total_without_taxes)?,
        iva: pricing::micros(t.iva)?,
        total,
        change_given: change,
        note: prepared.note.as_deref(),
        created_at: prepared.at,
        kind: prepared.kind().as_str(),
    })
}

/// The sale's lines under their reserved ids, each with the unit cost its stock left at.
fn sale_lines(
    priced: &Priced,
    sale_id: i64,
    posting: &stock::Posting,
    line_ids: Vec<i64>,
) -> Vec<SaleLine> {
    lines_of(priced, sale_id, |i| {
        posting.posted.get(i).map_or(0, |c| c.unit_cost)
    })
    .into_iter()
    .zip(line_ids)
    .map(|(line, id)| SaleLine { id, ..line })
    .collect()
}

/// The rows of a sale, built before its one batch of writes.
struct SaleRows<'a> {
    id: i64,
    new: NewSale<'a>,
    lines: Vec<SaleLine>,
    payments: Vec<SalePayment>,
    /// What goes into the cashier's shift.
    shift: Vec<NewMovement>,
}

/// What the sale adds to the reports' summary: its header, its lines with what they cost, its
/// payments. `register` is the cash register of the drawer's shift.
fn summed(
    prepared: &Prepared,
    tenant: &Tenant,
    rows: &SaleRows,
    posting: &stock::Posting,
    register: Option<i64>,
) -> Summed {
    let sale_id = rows.id;
    let summed_lines: Vec<LineSums> = rows
        .lines
        .iter()
        .zip(&prepared.priced.lines)
        .map(|(l, p)| LineSums {
            document: sale_id,
            product: l.product_id,
            category: p.product.category_id,
            net: l.net,
            iva: l.iva,
            quantity: l.quantity,
            unit_cost: l.unit_cost,
        })
        .collect();
    Summed {
        header: Header {
            id: sale_id,
            sale_id,
            branch: prepared.branch.id,
            at: prepared.at,
            user_id: tenant.user_id(),
            register_id: register,
            client_id: prepared.client.id,
            base: rows.new.subtotal,
            iva: rows.new.iva,
        },
        costs: summary::attribute(&summed_lines, &posting.costs()),
        lines: summed_lines,
        payments: rows
            .payments
            .iter()
            .map(|p| (p.method.clone(), p.amount))
            .collect(),
    }
}

/// Writes the sale, its lines, payments, stock, shift lines and summary in one batch (one round
/// trip while the counter, the stock and the shift are locked), then checks the shift's writes.
fn write_rows<'q>(
    conn: &mut DbConnection,
    tenant: &Tenant,
    rows: &'q SaleRows<'q>,
    posting: &'q stock::Posting<'q>,
    turn: Option<i64>,
    summed: Summed,
) -> AppResult<()> {
    let company = tenant.company;
    let mut batch = Batch::on(conn);
    Sale::insert(&mut batch, rows.id, &rows.new)?;
    Sale::insert_lines(&mut batch, &rows.lines)?;
    Sale::insert_payments(&mut batch, &rows.payments)?;
    posting.write(&mut batch)?;
    let shift = match turn {
        Some(turn) if !rows.shift.is_empty() => {
            Some(post_in(&mut batch, company, turn, &rows.shift)?)
        }
        _ => None,
    };
    summary::record_sale(&mut batch, company, tenant.zone(), summed)?;
    let sent = batch.send()?;
    if let Some(shift) = &shift {
        shift.check(conn, company, &sent)?;
    }
    Ok(())
}

/// What needs the sale's rows in place (their foreign keys): the quote marked converted and a
/// receivable for each credit payment.
fn link_rows(
    conn: &mut DbConnection,
    tenant: &Tenant,
    prepared: &Prepared,
    sale_id: i64,
) -> AppResult<()> {
    let company = tenant.company;
    if let Some(quote) = prepared.quote {
        super::quote::mark_converted(conn, company, quote, sale_id)?;
    }
    for p in prepared
        .payments
        .iter()
        .filter(|p| p.method == Method::Credit)
    {
        Receivable::insert(
            conn,
            company,
            prepared.client.id,
            sale_id,
            p.amount,
            p.due_date.unwrap_or_else(|| tenant.zone().today()),
        )?;
    }
    Ok(())
}

/// Builds the factura's SRI document from the stored sale, puts it in the queue and links it to
/// the sale; answers the document's id.
fn queue_invoice(
    conn: &mut DbConnection,
    company: CompanyId,
    prepared: &Prepared,
    inv: &InvoicePrep,
    point_code: &str,
    rows: &SaleRows,
) -> AppResult<i64> {
    let doc = invoice::comprobante(
        &Issue {
            company: &inv.company,
            branch: &prepared.branch,
            emission_point: point_code,
            sequential: rows.new.sequential,
            issue_date: inv.issue_date,
            access_key: None,
        },
        &SaleData {
            client: &prepared.client,
            lines: &rows.lines,
            payments: &rows.payments,
            total: rows.new.total,
            additional_info: inv.additional_info.clone(),
        },
    );
    let document_id = crate::sri::queue::submit_in_transaction(
        conn,
        company,
        prepared.branch.id,
        &doc,
        &inv.identity,
    )?;
    Sale::set_sri_document(conn, rows.id, document_id)?;
    Ok(document_id)
}

/// Writes a prepared sale in the caller's write transaction; see the module comment.
pub fn commit(
    conn: &mut DbConnection,
    tenant: &Tenant,
    mut prepared: Prepared,
) -> AppResult<Registered> {
    let company = tenant.company;
    let kind = prepared.kind();
    // Everything is read before the document number is taken: the sales of the emission point
    // wait on its counter until this transaction ends, so what comes after it is kept short.
    // Two submits of one key racing past this check: the second fails on the unique key and
    // the handler answers with the first's sale.
    if let Some(existing) = existing_with_key(conn, company, &prepared.key, kind)? {
        return Ok(Registered::Existing(Box::new(existing)));
    }
    let total = prepared.priced.total()?;
    check_payments(
        conn,
        company,
        &prepared.client,
        total,
        &mut prepared.payments,
    )?;
    let (branch, cellar, priced) = (&prepared.branch, &prepared.cellar, &prepared.priced);
    let payments = &prepared.payments;
    let drawer = drawer_turn(conn, tenant, branch, payments)?;
    let turn = drawer.map(|(id, _)| id);
    let planned = stock::plan(conn, company, &sale_movements(priced, cellar))?;
    let (sale_id, line_ids) = reserve_ids(conn, priced.lines.len())?;
    // From here on the sale is stored or the transaction rolls back, number included: the
    // number with the stock rows (one statement on PostgreSQL), then one batch of writes (one
    // round trip while the emission point's counter, the stock and the shift are locked).
    let created = Default::default();
    let (counter, sequential, locked) = sequence::take_with_stock(
        conn,
        company,
        branch,
        kind.counter(),
        &planned.stock_keys(&created),
    )?;
    let number = counter.format(sequential);
    let document = Document {
        doc_type: "sale",
        id: Some(sale_id),
        number: Some(number.clone()),
        date: None,
    };
    let posting = stock::post_locked(
        company,
        Some(tenant.user_id()),
        &document,
        planned,
        locked,
        &created,
    )?;
    let numbered = Numbered {
        emission_point_id: counter.emission_point_id,
        sequential,
        number: &number,
    };
    let rows = SaleRows {
        id: sale_id,
        new: new_sale(tenant, &prepared, &numbered, turn, total)?,
        lines: sale_lines(priced, sale_id, &posting, line_ids),
        payments: payments.iter().map(|p| payment_row(sale_id, p)).collect(),
        shift: shift_lines(payments, kind, &number, sale_id, tenant.user_id()),
    };
    let summed = summed(&prepared, tenant, &rows, &posting, drawer.map(|(_, r)| r));
    write_rows(conn, tenant, &rows, &posting, turn, summed)?;
    let mut sale = rows.new.stored(sale_id);
    link_rows(conn, tenant, &prepared, sale_id)?;
    if let Some(inv) = &prepared.invoice {
        let document_id = queue_invoice(conn, company, &prepared, inv, &counter.point_code, &rows)?;
        sale.sri_document_id = Some(document_id);
    }
    let SaleRows {
        lines, payments, ..
    } = rows;
    Ok(Registered::Created(Box::new(NewlySold {
        sale,
        lines,
        payments,
        client: prepared.client,
        user: tenant.auth.user.name.clone(),
    })))
}
