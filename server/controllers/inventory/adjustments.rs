//! `/api/inventory/adjustment`: inventory adjustments, register only (a wrong one is corrected by
//! another). Lines are entered (positive quantity) or taken out (negative), or, in count mode,
//! the counted quantity is given and the difference with the stock is posted.

use std::collections::HashMap;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::Value;

use super::input::{micros, optional_id, required_micros, text};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::error::{AppError, AppResult, not_in_table};
use crate::http::json::JsonBody;
use crate::http::params::PathId;
use crate::models::CompanyId;
use crate::models::inventory::adjustment::{Adjustment, NewAdjustment};
use crate::models::inventory::cost::times;
use crate::models::inventory::kardex::KardexRow;
use crate::models::inventory::movements::{
    Document, Movement, MovementType, UnitCost, lock_keys, post_movements,
};
use crate::models::inventory::product::Product;
use crate::models::inventory::transfer::lock_branch_numbering;
use crate::models::inventory::warehouse::Warehouse;
use crate::util::time::now;
use crate::validation::{check_fields, optional_text, required_text};
use crate::views::inventory::document::{AdjustmentView, DocumentLineView};
use crate::views::inventory::product::{price, quantity};

/// Most lines one document may carry.
pub const LINES_MAX: usize = 2000;

/// Body of register: `{cellarId, reason, note, lines: [{productId, quantity, unitCost?}]}` or,
/// in count mode, `{cellarId, mode: "count", lines: [{productId, counted}]}`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AdjustmentBody {
    cellar_id: Option<Value>,
    mode: Option<String>,
    reason: Option<String>,
    note: Option<String>,
    lines: Option<Vec<LineBody>>,
}

/// A line of the body.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LineBody {
    product_id: Option<Value>,
    quantity: Option<Value>,
    unit_cost: Option<Value>,
    counted: Option<Value>,
}

/// A validated line: product, signed quantity (or counted quantity), unit cost.
struct Line {
    product: Product,
    amount: i64,
    unit_cost: Option<i64>,
}

