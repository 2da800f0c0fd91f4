//! The sales report: the branch's sales of a range of local days grouped by day, product,
//! category, cashier, register, payment method or client, with count, base, IVA, total, cost and
//! margin.
//!
//! The rules, once:
//! - a credit note subtracts its base and IVA, and the kardex cost of the goods it took back, from
//!   the group of its sale (same product, cashier, register, client, methods) on the note's own
//!   date — the range and the day grouping read the note's date;
//! - cost is the kardex: the exit rows of the sale (at the average cost the goods left with), so
//!   margin = base − cost is what the shop earned before tax;
//! - product and category read the sold lines; the other groupings read the sale headers (the IVA
//!   the document states, computed on the sum per rate), so a cashier's total is the tickets';
//! - a sale paid with two methods is split between them in proportion to each payment, to the cent
//!   (the last payment takes the rounding), and counts once under each; a credit note comes off
//!   the method that paid its refund out (`credit_notes.refund`: cash, or the receivable);
//! - `count` is the sales of the group; the totals' count is the sales of the range;
//! - the totals are the documents' own (headers and kardex), the same whatever the grouping; each
//!   line stores its share of its document's IVA (`domain::totals`), so the product rows add up
//!   to them too.
//!
//! [`report`] reads the summary the sale transaction keeps ([`super::summary`]: a few rows per
//! day instead of every line and kardex exit); [`report_from_detail`] computes the same from the
//! documents (one `GROUP BY` per source, `models::reports::sales`; day and method fold per-sale
//! groups here because the local day and the payment split are rules, not SQL) and is what the
//! summary is tested against.

use std::collections::HashMap;

use chrono::{Datelike, NaiveDate};

use super::summary::{KardexCost, attribute, split};
use crate::auth::roles::Tenant;
use crate::db::DbConnection;
use crate::error::{AppError, AppResult};
use crate::models::reports::names;
use crate::models::reports::sales::{self as q, Cost, Key, Sums, Window};
use crate::models::reports::summary::{self as s, Days, HeaderKey, LineSums};
use crate::services::sales::input::Method;
use crate::util::time::Zone;

/// How the report groups the sales (`groupBy`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GroupBy {
    Day,
    Product,
    Category,
    Cashier,
    Register,
    Method,
    Client,
}

impl GroupBy {
    pub const ALL: [GroupBy; 7] = [
        Self::Day,
        Self::Product,
        Self::Category,
        Self::Cashier,
        Self::Register,
        Self::Method,
        Self::Client,
    ];

    /// As the API writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Day => "day",
            Self::Product => "product",
            Self::Category => "category",
            Self::Cashier => "cashier",
            Self::Register => "register",
            Self::Method => "method",
            Self::Client => "client",
        }
    }

    /// The column title of the key, in Spanish.
    pub fn label(self) -> &'static str {
        match self {
            Self::Day => "Día",
            Self::Product => "Producto",
            Self::Category => "Categoría",
            Self::Cashier => "Cajero",
            Self::Register => "Caja",
            Self::Method => "Forma de pago",
            Self::Client => "Cliente",
        }
    }

    /// `groupBy` of the query (`day` when absent); 400 for an unknown one.
    pub fn parse(value: Option<&str>) -> AppResult<GroupBy> {
        match value.map(str::trim).filter(|v| !v.is_empty()) {
            None => Ok(Self::Day),
            Some(v) => Self::ALL.into_iter().find(|g| g.as_str() == v).ok_or_else(|| {
                AppError::field(
                    "groupBy",
                    "Agrupación no válida: use day, product, category, cashier, register, method o client",
                )
            }),
        }
    }
}

/// Longest range a report covers.
const MAX_DAYS: i64 = 366 * 3;

