//! Promotions applied by the server to sale and quote lines.
//!
//! A promotion is a percentage of the line, a fixed discount per unit, or "lleve N pague M"
//! (whole units only), on some products or on one category, valid between two dates (the end is
//! optional), on some weekdays (ISO digits, Monday = 1) and optionally between two hours (Ecuador
//! time; `time_from` after `time_to` wraps past midnight, and the weekday is the one of the moment
//! of the sale).
//!
//! The sales note, its preview and quotes call [`best_promotions`] once per document with every
//! line; each line gets at most one promotion (the one giving the largest discount; on a tie, the
//! oldest promotion).

use chrono::{Datelike, NaiveDate, NaiveDateTime, NaiveTime};
use diesel::QueryResult;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::{promotion_products, promotions};
use crate::db::search::search_fold;
use crate::domain::amount;
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

/// Kinds of promotion.
pub const KIND_PERCENT: &str = "percent";
pub const KIND_FIXED: &str = "fixed";
pub const KIND_BUY_N_PAY_M: &str = "buy_n_pay_m";
pub const KINDS: &[&str] = &[KIND_PERCENT, KIND_FIXED, KIND_BUY_N_PAY_M];
/// What a promotion applies to.
pub const TARGET_PRODUCTS: &str = "products";
pub const TARGET_CATEGORY: &str = "category";
pub const TARGETS: &[&str] = &[TARGET_PRODUCTS, TARGET_CATEGORY];
/// Every day of the week.
pub const ALL_WEEKDAYS: &str = "1234567";

/// A promotion row. `value`: percent in millionths of a percent unit (10 % = 10 000 000) or USD
/// per unit in micros; `buy_n`/`pay_m` only for "lleve N pague M" (0 otherwise).
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = promotions)]
pub struct Promotion {
    pub id: i64,
    pub company_id: i64,
    pub name: String,
    pub kind: String,
    pub value: i64,
    pub buy_n: i32,
    pub pay_m: i32,
    pub target: String,
    pub category_id: Option<i64>,
    pub starts_on: NaiveDate,
    pub ends_on: Option<NaiveDate>,
    pub weekdays: String,
    pub time_from: Option<String>,
    pub time_to: Option<String>,
    pub active: bool,
    pub locked: bool,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// The editable fields, already validated (`product_ids` only for target `products`).
#[derive(Debug, Clone, Insertable, AsChangeset)]
#[diesel(table_name = promotions, treat_none_as_null = true, treat_none_as_default_value = false)]
pub struct PromotionFields {
    pub name: String,
    pub kind: String,
    pub value: i64,
    pub buy_n: i32,
    pub pay_m: i32,
    pub target: String,
    pub category_id: Option<i64>,
    /// Kept in `promotion_products` ([`set_products`]).
    #[diesel(skip_insertion, skip_update)]
    pub product_ids: Vec<i64>,
    pub starts_on: NaiveDate,
    pub ends_on: Option<NaiveDate>,
    pub weekdays: String,
    pub time_from: Option<String>,
    pub time_to: Option<String>,
    pub active: bool,
}

/// Micros in a unit (of quantity or of a percent point).
const UNIT: i128 = amount::UNIT as i128;

/// Micros rounded to whole cents by the one rule of [`amount::div_round`], from
/// `numerator / denominator` micros; `None` when the figure does not fit in `i64`.
fn cents(numerator: i128, denominator: i128) -> Option<i64> {
    amount::div_round(numerator, denominator * i128::from(amount::CENT))?.checked_mul(amount::CENT)
}

/// An `HH:MM` time.
pub fn parse_hhmm(text: &str) -> Option<NaiveTime> {
    let (h, m) = text.split_once(':')?;
    if h.len() != 2 || m.len() != 2 {
        return None;
    }
    NaiveTime::from_hms_opt(h.parse().ok()?, m.parse().ok()?, 0)
}

impl Promotion {
    /// Whether the promotion holds at local time `at`: active, within its dates, on one of its
    /// weekdays and inside its hour window (`from` included, `to` excluded; wraps past midnight
    /// when `from` is later than `to`).
    pub fn valid_at(&self, at: NaiveDateTime) -> bool {
        let day = at.date();
        if !self.active || day < self.starts_on || self.ends_on.is_some_and(|end| day > end) {
            return false;
        }
        let weekday = char::from(b'0' + at.weekday().number_from_monday() as u8);
        if !self.weekdays.contains(weekday) {
            return false;
        }
        let (Some(from), Some(to)) = (
            self.time_from.as_deref().and_then(parse_hhmm),
            self.time_to.as_deref().and_then(parse_hhmm),
        ) else {
            return true;
        };
        let time = at.time();
        if from <= to {
            from <= time && time < to
        } else {
            time >= from || time < to
        }
    }

