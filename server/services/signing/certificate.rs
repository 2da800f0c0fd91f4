//! The company's electronic-signature certificate (.p12): uploading it, showing its facts, and
//! opening it to sign.
//!
//! The file and its password are checked by opening them exactly as the signer will
//! ([`SigningIdentity::from_p12`], the same code as `mostrador sri check-cert`), then stored only
//! sealed ([`sealing`]); the facts the back office shows (holder, RUC, issuer, serial, validity)
//! are kept in clear beside them. Nothing here logs or returns the file, the password or the key.
//! A new upload deactivates the previous certificate but keeps its row: documents signed with it
//! may still be in the SRI queue.

use chrono::{NaiveDateTime, Utc};

use super::sealing::{Sealed, SealingKey, installed};
use crate::db::DbConnection;
use crate::error::{AppError, AppResult, conflict};
use crate::models::CompanyId;
use crate::models::config::company::Company;
use crate::models::ebilling::certificate::{CompanyCertificate, NewCompanyCertificate};
use crate::sri::sign::{CertError, SigningIdentity};
use crate::util::time::{Zone, date_text};

/// No active certificate, when one is needed to sign.
pub const MISSING: &str = "La empresa no tiene un certificado de firma electrónica: para emitir facturas, el administrador debe subirlo en Facturación electrónica → Configuración";
/// No active certificate, when its facts are asked for.
pub const NONE_STORED: &str = "La empresa no tiene un certificado de firma electrónica";
/// Wrong password on upload.
pub const WRONG_PASSWORD: &str = "La contraseña del certificado no es correcta";
/// The upload is not a PKCS#12 file.
pub const NOT_P12: &str =
    "El archivo no es un certificado de firma electrónica .p12 (PKCS#12) válido";
/// Days before expiry from which a warning is shown.
pub const WARNING_DAYS: i64 = 30;

/// What the back office shows about a certificate (never the file or the password).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CertificateFacts {
    /// Subject DN of the signing certificate (as `sri check-cert` shows it).
    pub holder: String,
    pub ruc: Option<String>,
    pub issuer: String,
    pub serial: String,
    /// UTC.
    pub valid_from: NaiveDateTime,
    /// UTC.
    pub valid_to: NaiveDateTime,
}

impl CertificateFacts {
    /// Why the SRI will reject what this certificate signs for the company with `company_ruc`
    /// (error 39, «Firma inválida»), if it will: it names no RUC, another RUC, or it is signed by
    /// its own holder rather than by a certification authority.
    pub fn ruc_warning(&self, company_ruc: &str) -> Option<String> {
        let rejected =
            "el SRI rechazará los comprobantes firmados con él (error 39, «Firma inválida»)";
        let mut problems = Vec::new();
        match self.ruc.as_deref().map(str::trim) {
            None | Some("") => problems.push(format!(
                "El certificado no indica el RUC de la empresa ({company_ruc}): {rejected}"
            )),
            Some(ruc) if !crate::domain::ids::same_taxpayer(ruc, company_ruc) => problems
                .push(format!(
                    "El certificado es del RUC {ruc}, no del de la empresa ({company_ruc}): {rejected}"
                )),
            Some(_) => {}
        }
        if self.issuer.trim() == self.holder.trim() {
            problems.push(format!(
                "El certificado está firmado por su mismo titular (emisor: {}), no por una entidad de certificación acreditada",
                self.issuer
            ));
        }
        (!problems.is_empty()).then(|| {
            format!(
                "{}. Use el certificado de firma electrónica que una entidad acreditada emitió para la empresa.",
                problems.join(". ")
            )
        })
    }

    fn of(row: &CompanyCertificate) -> Self {
        CertificateFacts {
            holder: row.holder.clone(),
            ruc: row.ruc.clone(),
            issuer: row.issuer.clone(),
            serial: row.serial.clone(),
            valid_from: row.valid_from,
            valid_to: row.valid_to,
        }
    }

