//! Stock reports of the branch: slow movers (no sale in N days), products below their minimum,
//! and stock value per warehouse. They reuse the inventory's stock list
//! ([`Stock::listing`]) so the value is computed the way the inventory screens compute it.

use std::collections::{BTreeMap, HashMap};

use chrono::{NaiveDate, TimeDelta};
use rust_decimal::Decimal;

use crate::auth::roles::Tenant;
use crate::db::DbConnection;
use crate::error::{AppError, AppResult};
use crate::models::inventory::cost::exact_times;
use crate::models::inventory::stock::{Stock, StockListing};
use crate::models::reports::{names, sales as q};

/// Most stock rows read (as the inventory's stock list).
const STOCK_ROWS_MAX: i64 = 5000;

/// A product not sold in the period.
#[derive(Debug, Clone)]
pub struct Slow {
    pub product_id: i64,
    pub code: String,
    pub name: String,
    /// Last local day it was sold in the branch (`None`: never).
    pub last_sold: Option<NaiveDate>,
    /// Its stock in the branch's warehouses (millionths).
    pub stock: i64,
}

/// A stock row below the product's minimum.
#[derive(Debug, Clone)]
pub struct Low {
    pub product_id: i64,
    pub code: String,
    pub name: String,
    pub cellar: String,
    pub quantity: i64,
    pub min_stock: i64,
}

/// A warehouse's stock value.
#[derive(Debug, Clone)]
pub struct CellarValue {
    pub cellar: String,
    pub products: i64,
    pub value: Decimal,
}

/// `days` of the query (30 when absent); 1 to 3650.
pub fn slow_days(value: Option<&str>) -> AppResult<i64> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(30),
        Some(v) => v
            .parse::<i64>()
            .ok()
            .filter(|d| (1..=3650).contains(d))
            .ok_or_else(|| AppError::field("days", "Indique los días: un número de 1 a 3650")),
    }
}

fn listing(conn: &mut DbConnection, tenant: &Tenant, low: bool) -> AppResult<Vec<StockListing>> {
    let branch = tenant.branch(conn)?.id;
    Ok(Stock::listing(
        conn,
        tenant.company,
        branch,
        None,
        None,
        low,
        STOCK_ROWS_MAX,
    )?)
}

/// Active products the branch has not sold in the last `days` days (oldest sale first, never
/// sold first of all), with their stock.
pub fn slow(conn: &mut DbConnection, tenant: &Tenant, days_back: i64) -> AppResult<Vec<Slow>> {
    let branch = tenant.branch(conn)?.id;
    let zone = tenant.zone();
    let since = zone.start_of(zone.today() - TimeDelta::days(days_back - 1));
    let stale: Vec<(i64, Option<chrono::NaiveDateTime>)> =
        q::last_sold(conn, tenant.company, branch)?
            .into_iter()
            .filter(|(_, last)| last.is_none_or(|t| t < since))
            .collect();
    let mut stock: HashMap<i64, i64> = HashMap::new();
    for (s, ..) in listing(conn, tenant, false)? {
        *stock.entry(s.product_id).or_default() += s.quantity;
    }
    let ids: Vec<i64> = stale.iter().map(|(id, _)| *id).collect();
    let products = names::products(conn, tenant.company, &ids)?;
    let mut out: Vec<Slow> = stale
        .into_iter()
        .filter_map(|(id, last)| {
            let (code, name, _) = products.get(&id)?.clone();
            Some(Slow {
                product_id: id,
                code,
                name,
                last_sold: last.map(|t| zone.date_of(t)),
                stock: stock.get(&id).copied().unwrap_or(0),
            })
        })
        .collect();
    out.sort_by(|a, b| a.last_sold.cmp(&b.last_sold).then(a.name.cmp(&b.name)));
    Ok(out)
}

/// Stock rows of the branch below their product's minimum.
pub fn low(conn: &mut DbConnection, tenant: &Tenant) -> AppResult<Vec<Low>> {
    Ok(listing(conn, tenant, true)?
        .into_iter()
        .map(|(s, name, code, min_stock, cellar)| Low {
            product_id: s.product_id,
            code,
            name,
            cellar,
            quantity: s.quantity,
            min_stock,
        })
        .collect())
}

/// Stock value per warehouse of the branch (quantity × average cost, as the inventory shows it).
pub fn value_by_cellar(conn: &mut DbConnection, tenant: &Tenant) -> AppResult<Vec<CellarValue>> {
    let mut by: BTreeMap<String, (i64, Decimal)> = BTreeMap::new();
    for (s, _, _, _, cellar) in listing(conn, tenant, false)? {
        let e = by.entry(cellar).or_default();
        if s.quantity != 0 {
            e.0 += 1;
        }
        e.1 += exact_times(s.quantity, s.average_cost);
    }
    Ok(by
        .into_iter()
        .map(|(cellar, (products, value))| CellarValue {
            cellar,
            products,
            value,
        })
        .collect())
}