/// The local days `from..=to` of the query: `from` defaults to the first of this month, `to` to
/// today; refused when not dates, reversed or longer than three years.
pub fn range(
    zone: Zone,
    from: Option<&str>,
    to: Option<&str>,
) -> AppResult<(NaiveDate, NaiveDate)> {
    let parse = |field: &str, value: Option<&str>| -> AppResult<Option<NaiveDate>> {
        match value.map(str::trim).filter(|v| !v.is_empty()) {
            None => Ok(None),
            Some(v) => NaiveDate::parse_from_str(v, "%Y-%m-%d")
                .map(Some)
                .map_err(|_| AppError::field(field, "Fecha no válida (aaaa-mm-dd)")),
        }
    };
    let today = zone.today();
    let to = parse("to", to)?.unwrap_or(today);
    let from = parse("from", from)?.unwrap_or_else(|| to.with_day(1).unwrap_or(to));
    if from > to {
        return Err(AppError::field(
            "from",
            "La fecha inicial no puede ser posterior a la final",
        ));
    }
    if (to - from).num_days() > MAX_DAYS {
        return Err(AppError::field(
            "from",
            "El rango no puede pasar de tres años",
        ));
    }
    Ok((from, to))
}

/// One group of the report (amounts in millionths).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Line {
    pub key: String,
    pub label: String,
    pub count: i64,
    pub base: i64,
    pub iva: i64,
    pub cost: i64,
    /// Units sold less returned, in millionths (products and categories only).
    pub units: Option<i64>,
}

impl Line {
    pub fn total(&self) -> i64 {
        self.base + self.iva
    }

    pub fn margin(&self) -> i64 {
        self.base - self.cost
    }
}

/// The report: its groups and their totals.
#[derive(Debug, Clone, Default)]
pub struct Report {
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub group_by: Option<GroupBy>,
    pub rows: Vec<Line>,
    pub totals: Line,
}

/// Sums per key while the sources are read.
#[derive(Debug, Clone, Copy, Default)]
struct Acc {
    count: i64,
    base: i64,
    iva: i64,
    cost: i64,
    units: i64,
}

type Groups = HashMap<i64, Acc>;

fn add(groups: &mut Groups, rows: &[Sums], sign: i64, key: impl Fn(i64) -> Option<i64>) {
    for r in rows {
        if let Some(k) = key(r.key) {
            let a = groups.entry(k).or_default();
            a.count += r.count;
            a.base += sign * r.base;
            a.iva += sign * r.iva;
        }
    }
}

fn add_cost(groups: &mut Groups, rows: &[Cost], sign: i64, key: impl Fn(i64) -> Option<i64>) {
    for r in rows {
        if let Some(k) = key(r.key) {
            groups.entry(k).or_default().cost += sign * r.cost;
        }
    }
}

/// The window of the tenant's branch over local days `from..=to`.
pub fn branch_window(
    conn: &mut DbConnection,
    tenant: &Tenant,
    from: NaiveDate,
    to: NaiveDate,
) -> AppResult<Window> {
    let branch = tenant.branch(conn)?.id;
    let (start, end) = tenant.zone().days(from, to);
    Ok(Window {
        company: tenant.company,
        branch,
        from: start,
        to: end,
    })
}

