//! Registering a credit note: an internal one against a sales note ([`Kind::Internal`]), or an
//! electronic nota de crédito against an authorized factura ([`Kind::Electronic`], issue 23). Both
//! are this one service: per line at most what was sold minus what earlier credit notes returned;
//! the goods go back to stock at the cost they left with (inventory service); the money leaves the
//! open shift of the user who registers it (cash service) or lowers the sale's receivable. Each
//! kind is numbered by its own counter of the emission point. The electronic one also builds its
//! SRI document ([`super::electronic_credit_note`]) and puts it in the queue in the same
//! transaction; the caller wakes the worker after the commit.

use std::collections::HashMap;

use rust_decimal::Decimal;
use serde::Deserialize;

use super::note::NOT_FOUND;
use super::pricing::{iva_micros, micros};
use super::returned::{Portion, taxable};
use super::sequence::{self, Counter, DocType};
use crate::auth::roles::Tenant;
use crate::command::{IdInput, NumberInput, text};
use crate::db::DbConnection;
use crate::domain::limits::QUANTITY;
use crate::domain::money::{money_text, qty_from_micros};
use crate::domain::totals;
use crate::error::{AppError, AppResult, conflict};
use crate::models::CompanyId;
use crate::models::cash::movement::{MovementKind, NewMovement};
use crate::models::config::branch_office::BranchOffice;
use crate::models::inventory::product::Product;
use crate::models::sales::credit_note::{
    CreditNote, CreditNoteLine, KIND_ELECTRONIC, KIND_INTERNAL, NewCreditNote,
};
use crate::models::sales::note::{KIND_INVOICE, KIND_NOTE, Sale, SaleLine};
use crate::models::sales::receivable::Receivable;
use crate::services::cash::posting::{ShiftTarget, post_to_shift};
use crate::services::inventory::stock::{
    Document, Movement, MovementType, UnitCost, post_movements,
};
use crate::services::sales::electronic_credit_note::{self as electronic, Sustento};
use crate::util::time::now;
use crate::validation::required_text;

/// Body of register: `saleId` for an internal credit note, `invoiceId` for an electronic one.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct CreditNoteBody {
    #[ts(optional = nullable)]
    sale_id: IdInput,
    #[ts(optional = nullable)]
    invoice_id: IdInput,
    reason: Option<String>,
    lines: Option<Vec<ReturnBody>>,
    refund: Option<String>,
}

/// A returned product and quantity.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ReturnBody {
    #[ts(optional = nullable)]
    product_id: IdInput,
    #[ts(optional = nullable)]
    quantity: NumberInput,
}

/// Which credit note is registered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Against a sales note (`saleId`), not sent to the SRI.
    Internal,
    /// Against an authorized factura (`invoiceId`): a nota de crédito in the SRI queue.
    Electronic,
}

/// A factura given to the internal credit note.
pub const INVOICE_NEEDS_ELECTRONIC: &str = "Es una factura electrónica: devuélvala con una nota de crédito electrónica (Facturación electrónica → Nota de crédito)";

impl Kind {
    /// `credit_notes.kind`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Internal => KIND_INTERNAL,
            Self::Electronic => KIND_ELECTRONIC,
        }
    }

    fn counter(self) -> DocType {
        match self {
            Self::Internal => DocType::CreditNote,
            Self::Electronic => DocType::ElectronicCreditNote,
        }
    }

    /// The body's field naming the sale.
    fn field(self) -> &'static str {
        match self {
            Self::Internal => "saleId",
            Self::Electronic => "invoiceId",
        }
    }
}

/// What register stored.
#[derive(Debug, Clone, Copy)]
pub struct Registered {
    /// `credit_notes.id`.
    pub id: i64,
    /// The electronic one's SRI document (`sri_documents.id`).
    pub document_id: Option<i64>,
}

