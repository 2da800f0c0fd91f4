//! The one list query behind every list screen (specification §3 and §7):
//! `GET {base}?search=&onlyActive=&page=&limit=&sort=&order=&from=&to=` answers
//! `{results, total, page, limit}`.
//!
//! Parsing and bounds live in [`ListParams`]; [`paginate`] runs a model's filtered query twice —
//! once counted, once sorted by a whitelisted key and cut to the page — in the spirit of
//! crates.io's pagination module. Models build the filter (company, search, dates) and name their
//! sortable columns with [`SortKey::by`]; nothing else about paging is written twice.

use chrono::{NaiveDate, NaiveDateTime};
use diesel::backend::Backend;
use diesel::dsl::{self, Asc, Desc};
use diesel::expression::Expression;
use diesel::prelude::*;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::query_dsl::LoadQuery;
use diesel::query_dsl::methods::{FilterDsl, LimitDsl, OffsetDsl, ThenOrderDsl};
use diesel::sql_types::{BigInt, Timestamp};
use serde::{Deserialize, Serialize};

use super::DbConnection;
use super::search::contains_pattern;
use crate::error::AppError;
use crate::util::time::Zone;

/// Page size when none is asked for (specification §9: the user list shows 10).
pub const DEFAULT_LIMIT: i64 = 10;
/// Largest page a client may ask for.
pub const MAX_LIMIT: i64 = 100;
/// Longest search text used (longer input is cut).
const SEARCH_MAX: usize = 100;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawListQuery {
    search: Option<String>,
    only_active: Option<String>,
    page: Option<String>,
    limit: Option<String>,
    sort: Option<String>,
    order: Option<String>,
    from: Option<String>,
    to: Option<String>,
}

/// A validated list request.
#[derive(Debug, Clone)]
pub struct ListParams {
    /// Trimmed search text, if any.
    pub search: Option<String>,
    pub only_active: bool,
    /// 1-based page.
    pub page: i64,
    pub limit: i64,
    /// Key to sort by (each model whitelists the keys it supports; others use its default).
    pub sort: Option<String>,
    pub descending: bool,
    /// First day of a date range (Ecuador dates), for lists of dated records.
    pub from: Option<NaiveDate>,
    /// Last day of a date range, included.
    pub to: Option<NaiveDate>,
}

impl Default for ListParams {
    fn default() -> Self {
        Self {
            search: None,
            only_active: false,
            page: 1,
            limit: DEFAULT_LIMIT,
            sort: None,
            descending: false,
            from: None,
            to: None,
        }
    }
}

fn number(
    name: &str,
    value: Option<String>,
    default: i64,
    min: i64,
    max: i64,
) -> Result<i64, AppError> {
    match value.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(default),
        Some(text) => match text.parse::<i64>() {
            Ok(n) if (min..=max).contains(&n) && text.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
            _ => Err(AppError::field(
                name,
                format!("El parámetro {name} debe ser un número entre {min} y {max}"),
            )),
        },
    }
}

fn date(name: &str, value: Option<String>) -> Result<Option<NaiveDate>, AppError> {
    match value.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(text) => NaiveDate::parse_from_str(text, "%Y-%m-%d")
            .ok()
            .filter(|d| (2000..=2100).contains(&chrono::Datelike::year(d)))
            .map(Some)
            .ok_or_else(|| {
                AppError::field(
                    name,
                    format!("La fecha «{name}» no es válida: use el formato AAAA-MM-DD"),
                )
            }),
    }
}

impl ListParams {
    /// Parses and bounds a query string's list parameters.
    pub fn from_query(query: &str) -> Result<Self, AppError> {
        let raw: RawListQuery = serde_urlencoded::from_str(query)
            .map_err(|_| AppError::BadRequest("Parámetros de la lista no válidos".into()))?;
        let from = date("from", raw.from)?;
        let to = date("to", raw.to)?;
        if let (Some(first), Some(last)) = (from, to)
            && first > last
        {
            return Err(AppError::field(
                "from",
                "La fecha inicial no puede ser posterior a la fecha final",
            ));
        }
        Ok(Self {
            search: raw
                .search
                .map(|s| s.trim().chars().take(SEARCH_MAX).collect::<String>())
                .filter(|s| !s.is_empty()),
            only_active: matches!(raw.only_active.as_deref(), Some("true" | "1" | "on")),
            page: number("page", raw.page, 1, 1, 1_000_000)?,
            limit: number("limit", raw.limit, DEFAULT_LIMIT, 1, MAX_LIMIT)?,
            sort: raw.sort.filter(|s| !s.is_empty()),
            descending: matches!(raw.order.as_deref(), Some("desc")),
            from,
            to,
        })
    }

