//! `/api/purchases/expense` and `/api/purchases/manual`: expenses and manual purchases (no
//! inventory). Same roles as merchandise purchases: every role registers, admin and user cancel.

use super::documents::PurchaseKind;
use crate::auth::roles::Tenant;
use crate::db::DbConnection;
use crate::error::AppResult;
use crate::services::purchases::expense::{self as service, ExpenseBody, ManualBody};
use crate::services::purchases::purchase::Registered;

/// `/api/purchases/expense`.
pub struct Expense;

impl PurchaseKind for Expense {
    const KIND: &'static str = "expense";
    type Body = ExpenseBody;

    fn key(body: &ExpenseBody) -> Option<String> {
        body.idempotency_key.clone()
    }

    fn withholds(body: &ExpenseBody) -> bool {
        body.withholding.is_some()
    }

    fn register(
        conn: &mut DbConnection,
        tenant: &Tenant,
        body: &ExpenseBody,
    ) -> AppResult<Registered> {
        service::register_expense(conn, tenant, body)
    }
}

/// `/api/purchases/manual`.
pub struct Manual;

impl PurchaseKind for Manual {
    const KIND: &'static str = "manual";
    type Body = ManualBody;

    fn key(body: &ManualBody) -> Option<String> {
        body.idempotency_key.clone()
    }

    fn withholds(body: &ManualBody) -> bool {
        body.withholding.is_some()
    }

    fn register(
        conn: &mut DbConnection,
        tenant: &Tenant,
        body: &ManualBody,
    ) -> AppResult<Registered> {
        service::register_manual(conn, tenant, body)
    }
}
