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

macro_rules! names_of {
    ($(#[$doc:meta])* $fn:ident, $table:ident, $name:expr) => {
        $(#[$doc])*
        pub fn $fn(
            conn: &mut DbConnection,
            company: CompanyId,
            ids: &[i64],
        ) -> QueryResult<HashMap<i64, String>> {
            Ok($table::table
                .filter($table::company_id.eq(company.get()))
                .filter($table::id.eq_any(ids.to_vec()))
                .select(($table::id, $name))
                .load::<(i64, String)>(conn)?
                .into_iter()
                .collect())
        }
    };
}

names_of!(
    /// Categories among `ids`: id → name.
    categories, categories, categories::name
);
names_of!(
    /// Clients among `ids`: id → name.
    clients, clients, clients::name
);
names_of!(
    /// Users among `ids`: id → name.
    users, users, users::name
);
names_of!(
    /// Cash registers among `ids`: id → name.
    registers, cash_registers, cash_registers::name
);