/// The sales report of the tenant's branch, from the summary the sale transaction keeps
/// ([`super::summary`]).
pub fn report(
    conn: &mut DbConnection,
    tenant: &Tenant,
    from: NaiveDate,
    to: NaiveDate,
    group: GroupBy,
) -> AppResult<Report> {
    let w = branch_window(conn, tenant, from, to)?;
    let d = Days {
        company: w.company,
        branch: w.branch,
        from,
        to,
    };
    let fold = |rows: Vec<s::Group<i64>>| -> Groups {
        rows.into_iter()
            .map(|(k, count, base, iva, cost)| {
                (
                    k,
                    Acc {
                        count,
                        base,
                        iva,
                        cost,
                        units: 0,
                    },
                )
            })
            .collect()
    };
    let with_units = |mut groups: Groups, units: Vec<(i64, i64)>| -> Groups {
        for (k, u) in units {
            groups.entry(k).or_default().units = u;
        }
        groups
    };
    let groups = match group {
        GroupBy::Product => with_units(
            fold(s::by_product(conn, &d)?),
            s::units_by(conn, &d, false)?,
        ),
        GroupBy::Category => with_units(
            fold(s::by_category(conn, &d)?),
            s::units_by(conn, &d, true)?,
        ),
        GroupBy::Cashier => fold(s::headers_by(conn, &d, HeaderKey::Cashier)?),
        GroupBy::Client => fold(s::headers_by(conn, &d, HeaderKey::Client)?),
        GroupBy::Register => fold(s::headers_by(conn, &d, HeaderKey::Register)?),
        GroupBy::Day => fold(
            s::headers_by_day(conn, &d)?
                .into_iter()
                .map(|(day, n, b, i, c)| (i64::from(day.num_days_from_ce()), n, b, i, c))
                .collect(),
        ),
        GroupBy::Method => {
            let groups = s::by_method(conn, &d)?
                .into_iter()
                .map(|(m, count, base, iva, cost)| {
                    (
                        m,
                        Acc {
                            count,
                            base,
                            iva,
                            cost,
                            units: 0,
                        },
                    )
                })
                .collect();
            return Ok(finish(
                from,
                to,
                group,
                method_rows(groups),
                summed(conn, &d)?,
            ));
        }
    };
    let rows = sorted(group, labelled(conn, &w, group, groups)?);
    Ok(finish(from, to, group, rows, summed(conn, &d)?))
}

/// The summary's totals of the days, from the documents' own amounts.
fn summed(conn: &mut DbConnection, d: &Days) -> AppResult<Acc> {
    let (count, base, iva, cost) = s::totals(conn, d)?;
    Ok(Acc {
        count,
        base,
        iva,
        cost,
        units: 0,
    })
}

/// The same report computed from the documents themselves (lines, headers, kardex, payments):
/// the reference the summary is checked against (`tests/reports/summary.rs`).
pub fn report_from_detail(
    conn: &mut DbConnection,
    tenant: &Tenant,
    from: NaiveDate,
    to: NaiveDate,
    group: GroupBy,
) -> AppResult<Report> {
    let w = branch_window(conn, tenant, from, to)?;
    let groups = match group {
        GroupBy::Product => by_line_key(conn, &w, false)?,
        GroupBy::Category => by_line_key(conn, &w, true)?,
        GroupBy::Cashier => by_key(conn, &w, Key::CASHIER)?,
        GroupBy::Client => by_key(conn, &w, Key::CLIENT)?,
        GroupBy::Register => by_key(conn, &w, Key::REGISTER)?,
        GroupBy::Day => by_day(conn, &w, tenant.zone())?,
        GroupBy::Method => {
            let rows = method_rows(by_method(conn, &w)?);
            return Ok(finish(from, to, group, rows, documents(conn, &w)?));
        }
    };
    let rows = sorted(group, labelled(conn, &w, group, groups)?);
    Ok(finish(from, to, group, rows, documents(conn, &w)?))
}

/// The window's totals from the documents' own amounts (headers, kardex), for every grouping.
fn documents(conn: &mut DbConnection, w: &Window) -> AppResult<Acc> {
    let mut all = Acc {
        count: q::count_sales(conn, w)?,
        ..Acc::default()
    };
    for (_, a) in by_key(conn, w, Key::CASHIER)? {
        all.base += a.base;
        all.iva += a.iva;
        all.cost += a.cost;
    }
    Ok(all)
}

/// Days in date order, the other groupings by total (largest first), then name.
fn sorted(group: GroupBy, mut rows: Vec<Line>) -> Vec<Line> {
    if group == GroupBy::Day {
        rows.sort_by(|a, b| a.key.cmp(&b.key));
    } else {
        rows.sort_by(|a, b| b.total().cmp(&a.total()).then(a.label.cmp(&b.label)));
    }
    rows
}