    /// Rows to skip.
    pub fn offset(&self) -> i64 {
        (self.page - 1) * self.limit
    }

    /// A `LIKE` pattern matching the search anywhere in text folded with `search_fold`
    /// (lower case, no accents), escaped for `.escape('\\')`.
    pub fn search_pattern(&self) -> Option<String> {
        self.search.as_deref().map(contains_pattern)
    }

    /// The date range as UTC timestamps `[start, end)`: from 00:00 of `from` to 00:00 of the day
    /// after `to`, in the company's zone, for filtering stored (UTC) times.
    pub fn time_range(&self, zone: Zone) -> (Option<NaiveDateTime>, Option<NaiveDateTime>) {
        (
            self.from.map(|d| zone.start_of(d)),
            self.to.and_then(|d| d.succ_opt()).map(|d| zone.start_of(d)),
        )
    }
}

/// One page of a list, as every list endpoint answers it.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct Page<T> {
    pub results: Vec<T>,
    pub total: i64,
    pub page: i64,
    pub limit: i64,
}

impl<T> Page<T> {
    /// Turns each row into what the client sees.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Page<U> {
        Page {
            results: self.results.into_iter().map(f).collect(),
            total: self.total,
            page: self.page,
            limit: self.limit,
        }
    }

    /// Like [`Page::map`], for conversions that may fail (a lookup per row).
    pub fn try_map<U, E>(self, f: impl FnMut(T) -> Result<U, E>) -> Result<Page<U>, E> {
        Ok(Page {
            results: self.results.into_iter().map(f).collect::<Result<_, _>>()?,
            total: self.total,
            page: self.page,
            limit: self.limit,
        })
    }
}

/// A key a list may be sorted by, and how: `apply(query, descending)` adds its `ORDER BY`.
pub struct SortKey<Q> {
    pub name: &'static str,
    pub apply: fn(Q, bool) -> Q,
}

impl<Q> SortKey<Q> {
    /// The key `name` ordering by column `C` and then by the id column `I`, so pages never repeat
    /// or skip rows that tie: `SortKey::by::<table::name, table::id>("name")`. A list's keys are a
    /// `const` slice whose first key is the default.
    pub const fn by<C, I>(name: &'static str) -> Self
    where
        C: ExpressionMethods + Default,
        I: ExpressionMethods + Default,
        Q: ThenOrderDsl<Asc<C>, Output = Q> + ThenOrderDsl<Desc<C>, Output = Q>,
        Q: ThenOrderDsl<Asc<I>, Output = Q> + ThenOrderDsl<Desc<I>, Output = Q>,
    {
        SortKey {
            name,
            apply: order_by::<Q, C, I>,
        }
    }
}

/// `query` ordered by `C` then `I`, both ascending or both descending (see [`SortKey::by`]).
fn order_by<Q, C, I>(query: Q, descending: bool) -> Q
where
    C: ExpressionMethods + Default,
    I: ExpressionMethods + Default,
    Q: ThenOrderDsl<Asc<C>, Output = Q> + ThenOrderDsl<Desc<C>, Output = Q>,
    Q: ThenOrderDsl<Asc<I>, Output = Q> + ThenOrderDsl<Desc<I>, Output = Q>,
{
    if descending {
        let query = ThenOrderDsl::then_order_by(query, C::default().desc());
        ThenOrderDsl::then_order_by(query, I::default().desc())
    } else {
        let query = ThenOrderDsl::then_order_by(query, C::default().asc());
        ThenOrderDsl::then_order_by(query, I::default().asc())
    }
}

/// `SELECT COUNT(*) FROM (<query>)`: the total of a filtered list, whatever its columns.
#[derive(Debug, Clone, Copy, QueryId)]
pub struct Counted<Q>(Q);

impl<Q> Query for Counted<Q> {
    type SqlType = BigInt;
}

impl<Q, DB> QueryFragment<DB> for Counted<Q>
where
    Q: QueryFragment<DB>,
    DB: Backend,
{
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        out.push_sql("SELECT COUNT(*) FROM (");
        self.0.walk_ast(out.reborrow())?;
        out.push_sql(") counted");
        Ok(())
    }
}

impl<Q> RunQueryDsl<DbConnection> for Counted<Q> {}