    /// Whole days until expiry (negative once expired).
    pub fn days_left(&self, now: NaiveDateTime) -> i64 {
        (self.valid_to - now).num_days()
    }

    /// The Spanish warning shown from [`WARNING_DAYS`] before expiry, and after it (the date in
    /// the company's `zone`).
    pub fn warning(&self, now: NaiveDateTime, zone: Zone) -> Option<String> {
        let days = self.days_left(now);
        let date = date_text(zone.date_of(self.valid_to));
        if self.valid_to < now {
            Some(format!(
                "El certificado de firma electrónica caducó el {date}: no se pueden firmar comprobantes. Renuévelo con su entidad certificadora y súbalo de nuevo."
            ))
        } else if days <= WARNING_DAYS {
            let when = match days {
                0 => "hoy".to_string(),
                1 => "en 1 día".to_string(),
                n => format!("en {n} días"),
            };
            Some(format!(
                "El certificado de firma electrónica caduca {when} ({date}). Renuévelo con su entidad certificadora y súbalo de nuevo antes de esa fecha."
            ))
        } else {
            None
        }
    }
}

/// What each sealed value is bound to: its company and its column, so a ciphertext copied to
/// another company's row or to the other column does not open.
fn context(company: CompanyId, field: &str) -> Vec<u8> {
    format!("company-certificate:{}:{field}", company.get()).into_bytes()
}

/// The Spanish 400 for a .p12 that cannot be used.
fn refused(error: CertError) -> AppError {
    match error {
        CertError::WrongPassword => AppError::field("password", WRONG_PASSWORD),
        CertError::NotPkcs12 => AppError::field("file", NOT_P12),
        other => {
            let text = other.to_string();
            let mut chars = text.chars();
            let message = match chars.next() {
                Some(first) => first.to_uppercase().chain(chars).collect(),
                None => text,
            };
            AppError::field("file", message)
        }
    }
}

/// Checks the .p12 with its password and stores it sealed with `key` as the company's active
/// certificate (the previous one stays, inactive). Runs in the caller's write transaction.
/// Wrong password, not a .p12, no signing key, expired or not yet valid → 400, nothing stored.
pub fn store(
    conn: &mut DbConnection,
    key: &SealingKey,
    company: CompanyId,
    uploaded_by: Option<i64>,
    file: &[u8],
    password: &str,
) -> AppResult<CertificateFacts> {
    let identity = SigningIdentity::from_p12(file, password).map_err(refused)?;
    let info = &identity.info;
    info.ensure_valid_at(Utc::now()).map_err(refused)?;
    let sealing_failed =
        |_| AppError::Internal(anyhow::anyhow!("no se pudo cifrar el certificado"));
    let p12 = key
        .seal(&context(company, "p12"), file)
        .map_err(sealing_failed)?;
    let secret = key
        .seal(&context(company, "password"), password.as_bytes())
        .map_err(sealing_failed)?;
    let facts = CertificateFacts {
        holder: info.subject.clone(),
        ruc: info.ruc.clone(),
        issuer: info.issuer.clone(),
        serial: info.serial.clone(),
        valid_from: info.not_before.naive_utc(),
        valid_to: info.not_after.naive_utc(),
    };
    CompanyCertificate::replace_active(
        conn,
        company,
        &NewCompanyCertificate {
            company_id: company.get(),
            p12_ciphertext: &p12.ciphertext,
            p12_nonce: &p12.nonce,
            password_ciphertext: &secret.ciphertext,
            password_nonce: &secret.nonce,
            holder: &facts.holder,
            ruc: facts.ruc.as_deref(),
            issuer: &facts.issuer,
            serial: &facts.serial,
            valid_from: facts.valid_from,
            valid_to: facts.valid_to,
            active: true,
            created_at: crate::util::time::now(),
            uploaded_by,
        },
    )?;
    Ok(facts)
}

