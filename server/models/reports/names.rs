//! The names a report shows for its keys, each list read once with `IN` over the keys.

use std::collections::HashMap;

use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::{cash_registers, categories, clients, products, users};
use crate::models::CompanyId;

/// A product's code, name and category.
pub type ProductName = (String, String, Option<i64>);

/// Products among `ids`: id → (code, name, category).
pub fn products(
    conn: &mut DbConnection,
    company: CompanyId,
    ids: &[i64],
) -> QueryResult<HashMap<i64, ProductName>> {
    Ok(products::table
        .filter(products::company_id.eq(company.get()))
        .filter(products::id.eq_any(ids.to_vec()))
        .select((
            products::id,
            products::code,
            products::name,
            products::category_id,
        ))
        .load::<(i64, String, String, Option<i64>)>(conn)?
        .into_iter()
        .map(|(id, code, name, category)| (id, (code, name, category)))
        .collect())
}

/// Categories among `ids`: id → name.
pub fn categories(
    conn: &mut DbConnection,
    company: CompanyId,
    ids: &[i64],
) -> QueryResult<HashMap<i64, String>> {
    Ok(categories::table
        .filter(categories::company_id.eq(company.get()))
        .filter(categories::id.eq_any(ids.to_vec()))
        .select((categories::id, categories::name))
        .load::<(i64, String)>(conn)?
        .into_iter()
        .collect())
}

/// Clients among `ids`: id → name.
pub fn clients(
    conn: &mut DbConnection,
    company: CompanyId,
    ids: &[i64],
) -> QueryResult<HashMap<i64, String>> {
    Ok(clients::table
        .filter(clients::company_id.eq(company.get()))
        .filter(clients::id.eq_any(ids.to_vec()))
        .select((clients::id, clients::name))
        .load::<(i64, String)>(conn)?
        .into_iter()
        .collect())
}

/// Users among `ids`: id → name.
pub fn users(
    conn: &mut DbConnection,
    company: CompanyId,
    ids: &[i64],
) -> QueryResult<HashMap<i64, String>> {
    Ok(users::table
        .filter(users::company_id.eq(company.get()))
        .filter(users::id.eq_any(ids.to_vec()))
        .select((users::id, users::name))
        .load::<(i64, String)>(conn)?
        .into_iter()
        .collect())
}

/// Cash registers among `ids`: id → name.
pub fn registers(
    conn: &mut DbConnection,
    company: CompanyId,
    ids: &[i64],
) -> QueryResult<HashMap<i64, String>> {
    Ok(cash_registers::table
        .filter(cash_registers::company_id.eq(company.get()))
        .filter(cash_registers::id.eq_any(ids.to_vec()))
        .select((cash_registers::id, cash_registers::name))
        .load::<(i64, String)>(conn)?
        .into_iter()
        .collect())
}
