//! Clients.

use serde::Serialize;
use ts_rs::TS;

use crate::domain::money::money_text;
use crate::models::sales::client::Client;

/// A client (the specification's JSON names; `creditLimit` as a decimal string).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ClientView {
    #[serde(rename = "_id")]
    pub id: i64,
    /// `ruc`, `cedula`, `pasaporte`, `consumidorFinal` or `exterior`.
    pub id_type: String,
    pub identification: String,
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub address: Option<String>,
    /// 1 (price), 2 (mayorista) or 3 (distribuidor).
    pub price_level: i32,
    pub credit_limit: String,
    pub credit_days: i32,
    /// The company's "consumidor final", which cannot be edited.
    pub final_consumer: bool,
    pub active: bool,
    pub locked: bool,
}

impl From<&Client> for ClientView {
    fn from(c: &Client) -> Self {
        Self {
            id: c.id,
            id_type: c.id_type.clone(),
            identification: c.identification.clone(),
            name: c.name.clone(),
            email: c.email.clone(),
            phone: c.phone.clone(),
            address: c.address.clone(),
            price_level: c.price_level,
            credit_limit: money_text(c.credit_limit),
            credit_days: c.credit_days,
            final_consumer: c.is_final_consumer,
            active: c.active,
            locked: c.locked,
        }
    }
}