/// The facts of the company's active certificate; 404 when there is none.
pub fn facts(conn: &mut DbConnection, company: CompanyId) -> AppResult<CertificateFacts> {
    CompanyCertificate::active(conn, company)?
        .map(|row| CertificateFacts::of(&row))
        .ok_or_else(|| AppError::NotFound(NONE_STORED.into()))
}

/// The company's active certificate, decrypted and ready to sign (with the server's key,
/// installed at start-up from `MOSTRADOR_SECRET`). 409 when the company has none (saying where
/// to upload it: the cashier's screen shows it, whatever the server's settings), when it expired
/// (naming the date), or when the server has no key to open it.
pub fn identity(conn: &mut DbConnection, company: CompanyId) -> AppResult<SigningIdentity> {
    if CompanyCertificate::active(conn, company)?.is_none() {
        return Err(conflict(MISSING));
    }
    let key = installed().ok_or_else(|| {
        conflict(format!(
            "El servidor no tiene configurada la variable de entorno {}: no puede abrir el certificado de firma electrónica",
            crate::config::SECRET_VAR
        ))
    })?;
    identity_with(conn, &key, company)
}

/// [`identity`] with an explicit key.
pub fn identity_with(
    conn: &mut DbConnection,
    key: &SealingKey,
    company: CompanyId,
) -> AppResult<SigningIdentity> {
    let row = CompanyCertificate::active(conn, company)?.ok_or_else(|| conflict(MISSING))?;
    let now = crate::util::time::now();
    if row.valid_to < now {
        return Err(conflict(format!(
            "El certificado de firma electrónica de la empresa caducó el {}: renuévelo con su entidad certificadora y súbalo en Facturación electrónica → Configuración",
            date_text(Company::zone(conn, company)?.date_of(row.valid_to))
        )));
    }
    open(key, company, &row)
}

/// Decrypts a stored certificate and opens it.
fn open(
    key: &SealingKey,
    company: CompanyId,
    row: &CompanyCertificate,
) -> AppResult<SigningIdentity> {
    let unreadable = || {
        conflict(format!(
            "No se pudo descifrar el certificado de firma electrónica: la variable {} no es la que se usó al subirlo",
            crate::config::SECRET_VAR
        ))
    };
    let file = key
        .open(
            &context(company, "p12"),
            &Sealed {
                ciphertext: row.p12_ciphertext.clone(),
                nonce: row.p12_nonce.clone(),
            },
        )
        .map_err(|_| unreadable())?;
    let password = key
        .open(
            &context(company, "password"),
            &Sealed {
                ciphertext: row.password_ciphertext.clone(),
                nonce: row.password_nonce.clone(),
            },
        )
        .map_err(|_| unreadable())?;
    let password = String::from_utf8(password).map_err(|_| unreadable())?;
    SigningIdentity::from_p12(&file, &password).map_err(|e| {
        conflict(format!(
            "El certificado de firma electrónica guardado no se puede usar: {e}"
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(valid_to: NaiveDateTime) -> CertificateFacts {
        CertificateFacts {
            holder: "CN=X".into(),
            ruc: None,
            issuer: "CN=AC".into(),
            serial: "1".into(),
            valid_from: valid_to - chrono::TimeDelta::days(365),
            valid_to,
        }
    }

    #[test]
    fn warning_from_thirty_days_and_after_expiry() {
        let now = crate::util::time::now();
        assert_eq!(
            facts(now + chrono::TimeDelta::days(90)).warning(now, Zone::default()),
            None
        );
        let soon = facts(now + chrono::TimeDelta::days(20) + chrono::TimeDelta::hours(1));
        assert_eq!(soon.days_left(now), 20);
        assert!(
            soon.warning(now, Zone::default())
                .unwrap()
                .contains("caduca en 20 días")
        );
        let gone = facts(now - chrono::TimeDelta::days(1));
        assert!(
            gone.warning(now, Zone::default())
                .unwrap()
                .contains("caducó el")
        );
    }
}
