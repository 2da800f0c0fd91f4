//! Data of the account pages and of the back-office frame.

use serde::Serialize;
use ts_rs::TS;

use crate::views::config::branch_office::BranchOfficeView;

/// The sign-in page: why the visitor is here, and (after a failed no-JavaScript sign-in) the
/// e-mail typed and the error.
#[derive(Debug, Clone, Default, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct LoginPage {
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub email: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub notice: Option<String>,
    /// The visitor was sent here from a guarded page.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub auth_required: Option<bool>,
}

/// The e-mail verification page: the outcome of the link.
#[derive(Debug, Clone, Serialize, TS)]
pub struct VerifyEmailPage {
    pub ok: bool,
    pub message: String,
}

/// The new-password page: whether the link still works.
#[derive(Debug, Clone, Serialize, TS)]
pub struct ResetPasswordPage {
    pub valid: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub message: Option<String>,
}

/// The back-office frame: the branches for the selector.
#[derive(Debug, Clone, Serialize, TS)]
pub struct AdminFrame {
    pub branches: Vec<BranchOfficeView>,
}