/// An ISO date-time (UTC) for views.
pub fn iso(at: chrono::NaiveDateTime) -> String {
    at.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// The views of a document's lines: `(product, signed quantity, unit cost)`.
pub fn line_views(
    conn: &mut DbConnection,
    company: CompanyId,
    lines: &[(i64, i64, i64)],
) -> AppResult<Vec<DocumentLineView>> {
    let ids: Vec<i64> = lines.iter().map(|l| l.0).collect();
    let products: HashMap<i64, Product> = Product::find_many(conn, company, &ids)?
        .into_iter()
        .map(|p| (p.id, p))
        .collect();
    Ok(lines
        .iter()
        .map(|(product, q, cost)| {
            let p = products.get(product);
            DocumentLineView {
                product_id: *product,
                code: p.map(|p| p.code.clone()).unwrap_or_default(),
                name: p.map(|p| p.name.clone()).unwrap_or_default(),
                unit: p.map(|p| p.unit.clone()).unwrap_or_default(),
                quantity: quantity(*q),
                unit_cost: price(*cost),
                total_cost: crate::domain::money::fmt2(crate::domain::money::from_micros(times(
                    q.abs(),
                    *cost,
                ))),
            }
        })
        .collect())
}

/// The warehouse of the body: the company's, in the selected branch.
pub fn branch_cellar(
    conn: &mut DbConnection,
    tenant: &Tenant,
    value: Option<&Value>,
    field: &str,
) -> AppResult<Warehouse> {
    let branch = tenant.branch(conn)?.id;
    let cellar = match optional_id(value) {
        Ok(Some(id)) => Warehouse::find(conn, tenant.company, id)?,
        _ => None,
    };
    match cellar {
        Some(w) if w.branch_office_id == branch => Ok(w),
        Some(_) => Err(AppError::field(
            field,
            "La bodega no pertenece a la sucursal seleccionada",
        )),
        None => Err(AppError::field(field, "Seleccione una bodega")),
    }
}

fn view(conn: &mut DbConnection, company: CompanyId, a: &Adjustment) -> AppResult<AdjustmentView> {
    let lines: Vec<(i64, i64, i64)> = Adjustment::lines(conn, company, a.id)?
        .iter()
        .map(|l| (l.product_id, l.quantity, l.unit_cost))
        .collect();
    let cellar = Warehouse::find(conn, company, a.warehouse_id)?;
    let user = match a.user_id {
        Some(u) => KardexRow::user_names(conn, company, &[u])?.remove(&u),
        None => None,
    };
    Ok(AdjustmentView {
        id: a.id,
        number: a.number,
        date: iso(a.date),
        cellar_id: a.warehouse_id,
        cellar_name: cellar.map(|c| c.name).unwrap_or_default(),
        mode: a.mode.clone(),
        reason: a.reason.clone(),
        note: a.note.clone(),
        user,
        lines: line_views(conn, company, &lines)?,
    })
}

/// Validates the lines (product of the company with stock, quantity, cost).
fn lines(
    conn: &mut DbConnection,
    company: CompanyId,
    body: &AdjustmentBody,
    count: bool,
) -> AppResult<Vec<Line>> {
    let raw = body.lines.as_deref().unwrap_or_default();
    if raw.is_empty() {
        return Err(AppError::field("lines", "Agregue al menos un producto"));
    }
    if raw.len() > LINES_MAX {
        return Err(AppError::field(
            "lines",
            format!("Un documento admite hasta {LINES_MAX} líneas"),
        ));
    }
    let mut out = Vec::with_capacity(raw.len());
    for (n, line) in raw.iter().enumerate() {
        let row = n + 1;
        let product = match optional_id(line.product_id.as_ref()) {
            Ok(Some(id)) => Product::find(conn, company, id)?,
            _ => None,
        }
        .ok_or_else(|| AppError::field("lines", format!("Línea {row}: el producto no existe")))?;
        if !product.is_stocked() {
            return Err(AppError::field(
                "lines",
                format!("Línea {row}: «{}» no lleva stock", product.name),
            ));
        }
        let amount = if count {
            required_micros(line.counted.as_ref(), "La cantidad contada", false, false)
        } else {
            required_micros(line.quantity.as_ref(), "La cantidad", false, true).and_then(|q| {
                if q == 0 {
                    Err("La cantidad no puede ser cero".into())
                } else {
                    Ok(q)
                }
            })
        }
        .map_err(|e| AppError::field("lines", format!("Línea {row}: {e}")))?;
        let unit_cost = micros(line.unit_cost.as_ref(), "El costo unitario", false, false)
            .map_err(|e| AppError::field("lines", format!("Línea {row}: {e}")))?;
        out.push(Line {
            product,
            amount,
            unit_cost,
        });
    }
    Ok(out)
}

/// Registers an adjustment in one transaction (all lines or none); used by the API and tests.
pub fn register_in(
    conn: &mut DbConnection,
    tenant: &Tenant,
    body: &AdjustmentBody,
) -> AppResult<AdjustmentView> {
    let count = match body.mode.as_deref() {
        None | Some("") | Some("lines") => false,
        Some("count") => true,
        Some(_) => return Err(AppError::field("mode", "El modo del ajuste no es válido")),
    };
    let cellar = branch_cellar(conn, tenant, body.cellar_id.as_ref(), "cellarId")?;
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
    let mut signed: Vec<(i64, i64, Option<i64>)> = Vec::new();
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
        if delta != 0 {
            signed.push((line.product.id, delta, line.unit_cost));
        }
    }
    if signed.is_empty() {
        return Err(AppError::field(
            "lines",
            "El conteo coincide con el stock: no hay diferencias que ajustar",
        ));
    }
    lock_branch_numbering(conn, cellar.branch_office_id)?;
    let number = Adjustment::next_number(conn, cellar.branch_office_id)?;
    let at = now();
    let id = Adjustment::insert(
        conn,
        &NewAdjustment {
            company_id: tenant.company.get(),
            branch_office_id: cellar.branch_office_id,
            number,
            date: at,
            warehouse_id: cellar.id,
            mode: if count { "count" } else { "lines" }.into(),
            reason,
            note,
            user_id: Some(tenant.user_id()),
            created_at: at,
        },
    )?;
    let movements: Vec<Movement> = signed
        .iter()
        .map(|(product, delta, cost)| Movement {
            product_id: *product,
            warehouse_id: cellar.id,
            kind: if *delta > 0 {
                MovementType::AdjustmentIn
            } else {
                MovementType::AdjustmentOut
            },
            quantity: delta.abs(),
            cost: match cost {
                Some(c) if *delta > 0 => UnitCost::Given(*c),
                _ => UnitCost::Average,
            },
        })
        .collect();
    let posted = post_movements(
        conn,
        tenant.company,
        Some(tenant.user_id()),
        &Document {
            doc_type: "adjustment",
            id: Some(id),
            number: Some(format!("{number:06}")),
        },
        &movements,
    )?;
    for ((product, delta, _), cost) in signed.iter().zip(&posted) {
        Adjustment::insert_line(conn, id, *product, *delta, cost.unit_cost)?;
    }
    let adjustment = Adjustment::find(conn, tenant.company, id)?.ok_or_else(not_in_table)?;
    view(conn, tenant.company, &adjustment)
}

/// One page of the branch's adjustments.
pub fn list_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    params: &ListParams,
) -> AppResult<Page<AdjustmentView>> {
    let branch = tenant.branch(conn)?.id;
    Adjustment::list(conn, tenant.company, branch, params)?
        .try_map(|a| view(conn, tenant.company, &a))
}

/// `GET /api/inventory/adjustment`.
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    params: ListParams,
) -> AppResult<Json<Page<AdjustmentView>>> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    Ok(Json(
        state
            .db
            .run(move |conn| list_page(conn, &tenant, &params))
            .await?,
    ))
}

/// `POST /api/inventory/adjustment/register`.
pub async fn register(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<AdjustmentBody>,
) -> AppResult<(StatusCode, Json<AdjustmentView>)> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let created = state
        .db
        .write(move |conn| register_in(conn, &tenant, &body))
        .await?;
    Ok((StatusCode::CREATED, Json(created)))
}

/// `GET /api/inventory/adjustment/{id}`.
pub async fn get(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<AdjustmentView>> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    Ok(Json(
        state
            .db
            .run(move |conn| {
                let a = Adjustment::find(conn, tenant.company, id)?.ok_or_else(not_in_table)?;
                view(conn, tenant.company, &a)
            })
            .await?,
    ))
}