/// The report of `rows`, its totals the documents' own (`all`): never the sum of the rows, which
/// a grouping by product could round differently from one by document.
fn finish(from: NaiveDate, to: NaiveDate, group: GroupBy, rows: Vec<Line>, all: Acc) -> Report {
    let totals = Line {
        key: String::new(),
        label: "Total".into(),
        count: all.count,
        base: all.base,
        iva: all.iva,
        cost: all.cost,
        units: None,
    };
    Report {
        from,
        to,
        group_by: Some(group),
        rows,
        totals,
    }
}

/// Cashier, client, register: the headers and their kardex grouped by the key in SQL.
fn by_key(conn: &mut DbConnection, w: &Window, key: Key) -> AppResult<Groups> {
    let mut groups = Groups::new();
    add(&mut groups, &q::sold_headers(conn, w, key)?, 1, Some);
    add(&mut groups, &q::returned_headers(conn, w, key)?, -1, Some);
    add_cost(&mut groups, &q::sale_costs(conn, w, key)?, 1, Some);
    add_cost(&mut groups, &q::return_costs(conn, w, key)?, -1, Some);
    Ok(groups)
}

/// Product or category: the lines grouped in SQL; the sales' costs and the units per document
/// (a recipe's ingredients on the dish, [`super::summary::attribute`]), folded here.
fn by_line_key(conn: &mut DbConnection, w: &Window, category: bool) -> AppResult<Groups> {
    let key = if category {
        Key::CATEGORY
    } else {
        Key::PRODUCT
    };
    let pick = |product: i64, of: Option<i64>| if category { of.unwrap_or(0) } else { product };
    let mut groups = Groups::new();
    add(&mut groups, &q::sold_lines(conn, w, key)?, 1, Some);
    add(&mut groups, &q::returned_lines(conn, w, key)?, -1, Some);
    add_cost(&mut groups, &q::return_costs(conn, w, key)?, -1, Some);
    let sales: Vec<i64> = q::sale_times(conn, w)?
        .into_iter()
        .map(|(id, _)| id)
        .collect();
    let mut lines: HashMap<i64, Vec<LineSums>> = HashMap::new();
    for l in s::sale_lines_of(conn, w.company, &sales)? {
        lines.entry(l.document).or_default().push(l);
    }
    let mut kardex: HashMap<i64, Vec<KardexCost>> = HashMap::new();
    for (doc, product, of, cost, consumed) in s::kardex_costs(conn, w.company, "sale", &sales)? {
        kardex
            .entry(doc)
            .or_default()
            .push((product, of, cost, consumed));
    }
    for (sale, sold) in &lines {
        let rows = kardex.remove(sale).unwrap_or_default();
        for (product, of, cost) in attribute(sold, &rows) {
            groups.entry(pick(product, of)).or_default().cost += cost;
        }
        for l in sold {
            groups.entry(pick(l.product, l.category)).or_default().units += l.quantity;
        }
    }
    let notes: Vec<i64> = q::note_times(conn, w)?
        .into_iter()
        .map(|(id, _)| id)
        .collect();
    for l in s::note_lines_of(conn, w.company, &notes)? {
        groups.entry(pick(l.product, l.category)).or_default().units -= l.quantity;
    }
    Ok(groups)
}

/// Day: per sale and per note, folded into the local day of each (days counted from year 1).
fn by_day(conn: &mut DbConnection, w: &Window, zone: Zone) -> AppResult<Groups> {
    let day = |t: chrono::NaiveDateTime| i64::from(zone.date_of(t).num_days_from_ce());
    let sale_day: HashMap<i64, i64> = q::sale_times(conn, w)?
        .into_iter()
        .map(|(id, t)| (id, day(t)))
        .collect();
    let note_day: HashMap<i64, i64> = q::note_times(conn, w)?
        .into_iter()
        .map(|(id, t)| (id, day(t)))
        .collect();
    let mut groups = Groups::new();
    add(
        &mut groups,
        &q::sold_headers(conn, w, Key::SALE)?,
        1,
        |id| sale_day.get(&id).copied(),
    );
    add_cost(&mut groups, &q::sale_costs(conn, w, Key::SALE)?, 1, |id| {
        sale_day.get(&id).copied()
    });
    add(
        &mut groups,
        &q::returned_headers(conn, w, Key::NOTE)?,
        -1,
        |id| note_day.get(&id).copied(),
    );
    add_cost(
        &mut groups,
        &q::return_costs(conn, w, Key::NOTE)?,
        -1,
        |id| note_day.get(&id).copied(),
    );
    Ok(groups)
}

