//! What «Corregir y reenviar» may change in a document's own fields: the optional body of every
//! resend route, read by the controllers (`http::json::OptionalJsonBody`) and validated by each document type with its register's rules
//! (see [`super::resend`]).

use serde::Deserialize;

/// The optional body of «Corregir y reenviar» (camelCase, every field optional; an empty body
/// resends with the stored fields): `reason` (nota de crédito: the motivo; guía: the motivo del
/// traslado of its destinatarios), and for a guía `carrier: {idType, identification, name}`,
/// `plate`, `startDate`, `endDate` (`AAAA-MM-DD`).
#[derive(Debug, Default, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Corrections {
    pub reason: Option<String>,
    pub carrier: Option<CarrierBody>,
    pub plate: Option<String>,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
}

impl Corrections {
    /// Whether it corrects nothing.
    pub fn is_empty(&self) -> bool {
        self.reason.is_none()
            && self.carrier.is_none()
            && self.plate.is_none()
            && self.start_date.is_none()
            && self.end_date.is_none()
    }

    /// Whether it corrects something only a guía has (carrier, plate, dates).
    pub fn has_transport(&self) -> bool {
        self.carrier.is_some()
            || self.plate.is_some()
            || self.start_date.is_some()
            || self.end_date.is_some()
    }
}

/// 400 of corrections a factura does not take.
pub const INVOICE_FIELDS: &str = "Una factura se corrige con los datos actuales de su cliente y de la empresa: el reenvío no lleva campos";
/// 400 of guía fields sent for a nota de crédito.
pub const CREDIT_NOTE_FIELDS: &str = "En una nota de crédito solo se corrige el motivo (reason)";

/// The transportista.
#[derive(Debug, Default, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct CarrierBody {
    pub id_type: Option<String>,
    pub identification: Option<String>,
    pub name: Option<String>,
}
