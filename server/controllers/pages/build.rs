//! `GET /api/build`: the build of the UI this server serves. The browser compares it with the
//! build its page came from (`<meta name="mostrador-build">`) every few minutes and when the tab
//! becomes visible, and offers to reload when they differ.

use axum::Json;

use crate::ssr::bundle::build_id;
use crate::views::pages::BuildView;

/// Answers the build id (public: it reveals nothing but "a new version exists").
pub async fn build() -> Json<BuildView> {
    Json(BuildView {
        build_id: build_id().to_string(),
    })
}