/// The sale of the body, in the company and the selected branch: a sales note for an internal
/// credit note, a factura for an electronic one (404 for another company's or another kind's).
fn sale_of(
    conn: &mut DbConnection,
    tenant: &Tenant,
    branch: i64,
    kind: Kind,
    body: &CreditNoteBody,
) -> AppResult<Sale> {
    let value = match kind {
        Kind::Internal => &body.sale_id,
        Kind::Electronic => &body.invoice_id,
    };
    let sale = match value.id() {
        Some(id) => Sale::find(conn, tenant.company, id)?,
        None => None,
    };
    let sale = match (kind, sale) {
        (Kind::Internal, Some(s)) if s.kind == KIND_INVOICE => {
            return Err(conflict(INVOICE_NEEDS_ELECTRONIC));
        }
        (Kind::Internal, Some(s)) if s.kind == KIND_NOTE => s,
        (Kind::Electronic, Some(s)) if s.kind == KIND_INVOICE => s,
        (Kind::Internal, _) => return Err(AppError::NotFound(NOT_FOUND.into())),
        (Kind::Electronic, _) => {
            return Err(AppError::NotFound(super::invoice::NOT_FOUND.into()));
        }
    };
    if sale.branch_office_id != branch {
        let what = match kind {
            Kind::Internal => "La nota de venta",
            Kind::Electronic => "La factura",
        };
        return Err(AppError::field(
            kind.field(),
            format!(
                "{what} es de otra sucursal: cambie a esa sucursal para registrar la devolución"
            ),
        ));
    }
    Ok(sale)
}

/// Splits the asked quantities over the sale's lines of each product (in line order), within
/// what each line may still return.
fn portions<'a>(
    body: &CreditNoteBody,
    kind: Kind,
    lines: &'a [SaleLine],
    returned: &HashMap<i64, i64>,
) -> AppResult<Vec<Portion<'a>>> {
    let raw = body.lines.as_deref().unwrap_or_default();
    if raw.is_empty() {
        return Err(AppError::field(
            "lines",
            "Indique qué productos se devuelven",
        ));
    }
    let mut left: HashMap<i64, i64> = lines
        .iter()
        .map(|l| (l.id, l.quantity - returned.get(&l.id).copied().unwrap_or(0)))
        .collect();
    let mut out: Vec<Portion> = Vec::new();
    for (i, r) in raw.iter().enumerate() {
        let row = i + 1;
        let at = |e: String| AppError::field("lines", format!("Línea {row}: {e}"));
        let product = match r.product_id.optional() {
            Ok(Some(id)) => id,
            _ => return Err(at("elija un producto".into())),
        };
        let mut wanted = r
            .quantity
            .required_micros("La cantidad", true, false, QUANTITY)
            .map_err(at)?;
        let of_product: Vec<&SaleLine> = lines.iter().filter(|l| l.product_id == product).collect();
        let Some(first) = of_product.first() else {
            return Err(at(match kind {
                Kind::Internal => "el producto no está en la nota de venta".into(),
                Kind::Electronic => "el producto no está en la factura".into(),
            }));
        };
        let available: i64 = of_product.iter().map(|l| left[&l.id]).sum();
        if wanted > available {
            return Err(at(format!(
                "de «{}» se pueden devolver como máximo {} (vendido {}, ya devuelto {})",
                first.name,
                qty_from_micros(available),
                qty_from_micros(of_product.iter().map(|l| l.quantity).sum()),
                qty_from_micros(
                    of_product
                        .iter()
                        .map(|l| returned.get(&l.id).copied().unwrap_or(0))
                        .sum()
                )
            )));
        }
        for line in of_product {
            let take = wanted.min(left[&line.id]);
            if take > 0 {
                if let Some(line_left) = left.get_mut(&line.id) {
                    *line_left -= take;
                }
                wanted -= take;
                out.push(Portion {
                    line,
                    quantity: take,
                });
            }
        }
    }
    Ok(out)
}

/// Registers an internal credit note in the caller's write transaction; answers its id.
pub fn register(conn: &mut DbConnection, tenant: &Tenant, body: &CreditNoteBody) -> AppResult<i64> {
    register_kind(conn, tenant, body, Kind::Internal).map(|r| r.id)
}

/// The body's reason and refund, checked before anything is read (reason first).
struct Request {
    reason: String,
    /// The money goes back in cash (else it lowers the sale's receivable).
    cash: bool,
}

/// Reads the reason (required, up to 300 characters) and how the money goes back.
fn request_of(body: &CreditNoteBody) -> AppResult<Request> {
    let reason = text(&body.reason).unwrap_or_default();
    if let Some(problem) = required_text(&reason, "El motivo", 300) {
        return Err(AppError::field("reason", problem));
    }
    let cash = match body.refund.as_deref() {
        Some("cash") => true,
        Some("credit") => false,
        _ => {
            return Err(AppError::field(
                "refund",
                "Indique cómo se devuelve el dinero: en efectivo (cash) o rebajando la cuenta por cobrar (credit)",
            ));
        }
    };
    Ok(Request { reason, cash })
}

