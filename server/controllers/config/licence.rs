//! `GET /api/company/licence`: the licence in force and the users it counts (admin only).

use axum::Json;
use axum::extract::State;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::db::DbConnection;
use crate::error::AppResult;
use crate::models::auth::user::User;
use crate::models::config::licence::Licence;
use crate::views::config::licence::LicenceView;

/// The licence view of the tenant's company (the API and the licences page).
pub fn licence_view(conn: &mut DbConnection, tenant: &Tenant) -> AppResult<LicenceView> {
    let licence = Licence::current(conn, tenant.company)?;
    let active = User::active_users(conn, tenant.company)?;
    Ok(LicenceView::new(
        licence.as_ref(),
        active,
        tenant.zone().today(),
    ))
}

/// `GET /api/company/licence`.
pub async fn licence(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
) -> AppResult<Json<LicenceView>> {
    let tenant = auth.tenant(roles::ADMIN)?;
    Ok(Json(
        state
            .db
            .run(move |conn| licence_view(conn, &tenant))
            .await?,
    ))
}
