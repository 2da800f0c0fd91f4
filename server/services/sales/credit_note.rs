//! Registering an internal credit note against a sales note. Per line at most what was sold minus
//! what earlier credit notes returned; the goods go back to stock at the cost they left with
//! (inventory service); the money leaves the open shift of the user who registers it (cash
//! service) or lowers the sale's receivable. Numbered by its own counter of the emission point.

use std::collections::HashMap;

use rust_decimal::Decimal;
use serde::Deserialize;
use serde_json::Value;

use super::note::NOT_FOUND;
use super::pricing::{iva_micros, micros};
use super::sequence::{self, DocType};
use crate::auth::roles::Tenant;
use crate::db::DbConnection;
use crate::domain::limits::QUANTITY;
use crate::domain::money::{from_micros, money, money_text, qty_from_micros};
use crate::domain::totals;
use crate::error::{AppError, AppResult, conflict};
use crate::http::input::{optional_id, required_micros, text};
use crate::models::cash::movement::{MovementKind, NewMovement};
use crate::models::inventory::product::Product;
use crate::models::sales::credit_note::{CreditNote, CreditNoteLine, NewCreditNote};
use crate::models::sales::note::{Sale, SaleLine};
use crate::models::sales::receivable::Receivable;
use crate::services::cash::posting::{ShiftTarget, post_to_shift};
use crate::services::inventory::stock::{
    Document, Movement, MovementType, UnitCost, post_movements,
};
use crate::util::time::now;
use crate::validation::required_text;

/// Body of register.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CreditNoteBody {
    sale_id: Option<Value>,
    reason: Option<String>,
    lines: Option<Vec<ReturnBody>>,
    refund: Option<String>,
}

/// A returned product and quantity.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReturnBody {
    product_id: Option<Value>,
    quantity: Option<Value>,
}

/// A portion of a sale line being returned.
pub struct Portion<'a> {
    pub line: &'a SaleLine,
    pub quantity: i64,
}

/// The sale of the body, in the company and the selected branch.
fn sale_of(
    conn: &mut DbConnection,
    tenant: &Tenant,
    branch: i64,
    value: Option<&Value>,
) -> AppResult<Sale> {
    let sale = match optional_id(value) {
        Ok(Some(id)) => Sale::find(conn, tenant.company, id)?,
        _ => None,
    }
    .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
    if sale.branch_office_id != branch {
        return Err(AppError::field(
            "saleId",
            "La nota de venta es de otra sucursal: cambie a esa sucursal para registrar la devolución",
        ));
    }
    Ok(sale)
}

/// Splits the asked quantities over the sale's lines of each product (in line order), within
/// what each line may still return.
fn portions<'a>(
    body: &CreditNoteBody,
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
        let product = match optional_id(r.product_id.as_ref()) {
            Ok(Some(id)) => id,
            _ => return Err(at("elija un producto".into())),
        };
        let mut wanted = required_micros(r.quantity.as_ref(), "La cantidad", true, false, QUANTITY)
            .map_err(at)?;
        let of_product: Vec<&SaleLine> = lines.iter().filter(|l| l.product_id == product).collect();
        let Some(first) = of_product.first() else {
            return Err(at("el producto no está en la nota de venta".into()));
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

/// The taxable line of a returned portion: its share of the line's discounts, pro rata.
pub fn taxable(p: &Portion) -> totals::Line {
    let discount = from_micros(p.line.discount + p.line.promotion_discount);
    let share = if p.quantity == p.line.quantity {
        discount
    } else {
        money(discount * from_micros(p.quantity) / from_micros(p.line.quantity))
    };
    totals::Line {
        quantity: from_micros(p.quantity),
        unit_price: from_micros(p.line.unit_price),
        discount: share,
        iva: p.line.iva_code.clone(),
        ice: None,
        irbpnr_bottles: None,
    }
}

/// Registers a credit note in the caller's write transaction; answers its id.
pub fn register(conn: &mut DbConnection, tenant: &Tenant, body: &CreditNoteBody) -> AppResult<i64> {
    let company = tenant.company;
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
    let branch = tenant.branch(conn)?;
    let counter = sequence::lock(conn, company, &branch, DocType::CreditNote)?;
    let sale = sale_of(conn, tenant, branch.id, body.sale_id.as_ref())?;
    let sale_lines = Sale::lines(conn, company, sale.id)?;
    let returned = CreditNote::returned(conn, company, sale.id)?;
    let portions = portions(body, &sale_lines, &returned)?;
    let taxable: Vec<totals::Line> = portions.iter().map(taxable).collect();
    let totals = totals::compute(&taxable, Decimal::ZERO, Decimal::ZERO).map_err(|e| {
        AppError::field(
            "lines",
            e.first().map(|e| e.message.clone()).unwrap_or_default(),
        )
    })?;
    let total = micros(totals.total)?;
    let receivable = if cash {
        None
    } else {
        let r = Receivable::of_sale(conn, company, sale.id)?.ok_or_else(|| {
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
        Some(r)
    };
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
        },
    )?;
    // Goods back at the cost they left with; recipes and services have no stock of their own.
    let stocked: Vec<i64> = Product::find_many(
        conn,
        company,
        &portions
            .iter()
            .map(|p| p.line.product_id)
            .collect::<Vec<_>>(),
    )?
    .into_iter()
    .filter(|p| p.is_stocked())
    .map(|p| p.id)
    .collect();
    let movements: Vec<Movement> = portions
        .iter()
        .filter(|p| stocked.contains(&p.line.product_id))
        .map(|p| Movement {
            product_id: p.line.product_id,
            warehouse_id: sale.warehouse_id,
            kind: MovementType::SaleReturn,
            quantity: p.quantity,
            cost: UnitCost::Given(p.line.unit_cost),
        })
        .collect();
    if !movements.is_empty() {
        post_movements(
            conn,
            company,
            Some(tenant.user_id()),
            &Document {
                doc_type: "credit_note",
                id: Some(id),
                number: Some(number.clone()),
            },
            &movements,
        )?;
    }
    let rows: Vec<CreditNoteLine> = portions
        .iter()
        .zip(&totals.lines)
        .map(|(p, t)| {
            Ok(CreditNoteLine {
                id: 0,
                credit_note_id: id,
                sale_line_id: p.line.id,
                product_id: p.line.product_id,
                quantity: p.quantity,
                net: micros(t.net)?,
                iva: iva_micros(t)?,
            })
        })
        .collect::<AppResult<_>>()?;
    CreditNote::insert_lines(conn, &rows)?;
    match receivable {
        Some(r) if Receivable::lower(conn, company, r.id, total)? != 1 => {
            return Err(conflict("El saldo por cobrar cambió: vuelva a intentarlo"));
        }
        Some(_) => {}
        None if total > 0 => {
            post_to_shift(
                conn,
                company,
                ShiftTarget::OpenOf(tenant.user_id()),
                &NewMovement {
                    kind: MovementKind::CashRefund,
                    amount: total,
                    reason: format!("Nota de crédito {number} (venta {})", sale.number),
                    payment_method: Some("efectivo".into()),
                    source: Some(("credit_note".into(), id)),
                    user_id: tenant.user_id(),
                },
            )?;
        }
        None => {}
    }
    sequence::advance(conn, &counter)?;
    Ok(id)
}
