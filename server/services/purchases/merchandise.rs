//! A merchandise purchase's body: `{idempotencyKey, supplierId, documentNumber, authorization?,
//! date, cellarId, lines: [{productId, quantity, unitCost, discount?, ivaCode}], payment}` read
//! into a [`PurchaseInput`] for [`super::purchase::register`]. The Lector .SRI builds the same
//! input from a received factura and calls the same service.

use serde::Deserialize;
use serde_json::Value;

use crate::auth::roles::Tenant;
use crate::db::DbConnection;
use crate::domain::limits::{QUANTITY, UNIT_PRICE};
use crate::error::AppResult;
use crate::http::input::{micros, optional_id, required_micros};
use crate::models::inventory::product::Product;
use crate::services::inventory::documents::{check_line_count, line_problem};
use crate::services::inventory::warehouses::selected_branch_cellar;

use super::input::{self, PaymentBody};
use super::purchase::{self, Kind, LineInput, PurchaseInput, Registered};

/// The request.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MerchandiseBody {
    pub idempotency_key: Option<String>,
    pub supplier_id: Option<Value>,
    pub document_number: Option<String>,
    pub authorization: Option<String>,
    pub date: Option<String>,
    pub cellar_id: Option<Value>,
    pub lines: Option<Vec<LineBody>>,
    pub payment: Option<PaymentBody>,
}

/// A line of the request.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LineBody {
    pub product_id: Option<Value>,
    pub quantity: Option<Value>,
    pub unit_cost: Option<Value>,
    pub discount: Option<Value>,
    pub iva_code: Option<String>,
}

/// Reads the body (every product a stocked product of the company).
pub fn read(
    conn: &mut DbConnection,
    tenant: &Tenant,
    body: &MerchandiseBody,
) -> AppResult<PurchaseInput> {
    let key = input::key(&body.idempotency_key)?;
    let supplier_id = input::supplier(body.supplier_id.as_ref())?;
    let document_number = input::document_number(&body.document_number, true)?;
    let authorization = input::authorization(&body.authorization)?;
    let date = input::date(&body.date, tenant.zone().today())?;
    let cellar = selected_branch_cellar(conn, tenant, body.cellar_id.as_ref(), "cellarId")?;
    let payment = input::payment(body.payment.as_ref())?;
    let raw = body.lines.as_deref().unwrap_or_default();
    check_line_count(raw.len())?;
    let mut lines = Vec::with_capacity(raw.len());
    for (n, line) in raw.iter().enumerate() {
        let row = n + 1;
        let product = match optional_id(line.product_id.as_ref()) {
            Ok(Some(id)) => Product::find(conn, tenant.company, id)?,
            _ => None,
        }
        .ok_or_else(|| line_problem(row, "el producto no existe"))?;
        if !product.is_stocked() {
            return Err(line_problem(
                row,
                format!("«{}» no lleva stock", product.name),
            ));
        }
        let quantity =
            required_micros(line.quantity.as_ref(), "La cantidad", true, false, QUANTITY)
                .map_err(|e| line_problem(row, e))?;
        let unit_cost = required_micros(
            line.unit_cost.as_ref(),
            "El costo unitario",
            false,
            false,
            UNIT_PRICE,
        )
        .map_err(|e| line_problem(row, e))?;
        let discount = micros(
            line.discount.as_ref(),
            "El descuento",
            false,
            false,
            UNIT_PRICE,
        )
        .map_err(|e| line_problem(row, e))?
        .unwrap_or(0);
        let iva_code = input::iva_code(&line.iva_code).map_err(|e| line_problem(row, e))?;
        lines.push(LineInput {
            description: product.name.clone(),
            product: Some(product),
            quantity,
            unit_cost,
            discount,
            iva_code,
        });
    }
    Ok(PurchaseInput {
        kind: Kind::Merchandise,
        key,
        supplier_id,
        document_number,
        authorization,
        date,
        cellar: Some(cellar),
        category: None,
        lines,
        payment,
    })
}

/// Reads and registers a merchandise purchase in the caller's write transaction.
pub fn register(
    conn: &mut DbConnection,
    tenant: &Tenant,
    body: &MerchandiseBody,
) -> AppResult<Registered> {
    let input = read(conn, tenant, body)?;
    purchase::register(conn, tenant, &input)
}
