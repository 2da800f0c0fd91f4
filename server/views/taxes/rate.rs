//! A row of the dated tax table as the API and the taxes page show it.

use chrono::Days;
use rust_decimal::Decimal;
use serde::Serialize;
use ts_rs::TS;

use crate::models::taxes::rate::RateInForce;

/// A withholding concept or IVA rate with its period.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TaxRateView {
    #[serde(rename = "_id")]
    pub id: i64,
    /// `renta`, `iva` (withholding) or `tarifa_iva` (the IVA rate of a sale).
    pub kind: String,
    /// The SRI's code (`312`, `3440`, `9`; for `tarifa_iva` the `codigoPorcentaje`).
    pub code: String,
    pub description: String,
    /// Decimal text with two decimals (`"2.75"`).
    pub percent: String,
    /// ISO date of the first day in force.
    pub valid_from: String,
    /// ISO date of the last day in force; `null` while no later row exists.
    pub valid_to: Option<String>,
    /// Mostrador's national row (`false`: added by the company).
    pub national: bool,
    /// The row ends the code (no rate in force from `validFrom`).
    pub retired: bool,
}

/// `bp` hundredths of a percent as decimal text (`275` is `"2.75"`).
pub fn percent_text(bp: i64) -> String {
    Decimal::new(bp, 2).to_string()
}

impl From<&RateInForce> for TaxRateView {
    fn from(r: &RateInForce) -> Self {
        let fields = &r.rate.fields;
        Self {
            id: r.rate.id,
            kind: fields.kind.clone(),
            code: fields.code.clone(),
            description: fields.description.clone(),
            percent: percent_text(fields.percent_bp),
            valid_from: fields.valid_from.format("%Y-%m-%d").to_string(),
            valid_to: r
                .next_from
                .and_then(|next| next.checked_sub_days(Days::new(1)))
                .map(|last| last.format("%Y-%m-%d").to_string()),
            national: r.rate.company_id.is_none(),
            retired: fields.retired,
        }
    }
}

/// The taxes page: the day shown, the rows in force on it, and every row with its period (the
/// history, newest first within each code).
#[derive(Debug, Clone, Serialize, TS)]
pub struct TaxRatesPage {
    /// ISO date.
    pub date: String,
    pub rates: Vec<TaxRateView>,
    pub history: Vec<TaxRateView>,
}
