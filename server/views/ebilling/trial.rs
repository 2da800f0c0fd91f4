//! The set-up screen: the certificate, the ambiente and the trial's steps.

use serde::Serialize;
use ts_rs::TS;

use super::certificate::CertificateView;
use crate::services::ebilling::trial::Trial;

/// One step of the trial.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TrialStepView {
    /// `firma`, `recepción`, `autorización`.
    pub step: String,
    pub ok: bool,
    /// What happened, in Spanish.
    pub detail: String,
}

/// `POST /api/ebilling/test`.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TrialView {
    /// Clave de acceso of the trial factura, once signed.
    pub access_key: Option<String>,
    /// Where it went: the `SRI_URL` in use, or the SRI's pruebas environment.
    pub target: String,
    /// Every step passed.
    pub ok: bool,
    pub steps: Vec<TrialStepView>,
}

impl TrialView {
    pub fn of(trial: &Trial, target: String) -> Self {
        TrialView {
            access_key: trial.access_key.clone(),
            target,
            ok: trial.steps.iter().all(|s| s.ok),
            steps: trial
                .steps
                .iter()
                .map(|s| TrialStepView {
                    step: s.name.into(),
                    ok: s.ok,
                    detail: s.detail.clone(),
                })
                .collect(),
        }
    }
}

/// `/admin/ebilling/test`: the active certificate (if any) and the company's ambiente.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct EbillingSetupPage {
    pub certificate: Option<CertificateView>,
    /// `pruebas` or `produccion` (edited in Configuración → Empresa).
    pub environment: String,
    /// Where the documents go when it is not the SRI itself (`pages::sri_target`).
    pub sri_target: Option<String>,
}
