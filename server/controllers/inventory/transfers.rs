//! `/api/inventory/transfer`: transfers between warehouses (of this or another branch of the
//! company), register only, with the guía de remisión's data. Each line leaves the origin at its
//! average cost and enters the destination at that same cost, in one transaction.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::NaiveDate;
use serde::Deserialize;
use serde_json::Value;

use super::adjustments::{LINES_MAX, branch_cellar, iso, line_views};
use super::input::{optional_id, required_micros, text};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::error::{AppError, AppResult, not_in_table};
use crate::http::json::JsonBody;
use crate::http::params::PathId;
use crate::models::CompanyId;
use crate::models::inventory::kardex::KardexRow;
use crate::models::inventory::movements::{
    Document, Movement, MovementType, UnitCost, lock_keys, post_movements,
};
use crate::models::inventory::product::Product;
use crate::models::inventory::transfer::{NewTransfer, Transfer, lock_branch_numbering};
use crate::models::inventory::warehouse::Warehouse;
use crate::util::time::now;
use crate::validation::{check_fields, optional_text, required_text};
use crate::views::inventory::document::TransferView;

/// Body of register: `{fromCellarId, toCellarId, lines: [{productId, quantity}], …guía fields}`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TransferBody {
    from_cellar_id: Option<Value>,
    to_cellar_id: Option<Value>,
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

/// A line of the body.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TransferLineBody {
    product_id: Option<Value>,
    quantity: Option<Value>,
}

fn date(value: &Option<String>, what: &str) -> Result<Option<NaiveDate>, String> {
    match text(value) {
        None => Ok(None),
        Some(t) => NaiveDate::parse_from_str(&t, "%Y-%m-%d")
            .map(Some)
            .map_err(|_| format!("{what} no es válida: use el formato AAAA-MM-DD")),
    }
}

/// The view of a transfer.
pub fn view(conn: &mut DbConnection, company: CompanyId, t: &Transfer) -> AppResult<TransferView> {
    let lines: Vec<(i64, i64, i64)> = Transfer::lines(conn, company, t.id)?
        .iter()
        .map(|l| (l.product_id, l.quantity, l.unit_cost))
        .collect();
    let name = |conn: &mut DbConnection, id| -> AppResult<String> {
        Ok(Warehouse::find(conn, company, id)?
            .map(|w| w.name)
            .unwrap_or_default())
    };
    let user = match t.user_id {
        Some(u) => KardexRow::user_names(conn, company, &[u])?.remove(&u),
        None => None,
    };
    Ok(TransferView {
        id: t.id,
        number: t.number,
        date: iso(t.date),
        from_cellar_id: t.from_warehouse_id,
        from_cellar_name: name(conn, t.from_warehouse_id)?,
        to_cellar_id: t.to_warehouse_id,
        to_cellar_name: name(conn, t.to_warehouse_id)?,
        reason: t.reason.clone(),
        note: t.note.clone(),
        carrier_name: t.carrier_name.clone(),
        carrier_identification: t.carrier_identification.clone(),
        plate: t.plate.clone(),
        start_date: t.start_date.map(|d| d.to_string()),
        end_date: t.end_date.map(|d| d.to_string()),
        origin_address: t.origin_address.clone(),
        destination_address: t.destination_address.clone(),
        user,
        lines: line_views(conn, company, &lines)?,
    })
}

