//! What the demo loaders share (the sales, purchases and receivables demos): acting as a demo
//! user and finding products with stock. Apart from `demo.rs`, which calls the loaders, so that
//! they do not import their caller.

use diesel::QueryResult;

use crate::auth::roles::Tenant;
use crate::auth::signed_in::AuthUser;
use crate::db::DbConnection;
use crate::models::CompanyId;
use crate::models::auth::user::User;
use crate::models::inventory::stock::{Stock, StockListing};
use crate::models::inventory::warehouse::Warehouse;
use crate::util::time::Zone;

/// What a demo loader acts as: `user` of `company`, in the company's time zone, outside any
/// session.
pub(crate) fn demo_tenant(user: User, zone: Zone, company: CompanyId) -> Tenant {
    Tenant {
        auth: AuthUser {
            user,
            session_id: 0,
            zone,
        },
        company,
    }
}

/// The branch's main warehouse and the first `limit` rows of its stock listing; `None` when the
/// branch has no warehouse.
pub(crate) fn main_stock(
    conn: &mut DbConnection,
    company: CompanyId,
    branch: i64,
    limit: i64,
) -> QueryResult<Option<(Warehouse, Vec<StockListing>)>> {
    let Some(cellar) = Warehouse::default_of(conn, company, branch)? else {
        return Ok(None);
    };
    let listing = Stock::listing(conn, company, branch, Some(cellar.id), None, false, limit)?;
    Ok(Some((cellar, listing)))
}

/// The first `take` products with at least `min` in stock among the first `limit` rows of the
/// main warehouse's listing ([`main_stock`]); none when the branch has no warehouse.
pub(crate) fn well_stocked(
    conn: &mut DbConnection,
    company: CompanyId,
    branch: i64,
    limit: i64,
    min: i64,
    take: usize,
) -> QueryResult<Vec<i64>> {
    let Some((_, listing)) = main_stock(conn, company, branch, limit)? else {
        return Ok(Vec::new());
    };
    Ok(listing
        .into_iter()
        .filter(|(s, ..)| s.quantity >= min)
        .map(|(s, ..)| s.product_id)
        .take(take)
        .collect())
}
