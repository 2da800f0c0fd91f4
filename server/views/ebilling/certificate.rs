//! The company's signing certificate as the set-up screen shows it: its facts only, never the
//! file or the password.

use serde::Serialize;
use ts_rs::TS;

use crate::services::signing::certificate::CertificateFacts;
use crate::util::time::Zone;

/// `GET`/`POST /api/ebilling/certificate`.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CertificateView {
    /// Subject of the signing certificate (distinguished name).
    pub holder: String,
    /// RUC written in the certificate, if any.
    pub ruc: Option<String>,
    /// Issuing certification authority (distinguished name).
    pub issuer: String,
    /// Serial number, decimal.
    pub serial: String,
    /// Start of validity in the company's time, with its offset (`2026-11-21T09:05:00-05:00`).
    pub valid_from: String,
    /// End of validity in the company's time.
    pub valid_to: String,
    /// Whole days until expiry (negative once expired).
    pub days_left: i32,
    /// Spanish warning from 30 days before expiry.
    pub warning: Option<String>,
    /// Spanish warning when the certificate is not the company's (no RUC, another RUC, signed by
    /// its own holder): the SRI rejects what it signs (error 39).
    pub ruc_warning: Option<String>,
}

impl CertificateView {
    /// The facts, their times in the company's `zone`, checked against the company's RUC.
    pub fn of(facts: &CertificateFacts, zone: Zone, company_ruc: &str) -> Self {
        let now = crate::util::time::now();
        CertificateView {
            holder: facts.holder.clone(),
            ruc: facts.ruc.clone(),
            issuer: facts.issuer.clone(),
            serial: facts.serial.clone(),
            valid_from: zone.iso(facts.valid_from),
            valid_to: zone.iso(facts.valid_to),
            days_left: i32::try_from(facts.days_left(now)).unwrap_or(i32::MAX),
            warning: facts.warning(now, zone),
            ruc_warning: facts.ruc_warning(company_ruc),
        }
    }
}
