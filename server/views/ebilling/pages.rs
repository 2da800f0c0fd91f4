//! Data of the e-billing pages.

use serde::Serialize;
use ts_rs::TS;

use super::document::ElectronicDocumentView;
use crate::config::SriConfig;
use crate::db::list::Page;

/// `/admin/ebilling`: the branch's electronic documents (same list as `GET /api/ebilling/documents`
/// with the page's query string).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ElectronicDocumentsPage {
    pub list: Page<ElectronicDocumentView>,
    /// Where the documents go when it is not the SRI itself ([`sri_target`]).
    pub sri_target: Option<String>,
}

/// Shown on every e-billing screen when the documents go to the stand-in `serve --demo` started.
pub const DEMO_STAND_IN: &str = "Simulador local del SRI (demostración)";

/// What the e-billing screens say about where the documents go, when it is not the SRI's own
/// services: the demo's stand-in, or the service `SRI_URL` names.
pub fn sri_target(config: &SriConfig) -> Option<String> {
    match (&config.base_url, config.demo_stand_in) {
        (Some(_), true) => Some(DEMO_STAND_IN.to_string()),
        (Some(url), false) => Some(format!("Servicio del SRI configurado en SRI_URL ({url})")),
        (None, _) => None,
    }
}
