//! Registering a transfer between warehouses (of this or another branch of the company) with the
//! guía de remisión's data: each line leaves the origin at its average cost and enters the
//! destination at that same cost, in one transaction.

use chrono::NaiveDate;
use serde::Deserialize;

use crate::auth::roles::Tenant;
use crate::db::DbConnection;

use crate::command::{IdInput, NumberInput, text};
use crate::error::{AppError, AppResult};
use crate::models::inventory::product::Product;
use crate::models::inventory::transfer::{NewTransfer, Transfer};
use crate::models::inventory::warehouse::Warehouse;
use crate::services::inventory::documents::{self, KeptLine, check_line_count, line_problem};
use crate::services::inventory::line_input;
use crate::services::inventory::stock::{Movement, MovementType, UnitCost, lock_keys};
use crate::services::inventory::warehouses::selected_branch_cellar;
use crate::validation::{check_fields, optional_text, required_text};

/// The request: `{fromCellarId, toCellarId, lines: [{productId, quantity}], …guía fields}`.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct TransferBody {
    #[ts(optional = nullable)]
    from_cellar_id: IdInput,
    #[ts(optional = nullable)]
    to_cellar_id: IdInput,
    reason: Option<String>,
    note: Option<String>,
    carrier_name: Option<String>,
    carrier_identification: Option<String>,
    plate: Option<String>,
    start_date: Option<String>,
    end_date: Option<String>,
    origin_address: Option<String>,
    destination_address: Option<String>,
    lines: Option<Vec<TransferLineBody>>,
}

/// A line of the request.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct TransferLineBody {
    #[ts(optional = nullable)]
    product_id: IdInput,
    #[ts(optional = nullable)]
    quantity: NumberInput,
}

fn date(value: &Option<String>, what: &str) -> Result<Option<NaiveDate>, String> {
    match text(value) {
        None => Ok(None),
        Some(t) => NaiveDate::parse_from_str(&t, "%Y-%m-%d")
            .map(Some)
            .map_err(|_| format!("{what} no es válida: use el formato AAAA-MM-DD")),
    }
}

/// Registers a transfer from a warehouse of the selected branch in the caller's write
/// transaction; returns its id.
pub fn register(conn: &mut DbConnection, tenant: &Tenant, body: &TransferBody) -> AppResult<i64> {
    let from = selected_branch_cellar(conn, tenant, &body.from_cellar_id, "fromCellarId")?;
    let to = destination(conn, tenant, body, &from)?;
    let Checked {
        reason,
        note,
        start,
        end,
    } = check_body(body)?;
    let lines = read_lines(conn, tenant, body)?;
    lock_keys(
        conn,
        tenant.company,
        lines.iter().flat_map(|(p, _)| [(*p, from.id), (*p, to.id)]),
    )?;
    let (movements, kept) = movements_of(&lines, &from, &to);
    let user = tenant.user_id();
    documents::register::<Transfer>(
        conn,
        tenant.company,
        user,
        from.branch_office_id,
        |number, at| NewTransfer {
            company_id: tenant.company.get(),
            branch_office_id: from.branch_office_id,
            number,
            date: at,
            from_warehouse_id: from.id,
            to_warehouse_id: to.id,
            reason,
            note,
            carrier_name: text(&body.carrier_name),
            carrier_identification: text(&body.carrier_identification),
            plate: text(&body.plate).map(|p| p.to_uppercase()),
            start_date: start,
            end_date: end,
            origin_address: text(&body.origin_address),
            destination_address: text(&body.destination_address),
            user_id: Some(user),
            created_at: at,
        },
        &movements,
        &kept,
    )
}

/// The destination warehouse (`toCellarId`): any of the company's, but not the origin.
fn destination(
    conn: &mut DbConnection,
    tenant: &Tenant,
    body: &TransferBody,
    from: &Warehouse,
) -> AppResult<Warehouse> {
    let to = match body.to_cellar_id.optional() {
        Ok(Some(id)) => Warehouse::find(conn, tenant.company, id)?,
        _ => None,
    }
    .ok_or_else(|| AppError::field("toCellarId", "Seleccione la bodega de destino"))?;
    if to.id == from.id {
        return Err(AppError::field(
            "toCellarId",
            "La bodega de destino debe ser distinta de la de origen",
        ));
    }
    Ok(to)
}

