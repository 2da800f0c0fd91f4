//! Registering an inventory adjustment: lines entered (positive quantity) or taken out
//! (negative), or, in count mode, the counted quantity, of which the difference with the stock is
//! posted. Checking a line reads the product, so the checks run here, line by line, in the order
//! the API reports them.

use serde::Deserialize;

use crate::auth::roles::Tenant;
use crate::command::{IdInput, NumberInput, text};
use crate::db::DbConnection;
use crate::domain::limits::QUANTITY;
use crate::error::{AppError, AppResult};
use crate::models::CompanyId;
use crate::models::inventory::adjustment::{Adjustment, NewAdjustment};
use crate::models::inventory::product::Product;
use crate::services::inventory::documents::{self, KeptLine, check_line_count, line_problem};
use crate::services::inventory::line_input;
use crate::services::inventory::stock::{Movement, MovementType, UnitCost, lock_keys};
use crate::services::inventory::warehouses::selected_branch_cellar;
use crate::validation::{check_fields, optional_text, required_text};

/// The request: `{cellarId, reason, note, lines: [{productId, quantity, unitCost?}]}` or, in
/// count mode, `{cellarId, mode: "count", lines: [{productId, counted}]}`.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct AdjustmentBody {
    #[ts(optional = nullable)]
    cellar_id: IdInput,
    mode: Option<String>,
    reason: Option<String>,
    note: Option<String>,
    lines: Option<Vec<LineBody>>,
}

/// A line of the request.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(rename = "AdjustmentLineBody")]
#[serde(rename_all = "camelCase")]
pub struct LineBody {
    #[ts(optional = nullable)]
    product_id: IdInput,
    #[ts(optional = nullable)]
    quantity: NumberInput,
    #[ts(optional = nullable)]
    unit_cost: NumberInput,
    #[ts(optional = nullable)]
    counted: NumberInput,
}

/// A checked line: product, signed quantity (or counted quantity), unit cost.
struct Line {
    product: Product,
    amount: i64,
    unit_cost: Option<i64>,
}

/// Checks the lines (product of the company with stock, quantity, cost).
fn lines(
    conn: &mut DbConnection,
    company: CompanyId,
    body: &AdjustmentBody,
    count: bool,
) -> AppResult<Vec<Line>> {
    let raw = body.lines.as_deref().unwrap_or_default();
    check_line_count(raw.len())?;
    let mut out = Vec::with_capacity(raw.len());
    for (n, line) in raw.iter().enumerate() {
        let row = n + 1;
        let product = line_input::stocked_product(conn, company, &line.product_id, row)?;
        let amount = if count {
            line.counted
                .required_micros("La cantidad contada", false, false, QUANTITY)
        } else {
            line.quantity
                .required_micros("La cantidad", false, true, QUANTITY)
                .and_then(|q| {
                    if q == 0 {
                        Err("La cantidad no puede ser cero".into())
                    } else {
                        Ok(q)
                    }
                })
        }
        .map_err(|e| line_problem(row, e))?;
        let unit_cost = line_input::unit_cost(&line.unit_cost, row)?;
        out.push(Line {
            product,
            amount,
            unit_cost,
        });
    }
    Ok(out)
}

/// Registers an adjustment of the selected branch in the caller's write transaction (all lines
/// or none); returns its id.
pub fn register(conn: &mut DbConnection, tenant: &Tenant, body: &AdjustmentBody) -> AppResult<i64> {
    let count = match body.mode.as_deref() {
        None | Some("") | Some("lines") => false,
        Some("count") => true,
        Some(_) => return Err(AppError::field("mode", "El modo del ajuste no es válido")),
    };
    let cellar = selected_branch_cellar(conn, tenant, &body.cellar_id, "cellarId")?;
    let reason = text(&body.reason).unwrap_or_else(|| {
        if count {
            "Conteo físico".into()
        } else {
            String::new()
        }
    });
    let note = text(&body.note);
    check_fields([
        ("reason", required_text(&reason, "El motivo", 200)),
        ("note", optional_text(note.as_deref(), "La nota", 1000)),
    ])?;
    let lines = lines(conn, tenant.company, body, count)?;
    // Stock first (the fixed order every module follows), then the branch's numbering.
    let locked = lock_keys(
        conn,
        tenant.company,
        lines.iter().map(|l| (l.product.id, cellar.id)),
    )?;
    let mut movements = Vec::new();
    let mut kept = Vec::new();
    for line in &lines {
        let delta = if count {
            let on_hand = locked
                .iter()
                .find(|s| s.product_id == line.product.id)
                .map_or(0, |s| s.quantity);
            line.amount - on_hand
        } else {
            line.amount
        };
        if delta == 0 {
            continue;
        }
        kept.push(KeptLine {
            product_id: line.product.id,
            quantity: delta,
            movement: movements.len(),
        });
        movements.push(Movement {
            product_id: line.product.id,
            warehouse_id: cellar.id,
            kind: if delta > 0 {
                MovementType::AdjustmentIn
            } else {
                MovementType::AdjustmentOut
            },
            quantity: delta.abs(),
            cost: match line.unit_cost {
                Some(c) if delta > 0 => UnitCost::Given(c),
                _ => UnitCost::Average,
            },
        });
    }
    if movements.is_empty() {
        return Err(AppError::field(
            "lines",
            "El conteo coincide con el stock: no hay diferencias que ajustar",
        ));
    }
    let user = tenant.user_id();
    documents::register::<Adjustment>(
        conn,
        tenant.company,
        user,
        cellar.branch_office_id,
        |number, at| NewAdjustment {
            company_id: tenant.company.get(),
            branch_office_id: cellar.branch_office_id,
            number,
            date: at,
            warehouse_id: cellar.id,
            mode: if count { "count" } else { "lines" }.into(),
            reason,
            note,
            user_id: Some(user),
            created_at: at,
        },
        &movements,
        &kept,
    )
}