    /// The discount of this promotion on `line` (micros, whole cents half-up, at most the line's
    /// gross); 0 when it gives nothing. Does not check whether the line qualifies.
    pub fn discount(&self, line: &PromoLine) -> i64 {
        if line.gross <= 0 || line.quantity <= 0 {
            return 0;
        }
        let quantity = i128::from(line.quantity);
        let raw = match self.kind.as_str() {
            // gross × value / 100 %, value in millionths of a percent unit.
            KIND_PERCENT => cents(
                i128::from(line.gross) * i128::from(self.value.max(0)),
                100 * UNIT,
            ),
            // value per unit × quantity (both in millionths).
            KIND_FIXED => cents(i128::from(self.value.max(0)) * quantity, UNIT),
            KIND_BUY_N_PAY_M => {
                let (n, m) = (i128::from(self.buy_n), i128::from(self.pay_m));
                if n <= 0 || m < 0 || m >= n {
                    return 0;
                }
                let units = quantity / UNIT;
                let free = units / n * (n - m);
                cents(free * i128::from(line.unit_price.max(0)), 1)
            }
            _ => Some(0),
        };
        // Every factor is non-negative, so a discount past `i64` is past the line's gross too:
        // it is the whole gross (the exact answer, not a saturated one).
        raw.map_or(line.gross, |d| d.clamp(0, line.gross))
    }

    /// Whether `line` is one this promotion applies to (`products` are the promotion's products).
    fn covers(&self, line: &PromoLine, products: &[(i64, i64)]) -> bool {
        match self.target.as_str() {
            TARGET_CATEGORY => self.category_id.is_some() && self.category_id == line.category_id,
            TARGET_PRODUCTS => products
                .iter()
                .any(|&(promo, product)| promo == self.id && product == line.product_id),
            _ => false,
        }
    }
}

/// The best promotion of each line among `candidates` (already valid at the sale's time), with
/// `products` the (promotion, product) pairs of the product promotions.
pub fn choose_best(
    candidates: &[Promotion],
    products: &[(i64, i64)],
    lines: &[PromoLine],
) -> Vec<Option<AppliedPromo>> {
    lines
        .iter()
        .map(|line| {
            let mut best: Option<(&Promotion, i64)> = None;
            for promo in candidates.iter().filter(|p| p.covers(line, products)) {
                let discount = promo.discount(line);
                let better = match best {
                    None => discount > 0,
                    Some((current, top)) => {
                        discount > top || (discount == top && promo.id < current.id)
                    }
                };
                if better {
                    best = Some((promo, discount));
                }
            }
            best.map(|(promo, discount)| AppliedPromo {
                promotion_id: promo.id,
                name: promo.name.clone(),
                discount,
            })
        })
        .collect()
}

/// The best promotion of each line at local time `at` (Ecuador), in line order. At most two
/// queries for the whole document: the company's active promotions of the day, and the products
/// of those that target products (only the lines' products).
pub fn best_promotions(
    conn: &mut DbConnection,
    company: CompanyId,
    at: NaiveDateTime,
    lines: &[PromoLine],
) -> QueryResult<Vec<Option<AppliedPromo>>> {
    if lines.is_empty() {
        return Ok(Vec::new());
    }
    let day = at.date();
    let candidates: Vec<Promotion> = of(company)
        .filter(promotions::active.eq(true))
        .filter(promotions::starts_on.le(day))
        .filter(
            promotions::ends_on
                .is_null()
                .or(promotions::ends_on.ge(day)),
        )
        .order(promotions::id.asc())
        .select(Promotion::as_select())
        .load(conn)?
        .into_iter()
        .filter(|p| p.valid_at(at))
        .collect();
    if candidates.is_empty() {
        return Ok(vec![None; lines.len()]);
    }
    let product_promos: Vec<i64> = candidates
        .iter()
        .filter(|p| p.target == TARGET_PRODUCTS)
        .map(|p| p.id)
        .collect();
    let products: Vec<(i64, i64)> = if product_promos.is_empty() {
        Vec::new()
    } else {
        let mut line_products: Vec<i64> = lines.iter().map(|l| l.product_id).collect();
        line_products.sort_unstable();
        line_products.dedup();
        promotion_products::table
            .filter(promotion_products::company_id.eq(company.get()))
            .filter(promotion_products::promotion_id.eq_any(product_promos))
            .filter(promotion_products::product_id.eq_any(line_products))
            .select((
                promotion_products::promotion_id,
                promotion_products::product_id,
            ))
            .load(conn)?
    };
    Ok(choose_best(&candidates, &products, lines))
}

crate::catalogue! {
    Promotion in promotions {
        active: active,
        insert: PromotionFields,
        update: PromotionFields,
        then: set_products,
        children: promotion_products.promotion_id,
        search: |pattern| search_fold(promotions::name).like(pattern).escape('\\'),
        sort: promotions::name;
            "name" => promotions::name,
            "kind" => promotions::kind,
            "startsOn" => promotions::starts_on,
            "endsOn" => promotions::ends_on,
            "active" => promotions::active,
            "createdAt" => promotions::id,
    }
}

impl Promotion {
    /// The (promotion, product) pairs of the company's promotions `ids`, by product order of
    /// insertion.
    pub fn product_pairs(
        conn: &mut DbConnection,
        company: CompanyId,
        ids: &[i64],
    ) -> QueryResult<Vec<(i64, i64)>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        promotion_products::table
            .filter(promotion_products::company_id.eq(company.get()))
            .filter(promotion_products::promotion_id.eq_any(ids.to_vec()))
            .order((
                promotion_products::promotion_id.asc(),
                promotion_products::product_id.asc(),
            ))
            .select((
                promotion_products::promotion_id,
                promotion_products::product_id,
            ))
            .load(conn)
    }
}

