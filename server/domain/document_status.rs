//! Where a stored document is in its journey through the SRI.

use serde::Serialize;

/// Value of `sri_documents.status`. Only [`DocumentStatus::Authorized`] means the document is
/// valid; the SRI's own words for each state are in [`DocumentStatus::label`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum DocumentStatus {
    /// Built, validated against the XSD and signed; waiting to be sent (new or corrected).
    Signed,
    /// A reception request was started and its answer is unknown (timeout, lost connection, the
    /// server stopped mid-request). The SRI may have the document, so the next step is an
    /// authorization query, never a blind resend (which could come back as 43, 45 or 70).
    Sending,
    /// The SRI answered RECIBIDA; the authorization has not been asked yet.
    Received,
    /// The SRI is processing it (EN PROCESO, no authorization yet, or error 70): keep asking,
    /// never resend.
    InProcess,
    /// AUTORIZADO: final, the authorized XML is stored.
    Authorized,
    /// NO AUTORIZADO (or RECHAZADO): needs a correction, resent with the same clave.
    NotAuthorized,
    /// DEVUELTA: the SRI did not accept it (and did not keep it); needs a correction.
    Returned,
}

impl DocumentStatus {
    /// Every status, in lifecycle order.
    pub const ALL: [DocumentStatus; 7] = [
        DocumentStatus::Signed,
        DocumentStatus::Sending,
        DocumentStatus::Received,
        DocumentStatus::InProcess,
        DocumentStatus::Authorized,
        DocumentStatus::NotAuthorized,
        DocumentStatus::Returned,
    ];

    /// Stored text.
    pub fn as_str(self) -> &'static str {
        match self {
            DocumentStatus::Signed => "signed",
            DocumentStatus::Sending => "sending",
            DocumentStatus::Received => "received",
            DocumentStatus::InProcess => "in_process",
            DocumentStatus::Authorized => "authorized",
            DocumentStatus::NotAuthorized => "not_authorized",
            DocumentStatus::Returned => "returned",
        }
    }

    /// Inverse of [`DocumentStatus::as_str`].
    pub fn parse(text: &str) -> Option<DocumentStatus> {
        Self::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// What a user sees.
    pub fn label(self) -> &'static str {
        match self {
            DocumentStatus::Signed => "Firmado, por enviar",
            DocumentStatus::Sending => "Enviando al SRI",
            DocumentStatus::Received => "RECIBIDA por el SRI",
            DocumentStatus::InProcess => "EN PROCESO en el SRI",
            DocumentStatus::Authorized => "AUTORIZADO",
            DocumentStatus::NotAuthorized => "NO AUTORIZADO: corrija y reenvíe",
            DocumentStatus::Returned => "DEVUELTA: corrija y reenvíe",
        }
    }

    /// True when the worker still has something to do (send or ask for the authorization).
    pub fn is_pending(self) -> bool {
        matches!(
            self,
            DocumentStatus::Signed
                | DocumentStatus::Sending
                | DocumentStatus::Received
                | DocumentStatus::InProcess
        )
    }

    /// True when the SRI rejected the document and only a correction moves it on.
    pub fn needs_correction(self) -> bool {
        matches!(
            self,
            DocumentStatus::NotAuthorized | DocumentStatus::Returned
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trip_and_groups() {
        for s in DocumentStatus::ALL {
            assert_eq!(DocumentStatus::parse(s.as_str()), Some(s));
            assert!(!(s.is_pending() && s.needs_correction()), "{s:?}");
        }
        assert_eq!(DocumentStatus::parse("AUTORIZADO"), None);
        assert!(!DocumentStatus::Authorized.is_pending());
        assert!(!DocumentStatus::Authorized.needs_correction());
    }
}