/// Method: each sale of the range split over its payments, to the cent; each credit note of the
/// range (negative) under the method that paid its refund out.
fn by_method(conn: &mut DbConnection, w: &Window) -> AppResult<HashMap<String, Acc>> {
    let mut per_sale = Groups::new();
    add(
        &mut per_sale,
        &q::sold_headers(conn, w, Key::SALE)?,
        1,
        Some,
    );
    add_cost(&mut per_sale, &q::sale_costs(conn, w, Key::SALE)?, 1, Some);
    let mut ids: Vec<i64> = per_sale.keys().copied().collect();
    ids.sort_unstable();
    let mut payments: HashMap<i64, Vec<(String, i64)>> = HashMap::new();
    for (sale, method, amount) in q::payments_of(conn, w.company, &ids)? {
        payments.entry(sale).or_default().push((method, amount));
    }
    let mut groups: HashMap<String, Acc> = HashMap::new();
    for (sale, acc) in &per_sale {
        let Some(paid) = payments.get_mut(sale) else {
            continue;
        };
        paid.sort();
        let amounts: Vec<i64> = paid.iter().map(|(_, a)| *a).collect();
        let (base, iva, cost) = (
            split(acc.base, &amounts),
            split(acc.iva, &amounts),
            split(acc.cost, &amounts),
        );
        for (i, (method, _)) in paid.iter().enumerate() {
            let g = groups.entry(method.clone()).or_default();
            g.count += acc.count;
            g.base += base[i];
            g.iva += iva[i];
            g.cost += cost[i];
        }
    }
    let mut per_note = Groups::new();
    add(
        &mut per_note,
        &q::returned_headers(conn, w, Key::NOTE)?,
        1,
        Some,
    );
    add_cost(
        &mut per_note,
        &q::return_costs(conn, w, Key::NOTE)?,
        1,
        Some,
    );
    let refunds: HashMap<i64, String> = q::note_refunds(conn, w)?.into_iter().collect();
    for (note, acc) in per_note {
        if let Some(method) = refunds.get(&note) {
            let g = groups.entry(method.clone()).or_default();
            g.base -= acc.base;
            g.iva -= acc.iva;
            g.cost -= acc.cost;
        }
    }
    Ok(groups)
}

/// The method groups as rows, named in Spanish, largest total first.
fn method_rows(groups: HashMap<String, Acc>) -> Vec<Line> {
    let rows: Vec<Line> = groups
        .into_iter()
        .map(|(method, a)| Line {
            label: Method::parse(&method).map_or_else(|| method.clone(), |m| m.label().into()),
            key: method,
            count: a.count,
            base: a.base,
            iva: a.iva,
            cost: a.cost,
            units: None,
        })
        .collect();
    sorted(GroupBy::Method, rows)
}