/// Replaces the products of the company's promotion `id` with the fields' (after an insert or a
/// saved update, in the caller's write transaction).
fn set_products(
    conn: &mut DbConnection,
    company: CompanyId,
    id: i64,
    fields: &PromotionFields,
) -> QueryResult<()> {
    diesel::delete(
        promotion_products::table
            .filter(promotion_products::company_id.eq(company.get()))
            .filter(promotion_products::promotion_id.eq(id)),
    )
    .execute(conn)?;
    // One row at a time: batch inserts are not available on the multi-backend connection.
    for &product in &fields.product_ids {
        diesel::insert_into(promotion_products::table)
            .values((
                promotion_products::promotion_id.eq(id),
                promotion_products::product_id.eq(product),
                promotion_products::company_id.eq(company.get()),
            ))
            .execute(conn)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const M: i64 = 1_000_000;

    fn promo(id: i64, kind: &str, value: i64, n: i32, m: i32) -> Promotion {
        let day = NaiveDate::from_ymd_opt(2026, 11, 1).unwrap();
        Promotion {
            id,
            company_id: 1,
            name: format!("P{id}"),
            kind: kind.into(),
            value,
            buy_n: n,
            pay_m: m,
            target: TARGET_PRODUCTS.into(),
            category_id: None,
            starts_on: day,
            ends_on: None,
            weekdays: ALL_WEEKDAYS.into(),
            time_from: None,
            time_to: None,
            active: true,
            locked: false,
            created_at: day.and_hms_opt(0, 0, 0).unwrap(),
            updated_at: day.and_hms_opt(0, 0, 0).unwrap(),
        }
    }

    /// A line of `quantity` (micros) at `unit_price` (micros), gross rounded to cents.
    fn line(product_id: i64, quantity: i64, unit_price: i64) -> PromoLine {
        let gross = amount::Quantity::from_micros(quantity)
            .amount(amount::Money::from_micros(unit_price))
            .unwrap()
            .micros();
        PromoLine {
            product_id,
            category_id: Some(9),
            quantity,
            unit_price,
            gross,
        }
    }

    #[test]
    fn a_discount_past_i64_is_the_whole_gross() {
        // 10,000,000 units at a fixed discount of 1,000,000.00 each: past i64, yet exactly the
        // gross (no saturated i64::MAX reaching a caller).
        let big = line(1, 10_000_000 * M, 100 * M);
        let fixed = promo(1, KIND_FIXED, 1_000_000 * M, 0, 0);
        assert_eq!(fixed.discount(&big), big.gross);
        assert_eq!(cents(i128::from(i64::MAX) * 1000, 1), None);
    }

    fn at(date: &str, time: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(&format!("{date} {time}"), "%Y-%m-%d %H:%M").unwrap()
    }

    #[test]
    fn percent_rounds_half_up_to_cents() {
        // 10 % of 3 × 1.15 = 3.45 → 0.345 → 0.35.
        let p = promo(1, KIND_PERCENT, 10 * M, 0, 0);
        assert_eq!(p.discount(&line(1, 3 * M, 1_150_000)), 350_000);
        // 12.5 % of 0.99 = 0.12375 → 0.12.
        let p = promo(1, KIND_PERCENT, 12_500_000, 0, 0);
        assert_eq!(p.discount(&line(1, M, 990_000)), 120_000);
        // 100 % is the whole line, never more.
        let p = promo(1, KIND_PERCENT, 100 * M, 0, 0);
        assert_eq!(p.discount(&line(1, 2 * M, 1_000_000)), 2_000_000);
    }

    #[test]
    fn fixed_is_per_unit_and_capped_at_the_gross() {
        // 0.25 off per unit × 1.5 kg = 0.375 → 0.38.
        let p = promo(1, KIND_FIXED, 250_000, 0, 0);
        assert_eq!(p.discount(&line(1, 1_500_000, 2_000_000)), 380_000);
        // 5.00 off a 3.00 item: only 3.00.
        let p = promo(1, KIND_FIXED, 5 * M, 0, 0);
        assert_eq!(p.discount(&line(1, M, 3 * M)), 3 * M);
    }

    #[test]
    fn buy_n_pay_m_counts_whole_units_only() {
        let two_for_one = promo(1, KIND_BUY_N_PAY_M, 0, 2, 1);
        assert_eq!(two_for_one.discount(&line(1, M, 1_250_000)), 0);
        assert_eq!(two_for_one.discount(&line(1, 2 * M, 1_250_000)), 1_250_000);
        assert_eq!(two_for_one.discount(&line(1, 3 * M, 1_250_000)), 1_250_000);
        assert_eq!(two_for_one.discount(&line(1, 5 * M, 1_250_000)), 2_500_000);
        // 3.9 kg: three whole units → one free.
        assert_eq!(two_for_one.discount(&line(1, 3_900_000, 1_000_000)), M);
        // Lleve 3 pague 2, 7 units: two groups → 2 free; a unit price with 4 decimals rounds.
        let three_for_two = promo(1, KIND_BUY_N_PAY_M, 0, 3, 2);
        assert_eq!(
            three_for_two.discount(&line(1, 7 * M, 1_234_500)),
            2_470_000
        );
        // Nonsense shapes give nothing.
        assert_eq!(
            promo(1, KIND_BUY_N_PAY_M, 0, 2, 2).discount(&line(1, 4 * M, M)),
            0
        );
        assert_eq!(
            promo(1, KIND_BUY_N_PAY_M, 0, 0, 0).discount(&line(1, 4 * M, M)),
            0
        );
    }

    #[test]
    fn the_best_single_promotion_wins_per_line() {
        let percent = promo(1, KIND_PERCENT, 20 * M, 0, 0);
        let fixed = promo(2, KIND_FIXED, 300_000, 0, 0);
        let two_for_one = promo(3, KIND_BUY_N_PAY_M, 0, 2, 1);
        let candidates = [percent, fixed, two_for_one];
        let pairs = [(1, 10), (2, 10), (3, 10), (1, 11), (2, 11)];
        let lines = [
            // 2 × 1.00: 20 % = 0.40, fixed = 0.60, 2x1 = 1.00 → 2x1.
            line(10, 2 * M, M),
            // 1 × 1.00: 20 % = 0.20, fixed = 0.30 → fixed.
            line(10, M, M),
            // 1 × 10.00 (no 2x1 for product 11): 20 % = 2.00, fixed = 0.30 → percent.
            line(11, M, 10 * M),
            // Not in any promotion.
            line(12, 5 * M, M),
        ];
        let best = choose_best(&candidates, &pairs, &lines);
        let ids: Vec<Option<i64>> = best
            .iter()
            .map(|b| b.as_ref().map(|a| a.promotion_id))
            .collect();
        assert_eq!(ids, [Some(3), Some(2), Some(1), None]);
        assert_eq!(best[0].as_ref().unwrap().discount, M);
        assert_eq!(best[0].as_ref().unwrap().name, "P3");
        assert_eq!(best[2].as_ref().unwrap().discount, 2 * M);
    }

    #[test]
    fn ties_go_to_the_oldest_and_categories_match_lines() {
        let mut a = promo(5, KIND_PERCENT, 10 * M, 0, 0);
        a.target = TARGET_CATEGORY.into();
        a.category_id = Some(9);
        let mut b = promo(4, KIND_PERCENT, 10 * M, 0, 0);
        b.target = TARGET_CATEGORY.into();
        b.category_id = Some(9);
        let mut other = promo(3, KIND_PERCENT, 50 * M, 0, 0);
        other.target = TARGET_CATEGORY.into();
        other.category_id = Some(8);
        let best = choose_best(&[a, b, other], &[], &[line(1, M, 10 * M)]);
        assert_eq!(best[0].as_ref().unwrap().promotion_id, 4);
    }

    #[test]
    fn dates_weekdays_and_hours() {
        let mut p = promo(1, KIND_PERCENT, 10 * M, 0, 0);
        p.starts_on = NaiveDate::from_ymd_opt(2026, 11, 20).unwrap();
        p.ends_on = NaiveDate::from_ymd_opt(2026, 11, 30);
        // 2026-11-23 is a Monday.
        assert!(p.valid_at(at("2026-11-23", "10:00")));
        assert!(p.valid_at(at("2026-11-20", "00:00")), "first day included");
        assert!(p.valid_at(at("2026-11-30", "23:59")), "last day included");
        assert!(!p.valid_at(at("2026-11-19", "23:59")));
        assert!(!p.valid_at(at("2026-12-01", "00:00")));

        p.weekdays = "67".into();
        assert!(!p.valid_at(at("2026-11-23", "10:00")), "Monday");
        assert!(p.valid_at(at("2026-11-28", "10:00")), "Saturday");
        assert!(p.valid_at(at("2026-11-29", "10:00")), "Sunday");

        p.weekdays = ALL_WEEKDAYS.into();
        p.time_from = Some("08:00".into());
        p.time_to = Some("12:30".into());
        assert!(p.valid_at(at("2026-11-23", "08:00")), "from included");
        assert!(p.valid_at(at("2026-11-23", "12:29")));
        assert!(!p.valid_at(at("2026-11-23", "12:30")), "to excluded");
        assert!(!p.valid_at(at("2026-11-23", "07:59")));

        // Happy hour past midnight.
        p.time_from = Some("22:00".into());
        p.time_to = Some("02:00".into());
        assert!(p.valid_at(at("2026-11-23", "23:15")));
        assert!(p.valid_at(at("2026-11-24", "01:59")));
        assert!(!p.valid_at(at("2026-11-24", "02:00")));
        assert!(!p.valid_at(at("2026-11-24", "12:00")));

        p.active = false;
        assert!(!p.valid_at(at("2026-11-23", "23:15")));
    }

    #[test]
    fn hhmm() {
        assert_eq!(parse_hhmm("08:05"), NaiveTime::from_hms_opt(8, 5, 0));
        assert_eq!(parse_hhmm("23:59"), NaiveTime::from_hms_opt(23, 59, 0));
        for bad in ["8:05", "24:00", "12:60", "12-00", "", "ab:cd"] {
            assert_eq!(parse_hhmm(bad), None, "{bad}");
        }
    }
}