/// Registers a transfer in one transaction.
pub fn register_in(
    conn: &mut DbConnection,
    tenant: &Tenant,
    body: &TransferBody,
) -> AppResult<TransferView> {
    let from = branch_cellar(conn, tenant, body.from_cellar_id.as_ref(), "fromCellarId")?;
    let to = match optional_id(body.to_cellar_id.as_ref()) {
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
    let mut lines = Vec::with_capacity(raw.len());
    for (n, line) in raw.iter().enumerate() {
        let row = n + 1;
        let product = match optional_id(line.product_id.as_ref()) {
            Ok(Some(id)) => Product::find(conn, tenant.company, id)?,
            _ => None,
        }
        .filter(Product::is_stocked)
        .ok_or_else(|| {
            AppError::field(
                "lines",
                format!("Línea {row}: el producto no existe o no lleva stock"),
            )
        })?;
        let q = required_micros(line.quantity.as_ref(), "La cantidad", true, false)
            .map_err(|e| AppError::field("lines", format!("Línea {row}: {e}")))?;
        lines.push((product.id, q));
    }
    lock_keys(
        conn,
        tenant.company,
        lines.iter().flat_map(|(p, _)| [(*p, from.id), (*p, to.id)]),
    )?;
    lock_branch_numbering(conn, from.branch_office_id)?;
    let number = Transfer::next_number(conn, from.branch_office_id)?;
    let at = now();
    let id = Transfer::insert(
        conn,
        &NewTransfer {
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
            start_date: start.map_err(AppError::BadRequest)?,
            end_date: end.map_err(AppError::BadRequest)?,
            origin_address: text(&body.origin_address),
            destination_address: text(&body.destination_address),
            user_id: Some(tenant.user_id()),
            created_at: at,
        },
    )?;
    let mut movements = Vec::with_capacity(lines.len() * 2);
    for (i, (product, q)) in lines.iter().enumerate() {
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
    let posted = post_movements(
        conn,
        tenant.company,
        Some(tenant.user_id()),
        &Document {
            doc_type: "transfer",
            id: Some(id),
            number: Some(format!("{number:06}")),
        },
        &movements,
    )?;
    for (i, (product, q)) in lines.iter().enumerate() {
        Transfer::insert_line(conn, id, *product, *q, posted[2 * i].unit_cost)?;
    }
    let transfer = Transfer::find(conn, tenant.company, id)?.ok_or_else(not_in_table)?;
    view(conn, tenant.company, &transfer)
}

/// One page of the branch's transfers.
pub fn list_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    params: &ListParams,
) -> AppResult<Page<TransferView>> {
    let branch = tenant.branch(conn)?.id;
    Transfer::list(conn, tenant.company, branch, params)?
        .try_map(|t| view(conn, tenant.company, &t))
}

/// `GET /api/inventory/transfer`.
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    params: ListParams,
) -> AppResult<Json<Page<TransferView>>> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    Ok(Json(
        state
            .db
            .run(move |conn| list_page(conn, &tenant, &params))
            .await?,
    ))
}

/// `POST /api/inventory/transfer/register`.
pub async fn register(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<TransferBody>,
) -> AppResult<(StatusCode, Json<TransferView>)> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let created = state
        .db
        .write(move |conn| register_in(conn, &tenant, &body))
        .await?;
    Ok((StatusCode::CREATED, Json(created)))
}

/// `GET /api/inventory/transfer/{id}`.
pub async fn get(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<TransferView>> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    Ok(Json(
        state
            .db
            .run(move |conn| {
                let t = Transfer::find(conn, tenant.company, id)?.ok_or_else(not_in_table)?;
                view(conn, tenant.company, &t)
            })
            .await?,
    ))
}

/// The printable guía de remisión of transfer `id` (the issuer is the company and the origin
/// branch).
pub fn print_data(
    conn: &mut DbConnection,
    tenant: &Tenant,
    id: i64,
) -> AppResult<crate::views::inventory::document::TransferPrintView> {
    use crate::models::config::branch_office::BranchOffice;
    use crate::models::config::company::Company;
    let transfer = Transfer::find(conn, tenant.company, id)?.ok_or_else(not_in_table)?;
    let company = Company::find(conn, tenant.company)?;
    let branch = BranchOffice::find_in_company(conn, tenant.company, transfer.branch_office_id)?
        .ok_or_else(not_in_table)?;
    Ok(crate::views::inventory::document::TransferPrintView {
        transfer: view(conn, tenant.company, &transfer)?,
        company_name: company.business_name.clone(),
        ruc: company.ruc.clone(),
        branch_code: branch.code,
        branch_name: branch.name,
        branch_address: branch.address,
    })
}
