//! `/api/purchases/merchandise`: merchandise purchases (stock in at cost). Every role lists and
//! registers them (a cashier receives and pays a delivery from their own shift); only admin and
//! user cancel. The rules are `services::purchases`. A new line starts from the product's last
//! cost (`super::costs`).

use super::documents::PurchaseKind;
use crate::auth::roles::Tenant;
use crate::db::DbConnection;
use crate::error::AppResult;
use crate::services::purchases::merchandise::{self as service, MerchandiseBody};
use crate::services::purchases::purchase::Registered;

/// `/api/purchases/merchandise`.
pub struct Merchandise;

impl PurchaseKind for Merchandise {
    const KIND: &'static str = "merchandise";
    type Body = MerchandiseBody;

    fn key(body: &MerchandiseBody) -> Option<String> {
        body.idempotency_key.clone()
    }

    fn withholds(body: &MerchandiseBody) -> bool {
        body.withholding.is_some()
    }

    fn register(
        conn: &mut DbConnection,
        tenant: &Tenant,
        body: &MerchandiseBody,
    ) -> AppResult<Registered> {
        service::register(conn, tenant, body)
    }
}