/// The amounts of the returned portions, with the one totals calculation.
fn totals_of(portions: &[Portion]) -> AppResult<totals::Totals> {
    let taxable: Vec<totals::Line> = portions.iter().map(taxable).collect();
    totals::compute(&taxable, Decimal::ZERO, Decimal::ZERO).map_err(|e| {
        AppError::field(
            "lines",
            e.first().map(|e| e.message.clone()).unwrap_or_default(),
        )
    })
}

/// For a refund on credit, the sale's receivable, whose balance must cover the credit note's
/// `total`; `None` for a cash refund.
fn receivable_to_lower(
    conn: &mut DbConnection,
    company: CompanyId,
    sale_id: i64,
    cash: bool,
    total: i64,
) -> AppResult<Option<Receivable>> {
    if cash {
        return Ok(None);
    }
    let r = Receivable::of_sale(conn, company, sale_id)?.ok_or_else(|| {
        AppError::field(
            "refund",
            "La venta no fue a crédito: devuelva el dinero en efectivo",
        )
    })?;
    if r.balance < total {
        return Err(AppError::field(
            "refund",
            format!(
                "El saldo por cobrar de la venta ({}) es menor que la nota de crédito ({}): devuelva la diferencia en efectivo",
                money_text(r.balance),
                money_text(total)
            ),
        ));
    }
    Ok(Some(r))
}

/// A credit note just inserted: what the writes after its header need.
struct Stored<'a> {
    tenant: &'a Tenant,
    kind: Kind,
    sale: &'a Sale,
    portions: &'a [Portion<'a>],
    /// `credit_notes.id`.
    id: i64,
    sequential: i64,
    number: String,
    total: i64,
}

/// Puts the goods back in the sale's warehouse at the cost they left with; recipes and services
/// have no stock of their own and are left out.
fn return_goods(conn: &mut DbConnection, note: &Stored) -> AppResult<()> {
    let company = note.tenant.company;
    let stocked: Vec<i64> = Product::find_many(
        conn,
        company,
        &note
            .portions
            .iter()
            .map(|p| p.line.product_id)
            .collect::<Vec<_>>(),
    )?
    .into_iter()
    .filter(|p| p.is_stocked())
    .map(|p| p.id)
    .collect();
    let movements: Vec<Movement> = note
        .portions
        .iter()
        .filter(|p| stocked.contains(&p.line.product_id))
        .map(|p| Movement {
            product_id: p.line.product_id,
            warehouse_id: note.sale.warehouse_id,
            kind: MovementType::SaleReturn,
            quantity: p.quantity,
            cost: UnitCost::Given(p.line.unit_cost),
        })
        .collect();
    if !movements.is_empty() {
        post_movements(
            conn,
            company,
            Some(note.tenant.user_id()),
            &Document {
                doc_type: "credit_note",
                id: Some(note.id),
                number: Some(note.number.clone()),
                date: None,
            },
            &movements,
        )?;
    }
    Ok(())
}

/// Stores one line per returned portion with its net and IVA share from `totals`.
fn insert_lines(conn: &mut DbConnection, note: &Stored, totals: &totals::Totals) -> AppResult<()> {
    let rows: Vec<CreditNoteLine> = note
        .portions
        .iter()
        .zip(&totals.lines)
        .map(|(p, t)| {
            Ok(CreditNoteLine {
                id: 0,
                credit_note_id: note.id,
                sale_line_id: p.line.id,
                product_id: p.line.product_id,
                quantity: p.quantity,
                net: micros(t.net)?,
                iva: iva_micros(t)?,
            })
        })
        .collect::<AppResult<_>>()?;
    CreditNote::insert_lines(conn, &rows)?;
    Ok(())
}

