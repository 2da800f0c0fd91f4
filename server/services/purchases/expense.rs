//! Expenses and manual purchases: purchases that do not touch inventory, read into a
//! [`PurchaseInput`] for the one purchase service.
//!
//! An expense: `{idempotencyKey, supplierId, documentNumber?, authorization?, date, category,
//! description?, amount, ivaCode, payment}` (one line: the amount before IVA). A manual purchase:
//! `{idempotencyKey, supplierId, documentNumber?, authorization?, date, lines: [{description,
//! quantity, unitCost, discount?, ivaCode}], payment}` (free-text lines).

use serde::Deserialize;

use crate::auth::roles::Tenant;
use crate::command::{IdInput, NumberInput, text};
use crate::db::DbConnection;
use crate::domain::limits::AMOUNT;
use crate::error::{AppError, AppResult};
use crate::services::inventory::documents::{check_line_count, line_problem};
use crate::validation::optional_text;

use super::input::{self, Head, HeadFields, PaymentBody};
use super::purchase::{self, Kind, LineInput, Registered};
use super::withholding::WithholdingBody;

/// Expense categories: stored code and Spanish name.
pub const CATEGORIES: [(&str, &str); 6] = [
    ("arriendo", "Arriendo"),
    ("servicios_basicos", "Servicios básicos"),
    ("sueldos", "Sueldos"),
    ("transporte", "Transporte"),
    ("mantenimiento", "Mantenimiento"),
    ("otros", "Otros"),
];

/// Longest line description.
const DESCRIPTION_MAX: usize = 300;

/// An expense's request.
#[derive(Debug, Clone, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct ExpenseBody {
    pub idempotency_key: Option<String>,
    #[ts(optional = nullable)]
    pub supplier_id: IdInput,
    pub document_number: Option<String>,
    pub authorization: Option<String>,
    pub date: Option<String>,
    pub category: Option<String>,
    pub description: Option<String>,
    #[ts(optional = nullable)]
    pub amount: NumberInput,
    pub iva_code: Option<String>,
    pub payment: Option<PaymentBody>,
    /// The retención issued with the purchase (withholding agents).
    pub withholding: Option<WithholdingBody>,
}

/// A manual purchase's request.
#[derive(Debug, Clone, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct ManualBody {
    pub idempotency_key: Option<String>,
    #[ts(optional = nullable)]
    pub supplier_id: IdInput,
    pub document_number: Option<String>,
    pub authorization: Option<String>,
    pub date: Option<String>,
    pub lines: Option<Vec<ManualLineBody>>,
    pub payment: Option<PaymentBody>,
    /// The retención issued with the purchase (withholding agents).
    pub withholding: Option<WithholdingBody>,
}

/// A free-text line.
#[derive(Debug, Clone, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct ManualLineBody {
    pub description: Option<String>,
    #[ts(optional = nullable)]
    pub quantity: NumberInput,
    #[ts(optional = nullable)]
    pub unit_cost: NumberInput,
    #[ts(optional = nullable)]
    pub discount: NumberInput,
    pub iva_code: Option<String>,
}

/// Reads and registers an expense in the caller's write transaction.
pub fn register_expense(
    conn: &mut DbConnection,
    tenant: &Tenant,
    body: &ExpenseBody,
) -> AppResult<Registered> {
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
        false,
    )?;
    let category = text(&body.category).unwrap_or_default();
    let Some((code, name)) = CATEGORIES.iter().find(|(c, _)| *c == category) else {
        return Err(AppError::field(
            "category",
            "Elija la categoría: arriendo, servicios básicos, sueldos, transporte, mantenimiento u otros",
        ));
    };
    let description = text(&body.description);
    if let Some(problem) = optional_text(description.as_deref(), "La descripción", DESCRIPTION_MAX)
    {
        return Err(AppError::field("description", problem));
    }
    let amount = body
        .amount
        .required_micros("El monto", true, false, AMOUNT)
        .map_err(|e| AppError::field("amount", e))?;
    let iva_code = input::iva_code(&body.iva_code).map_err(|e| AppError::field("ivaCode", e))?;
    let payment = input::payment(body.payment.as_ref())?;
    let line = LineInput {
        product: None,
        description: description.unwrap_or_else(|| (*name).to_string()),
        quantity: crate::domain::amount::UNIT,
        unit_cost: amount,
        discount: 0,
        iva_code,
    };
    let input = head.input(
        Kind::Expense,
        None,
        Some((*code).to_string()),
        vec![line],
        payment,
    );
    purchase::register(conn, tenant, &input)
}

/// Reads and registers a manual purchase in the caller's write transaction.
pub fn register_manual(
    conn: &mut DbConnection,
    tenant: &Tenant,
    body: &ManualBody,
) -> AppResult<Registered> {
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
        false,
    )?;
    let payment = input::payment(body.payment.as_ref())?;
    let raw = body.lines.as_deref().unwrap_or_default();
    check_line_count(raw.len())?;
    let mut lines = Vec::with_capacity(raw.len());
    for (n, line) in raw.iter().enumerate() {
        let row = n + 1;
        let description = text(&line.description).unwrap_or_default();
        if let Some(problem) =
            crate::validation::required_text(&description, "La descripción", DESCRIPTION_MAX)
        {
            return Err(line_problem(row, problem));
        }
        lines.push(input::line(
            row,
            None,
            description,
            &line.quantity,
            &line.unit_cost,
            &line.discount,
            &line.iva_code,
        )?);
    }
    let input = head.input(Kind::Manual, None, None, lines, payment);
    purchase::register(conn, tenant, &input)
}