/// `query` in the list's order: the key `params` names (the first key when it names none of
/// them), ascending or descending.
pub fn sorted<Q>(query: Q, params: &ListParams, keys: &[SortKey<Q>]) -> Q {
    let key = params
        .sort
        .as_deref()
        .and_then(|name| keys.iter().find(|k| k.name == name))
        .or_else(|| keys.first());
    match key {
        Some(key) => (key.apply)(query, params.descending),
        None => query,
    }
}

/// Runs one page of a list. `query` builds the filtered, selected (unsorted) query; it is called
/// twice, once to count and once for the rows. `keys` are the sortable keys, the first being the
/// default.
pub fn paginate<T, Q>(
    conn: &mut DbConnection,
    params: &ListParams,
    query: impl Fn() -> Q,
    keys: &[SortKey<Q>],
) -> QueryResult<Page<T>>
where
    Q: LimitDsl<Output = Q> + OffsetDsl<Output = Q>,
    Q: for<'a> LoadQuery<'a, DbConnection, T>,
    Counted<Q>: for<'a> LoadQuery<'a, DbConnection, i64>,
{
    let total: i64 = Counted(query()).get_result(conn)?;
    let rows = sorted(query(), params, keys);
    let results = LimitDsl::limit(rows, params.limit);
    let results = OffsetDsl::offset(results, params.offset()).load(conn)?;
    Ok(Page {
        results,
        total,
        page: params.page,
        limit: params.limit,
    })
}

/// One page of a dated list (the documents of a branch): `rows()` is the list's query (of the
/// company and the branch, narrowed as the caller needs), then `search` (given the query and the
/// `LIKE` pattern) when the list is searched, then the date range of `params` on column `at`
/// (local days of the company's `zone`), sorted by `sorts`.
#[allow(clippy::too_many_arguments)]
pub fn dated_page<Q, R, C>(
    conn: &mut DbConnection,
    params: &ListParams,
    zone: Zone,
    rows: impl Fn() -> Q,
    search: impl Fn(Q, String) -> Q,
    at: C,
    sorts: &[SortKey<Q>],
) -> QueryResult<Page<R>>
where
    C: Expression<SqlType = Timestamp> + Copy,
    Q: FilterDsl<dsl::GtEq<C, NaiveDateTime>, Output = Q>,
    Q: FilterDsl<dsl::Lt<C, NaiveDateTime>, Output = Q>,
    Q: LimitDsl<Output = Q> + OffsetDsl<Output = Q>,
    Q: for<'a> LoadQuery<'a, DbConnection, R>,
    Counted<Q>: for<'a> LoadQuery<'a, DbConnection, i64>,
{
    let (from, to) = params.time_range(zone);
    let filtered = || {
        let mut query = rows();
        if let Some(pattern) = params.search_pattern() {
            query = search(query, pattern);
        }
        // `FilterDsl::filter`: `Q` is only known to be filterable.
        if let Some(from) = from {
            query = FilterDsl::filter(query, at.ge(from));
        }
        if let Some(to) = to {
            query = FilterDsl::filter(query, at.lt(to));
        }
        query
    };
    paginate(conn, params, filtered, sorts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_bounds_and_escaping() {
        let p = ListParams::from_query("").unwrap();
        assert_eq!(
            (p.page, p.limit, p.only_active, p.offset()),
            (1, 10, false, 0)
        );
        let p = ListParams::from_query(
            "search=%20100%25_Á%20&onlyActive=true&page=3&limit=20&sort=name&order=desc",
        )
        .unwrap();
        assert_eq!(p.search.as_deref(), Some("100%_Á"));
        assert_eq!(p.search_pattern().as_deref(), Some("%100\\%\\_a%"));
        assert_eq!(
            (p.page, p.limit, p.offset(), p.only_active, p.descending),
            (3, 20, 40, true, true)
        );
        for bad in [
            "page=0",
            "limit=1000",
            "page=abc",
            "page=%2B1",
            "from=2026-13-01",
            "from=2026-02-02&to=2026-02-01",
        ] {
            assert!(ListParams::from_query(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn date_range_is_ecuador_days_in_utc() {
        let p = ListParams::from_query("from=2026-11-01&to=2026-11-30").unwrap();
        let (start, end) = p.time_range(Zone::default());
        // Ecuador is UTC−5 all year.
        assert_eq!(start.unwrap().to_string(), "2026-11-01 05:00:00");
        assert_eq!(end.unwrap().to_string(), "2026-12-01 05:00:00");
        assert_eq!(
            ListParams::default().time_range(Zone::default()),
            (None, None)
        );
    }
}
