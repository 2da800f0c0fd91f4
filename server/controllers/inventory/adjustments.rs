//! `/api/inventory/adjustment`: inventory adjustments, register only (a wrong one is corrected by
//! another); the rule is `services::inventory::adjustments`.

use super::documents::{DocumentView, Related};
use crate::auth::roles::Tenant;
use crate::db::DbConnection;
use crate::error::AppResult;
use crate::models::inventory::adjustment::Adjustment;
use crate::services::inventory::adjustments::{self as service, AdjustmentBody};
use crate::views::inventory::document::AdjustmentView;

impl DocumentView for Adjustment {
    type View = AdjustmentView;
    type Body = AdjustmentBody;

    fn register(conn: &mut DbConnection, tenant: &Tenant, body: &AdjustmentBody) -> AppResult<i64> {
        service::register(conn, tenant, body)
    }

    fn view(&self, related: &Related) -> AdjustmentView {
        AdjustmentView {
            id: self.id,
            number: self.number,
            date: related.zone.iso(self.date),
            cellar_id: self.warehouse_id,
            cellar_name: related.cellar(self.warehouse_id),
            mode: self.mode.clone(),
            reason: self.reason.clone(),
            note: self.note.clone(),
            user: related.user(self.user_id),
            lines: related.lines(self.id),
        }
    }
}
