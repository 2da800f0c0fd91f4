//! Promotions applied by the server to sale and quote lines.
//!
//! The sales note, its preview and quotes call [`best_promotions`] once per document with every
//! line; each line gets at most one promotion (the one giving the largest discount).
//!
//! Placeholder until promotions land: no promotion applies.

use chrono::NaiveDateTime;
use diesel::QueryResult;

use crate::db::DbConnection;
use crate::models::CompanyId;

/// What a promotion needs to know of a line.
#[derive(Debug, Clone)]
pub struct PromoLine {
    pub product_id: i64,
    pub category_id: Option<i64>,
    /// Quantity in millionths.
    pub quantity: i64,
    /// Unit price without IVA, in millionths.
    pub unit_price: i64,
    /// quantity × unit price rounded to cents, in millionths.
    pub gross: i64,
}

/// The promotion a line gets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AppliedPromo {
    pub promotion_id: i64,
    /// Shown on the line ("2x1 Gaseosas").
    pub name: String,
    /// Discount in millionths, whole cents, never more than the line's gross.
    pub discount: i64,
}

/// The best promotion of each line at local time `at` (Ecuador), in line order.
pub fn best_promotions(
    _conn: &mut DbConnection,
    _company: CompanyId,
    _at: NaiveDateTime,
    lines: &[PromoLine],
) -> QueryResult<Vec<Option<AppliedPromo>>> {
    Ok(vec![None; lines.len()])
}