/// The groups with their keys and names.
fn labelled(
    conn: &mut DbConnection,
    w: &Window,
    group: GroupBy,
    groups: Groups,
) -> AppResult<Vec<Line>> {
    let ids: Vec<i64> = groups.keys().copied().collect();
    let company = w.company;
    let names: HashMap<i64, String> = match group {
        GroupBy::Product => names::products(conn, company, &ids)?
            .into_iter()
            .map(|(id, (code, name, _))| (id, format!("{code} · {name}")))
            .collect(),
        GroupBy::Category => names::categories(conn, company, &ids)?,
        GroupBy::Cashier => names::users(conn, company, &ids)?,
        GroupBy::Client => names::clients(conn, company, &ids)?,
        GroupBy::Register => names::registers(conn, company, &ids)?,
        GroupBy::Day | GroupBy::Method => HashMap::new(),
    };
    Ok(groups
        .into_iter()
        .map(|(id, a)| {
            let (key, label) = match group {
                GroupBy::Day => {
                    let d = NaiveDate::from_num_days_from_ce_opt(id as i32).unwrap_or_default();
                    (
                        d.format("%Y-%m-%d").to_string(),
                        d.format("%d/%m/%Y").to_string(),
                    )
                }
                GroupBy::Category if id == 0 => ("0".into(), "Sin categoría".into()),
                GroupBy::Register if id == 0 => ("0".into(), "Sin caja (a crédito)".into()),
                _ => (
                    id.to_string(),
                    names.get(&id).cloned().unwrap_or_else(|| format!("#{id}")),
                ),
            };
            Line {
                key,
                label,
                count: a.count,
                base: a.base,
                iva: a.iva,
                cost: a.cost,
                units: matches!(group, GroupBy::Product | GroupBy::Category).then_some(a.units),
            }
        })
        .collect())
}

/// Top products of the range by total sold (returns subtracted), at most `limit`.
pub fn top(
    conn: &mut DbConnection,
    tenant: &Tenant,
    from: NaiveDate,
    to: NaiveDate,
    limit: usize,
) -> AppResult<Report> {
    let mut r = report(conn, tenant, from, to, GroupBy::Product)?;
    r.rows.truncate(limit);
    Ok(r)
}

/// The net totals (credit notes subtracted) of the tenant's branch over local days `from..=to`.
pub fn totals(
    conn: &mut DbConnection,
    tenant: &Tenant,
    from: NaiveDate,
    to: NaiveDate,
) -> AppResult<Line> {
    Ok(report(conn, tenant, from, to, GroupBy::Cashier)?.totals)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_is_exact_to_the_cent() {
        // 10.00 paid 3.33 + 6.67: 3.33 and the rest.
        let parts = split(10_000_000, &[3_330_000, 6_670_000]);
        assert_eq!(parts, [3_330_000, 6_670_000]);
        let parts = split(1_000_000, &[1, 1, 1]);
        assert_eq!(parts.iter().sum::<i64>(), 1_000_000);
        assert_eq!(parts, [330_000, 330_000, 340_000]);
        assert_eq!(split(5, &[7]), [5]);
    }

    #[test]
    fn group_by_parses_the_contract_words() {
        assert_eq!(GroupBy::parse(None).unwrap(), GroupBy::Day);
        assert_eq!(GroupBy::parse(Some("product")).unwrap(), GroupBy::Product);
        assert!(GroupBy::parse(Some("x")).is_err());
    }

    /// The report's window is the company's local days: a Galápagos company's day starts an hour
    /// after the mainland's.
    #[test]
    fn the_window_follows_the_company_zone() {
        let d = NaiveDate::from_ymd_opt(2026, 11, 26).unwrap();
        let (from, to) = Zone::default().days(d, d);
        assert_eq!(from.to_string(), "2026-11-26 05:00:00");
        assert_eq!(to.to_string(), "2026-11-27 05:00:00");
        let galapagos = Zone::parse("Pacific/Galapagos").unwrap();
        let (from, to) = galapagos.days(d, d);
        assert_eq!(from.to_string(), "2026-11-26 06:00:00");
        assert_eq!(to.to_string(), "2026-11-27 06:00:00");
        assert_eq!(
            galapagos.date_of(from - chrono::TimeDelta::minutes(30)),
            d.pred_opt().unwrap()
        );
        assert_eq!(
            Zone::default().date_of(from - chrono::TimeDelta::minutes(30)),
            d
        );
    }
}