/// Gives the money back: lowers the sale's `receivable` (409 when its balance changed meanwhile),
/// or takes a positive total out of the user's open shift.
fn refund(conn: &mut DbConnection, note: &Stored, receivable: Option<Receivable>) -> AppResult<()> {
    let company = note.tenant.company;
    let total = note.total;
    match receivable {
        Some(r) if Receivable::lower(conn, company, r.id, total)? != 1 => {
            return Err(conflict("El saldo por cobrar cambió: vuelva a intentarlo"));
        }
        Some(_) => {}
        None if total > 0 => {
            let (number, sale) = (&note.number, note.sale);
            post_to_shift(
                conn,
                company,
                ShiftTarget::OpenOf(note.tenant.user_id()),
                &NewMovement {
                    kind: MovementKind::CashRefund,
                    amount: total,
                    reason: match note.kind {
                        Kind::Internal => {
                            format!("Nota de crédito {number} (venta {})", sale.number)
                        }
                        Kind::Electronic => format!(
                            "Nota de crédito electrónica {number} (factura {})",
                            sale.number
                        ),
                    },
                    payment_method: Some("efectivo".into()),
                    source: Some(("credit_note".into(), note.id)),
                    user_id: note.tenant.user_id(),
                },
            )?;
        }
        None => {}
    }
    Ok(())
}

/// Builds the electronic credit note's SRI document, puts it in the queue and links it to the
/// credit note; answers the document's id.
fn queue_document(
    conn: &mut DbConnection,
    note: &Stored,
    sustento: &Sustento,
    branch: &BranchOffice,
    counter: &Counter,
    reason: &str,
) -> AppResult<i64> {
    let doc = electronic::comprobante(
        sustento,
        &electronic::Issue {
            branch,
            emission_point: &counter.point_code,
            sequential: note.sequential,
            issue_date: crate::sri::validate::issue_date(note.tenant.zone()),
        },
        reason,
        note.portions,
        note.total,
    );
    let document_id = crate::sri::queue::submit_in_transaction(
        conn,
        note.tenant.company,
        branch.id,
        &doc,
        &sustento.identity,
    )?;
    CreditNote::set_sri_document(conn, note.id, document_id)?;
    Ok(document_id)
}

/// Registers a credit note of `kind` in the caller's write transaction. The electronic one is
/// refused (409) unless its factura is AUTORIZADO, and stores nothing when its document does not
/// validate or sign.
pub fn register_kind(
    conn: &mut DbConnection,
    tenant: &Tenant,
    body: &CreditNoteBody,
    kind: Kind,
) -> AppResult<Registered> {
    let company = tenant.company;
    let Request { reason, cash } = request_of(body)?;
    let branch = tenant.branch(conn)?;
    let counter = sequence::lock(conn, company, &branch, kind.counter())?;
    let sale = sale_of(conn, tenant, branch.id, kind, body)?;
    let sustento: Option<Sustento> = match kind {
        Kind::Internal => None,
        Kind::Electronic => Some(electronic::sustento(conn, company, &sale)?),
    };
    let sale_lines = Sale::lines(conn, company, sale.id)?;
    let returned = CreditNote::returned(conn, company, sale.id)?;
    let portions = portions(body, kind, &sale_lines, &returned)?;
    let totals = totals_of(&portions)?;
    let total = micros(totals.total)?;
    let receivable = receivable_to_lower(conn, company, sale.id, cash, total)?;
    let sequential = counter.next();
    let number = counter.format(sequential);
    let at = now();
    let id = CreditNote::insert(
        conn,
        &NewCreditNote {
            company_id: company.get(),
            branch_office_id: branch.id,
            emission_point_id: counter.emission_point_id,
            sequential,
            number: &number,
            sale_id: sale.id,
            client_id: sale.client_id,
            user_id: tenant.user_id(),
            reason: &reason,
            refund: if cash { "cash" } else { "credit" },
            subtotal: micros(totals.total_without_taxes)?,
            iva: micros(totals.iva)?,
            total,
            created_at: at,
            kind: kind.as_str(),
        },
    )?;
    let note = Stored {
        tenant,
        kind,
        sale: &sale,
        portions: &portions,
        id,
        sequential,
        number,
        total,
    };
    return_goods(conn, &note)?;
    insert_lines(conn, &note, &totals)?;
    refund(conn, &note, receivable)?;
    let document_id = match &sustento {
        None => None,
        Some(sustento) => Some(queue_document(
            conn, &note, sustento, &branch, &counter, &reason,
        )?),
    };
    crate::services::reports::summary::record_credit_note(conn, company, tenant.zone(), id)?;
    sequence::advance(conn, &counter)?;
    Ok(Registered { id, document_id })
}