/// The transfer's own fields, checked: the reason (a default when empty), the note and the
/// transport's dates.
struct Checked {
    reason: String,
    note: Option<String>,
    start: Option<NaiveDate>,
    end: Option<NaiveDate>,
}

/// Checks the transfer's fields and the guía's (every problem at once, 400 by field).
fn check_body(body: &TransferBody) -> AppResult<Checked> {
    let reason = text(&body.reason).unwrap_or_else(|| "Transferencia entre bodegas".into());
    let note = text(&body.note);
    let start = date(&body.start_date, "La fecha de inicio del traslado");
    let end = date(&body.end_date, "La fecha de fin del traslado");
    let order = match (&start, &end) {
        (Ok(Some(s)), Ok(Some(e))) if e < s => {
            Some("La fecha de fin no puede ser anterior a la de inicio".to_string())
        }
        _ => None,
    };
    check_fields([
        ("reason", required_text(&reason, "El motivo", 200)),
        ("note", optional_text(note.as_deref(), "La nota", 1000)),
        (
            "carrierName",
            optional_text(body.carrier_name.as_deref(), "El transportista", 300),
        ),
        (
            "carrierIdentification",
            optional_text(
                body.carrier_identification.as_deref(),
                "La identificación del transportista",
                20,
            ),
        ),
        (
            "plate",
            optional_text(body.plate.as_deref(), "La placa", 20),
        ),
        ("startDate", start.clone().err()),
        ("endDate", end.clone().err().or(order)),
        (
            "originAddress",
            optional_text(
                body.origin_address.as_deref(),
                "La dirección de partida",
                300,
            ),
        ),
        (
            "destinationAddress",
            optional_text(
                body.destination_address.as_deref(),
                "La dirección de llegada",
                300,
            ),
        ),
    ])?;
    Ok(Checked {
        reason,
        note,
        start: start.map_err(AppError::BadRequest)?,
        end: end.map_err(AppError::BadRequest)?,
    })
}

/// The lines as `(product, quantity)`: each a stocked product of the company with a valid
/// quantity (400 naming the line otherwise).
fn read_lines(
    conn: &mut DbConnection,
    tenant: &Tenant,
    body: &TransferBody,
) -> AppResult<Vec<(i64, i64)>> {
    let raw = body.lines.as_deref().unwrap_or_default();
    check_line_count(raw.len())?;
    let mut lines = Vec::with_capacity(raw.len());
    for (n, line) in raw.iter().enumerate() {
        let row = n + 1;
        let product = line_input::product(conn, tenant.company, &line.product_id)?
            .filter(Product::is_stocked)
            .ok_or_else(|| line_problem(row, "el producto no existe o no lleva stock"))?;
        let q = line_input::quantity(&line.quantity, row)?;
        lines.push((product.id, q));
    }
    Ok(lines)
}

/// Two movements per line, the exit from `from` at its average and the entry into `to` at the
/// cost the exit left at, and the kept lines pointing at each exit.
fn movements_of(
    lines: &[(i64, i64)],
    from: &Warehouse,
    to: &Warehouse,
) -> (Vec<Movement>, Vec<KeptLine>) {
    let mut movements = Vec::with_capacity(lines.len() * 2);
    let mut kept = Vec::with_capacity(lines.len());
    for (i, (product, q)) in lines.iter().enumerate() {
        kept.push(KeptLine {
            product_id: *product,
            quantity: *q,
            movement: 2 * i,
        });
        movements.push(Movement {
            product_id: *product,
            warehouse_id: from.id,
            kind: MovementType::TransferOut,
            quantity: *q,
            cost: UnitCost::Average,
        });
        movements.push(Movement {
            product_id: *product,
            warehouse_id: to.id,
            kind: MovementType::TransferIn,
            quantity: *q,
            cost: UnitCost::SameAs(2 * i),
        });
    }
    (movements, kept)
}
