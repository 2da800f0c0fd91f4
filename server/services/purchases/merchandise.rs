//! A merchandise purchase's body: `{idempotencyKey, supplierId, documentNumber, authorization?,
//! date, cellarId, lines: [{productId, quantity, unitCost, discount?, ivaCode}], payment}` read
//! into a [`PurchaseInput`] for [`super::purchase::register`]. The Lector .SRI builds the same
//! input from a received factura and calls the same service.

use serde::Deserialize;

use crate::auth::roles::Tenant;
use crate::command::{IdInput, NumberInput};
use crate::db::DbConnection;
use crate::error::AppResult;
use crate::services::inventory::documents::check_line_count;
use crate::services::inventory::line_input;
use crate::services::inventory::warehouses::selected_branch_cellar;

use super::input::{self, Head, HeadFields, PaymentBody};
use super::purchase::{self, Kind, PurchaseInput, Registered};
use super::withholding::WithholdingBody;

/// The request.
#[derive(Debug, Clone, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct MerchandiseBody {
    pub idempotency_key: Option<String>,
    #[ts(optional = nullable)]
    pub supplier_id: IdInput,
    pub document_number: Option<String>,
    pub authorization: Option<String>,
    pub date: Option<String>,
    #[ts(optional = nullable)]
    pub cellar_id: IdInput,
    pub lines: Option<Vec<LineBody>>,
    pub payment: Option<PaymentBody>,
    /// The retención issued with the purchase (withholding agents).
    pub withholding: Option<WithholdingBody>,
}

/// A line of the request.
#[derive(Debug, Clone, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[ts(rename = "MerchandiseLineBody")]
#[serde(rename_all = "camelCase")]
pub struct LineBody {
    #[ts(optional = nullable)]
    pub product_id: IdInput,
    #[ts(optional = nullable)]
    pub quantity: NumberInput,
    #[ts(optional = nullable)]
    pub unit_cost: NumberInput,
    #[ts(optional = nullable)]
    pub discount: NumberInput,
    pub iva_code: Option<String>,
}

/// Reads the body (every product a stocked product of the company).
pub fn read(
    conn: &mut DbConnection,
    tenant: &Tenant,
    body: &MerchandiseBody,
) -> AppResult<PurchaseInput> {
    let head = Head::read(
        tenant,
        HeadFields {
            idempotency_key: &body.idempotency_key,
            supplier_id: &body.supplier_id,
            document_number: &body.document_number,
            authorization: &body.authorization,
            date: &body.date,
            withholding: &body.withholding,
        },
        true,
    )?;
    let cellar = selected_branch_cellar(conn, tenant, &body.cellar_id, "cellarId")?;
    let payment = input::payment(body.payment.as_ref())?;
    let raw = body.lines.as_deref().unwrap_or_default();
    check_line_count(raw.len())?;
    let mut lines = Vec::with_capacity(raw.len());
    for (n, line) in raw.iter().enumerate() {
        let row = n + 1;
        let product = line_input::stocked_product(conn, tenant.company, &line.product_id, row)?;
        let description = product.name.clone();
        lines.push(input::line(
            row,
            Some(product),
            description,
            &line.quantity,
            &line.unit_cost,
            &line.discount,
            &line.iva_code,
        )?);
    }
    Ok(head.input(Kind::Merchandise, Some(cellar), None, lines, payment))
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
