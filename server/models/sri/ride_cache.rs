//! Rendered RIDEs of authorized documents (`ride_cache`), keyed by company, clave de acceso,
//! format and template version (the UI build). Only authorized documents are stored: they are
//! immutable, so a page rendered once is the page forever for that build.

use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::ride_cache;
use crate::models::CompanyId;
use crate::util::time::now;

/// The key of one cached page.
#[derive(Debug, Clone, Copy)]
pub struct RideKey<'a> {
    pub company: CompanyId,
    pub access_key: &'a str,
    /// `A4SRI` or `Ticket80`.
    pub format: &'a str,
    pub template_version: &'a str,
}

/// The cached page of `key`, if it was rendered.
pub fn find(conn: &mut DbConnection, key: RideKey) -> QueryResult<Option<String>> {
    ride_cache::table
        .filter(ride_cache::company_id.eq(key.company.get()))
        .filter(ride_cache::access_key.eq(key.access_key))
        .filter(ride_cache::format.eq(key.format))
        .filter(ride_cache::template_version.eq(key.template_version))
        .select(ride_cache::html)
        .first(conn)
        .optional()
}

/// Stores the page of `key`; when another server stored it first, its row stays (both rendered
/// the same immutable document with the same build).
pub fn store(conn: &mut DbConnection, key: RideKey, html: &str) -> QueryResult<()> {
    let row = (
        ride_cache::company_id.eq(key.company.get()),
        ride_cache::access_key.eq(key.access_key),
        ride_cache::format.eq(key.format),
        ride_cache::template_version.eq(key.template_version),
        ride_cache::html.eq(html),
        ride_cache::created_at.eq(now()),
    );
    crate::db::native::execute(
        conn,
        diesel::insert_into(ride_cache::table)
            .values(row)
            .on_conflict_do_nothing(),
    )?;
    Ok(())
}

/// When the company's data outside its documents (its logo) last changed, in milliseconds: part
/// of a cached page's key, so a new logo renders the RIDEs again.
pub fn company_stamp(conn: &mut DbConnection, company: CompanyId) -> QueryResult<i64> {
    use crate::db::schema::companies;
    let updated: chrono::NaiveDateTime = companies::table
        .find(company.get())
        .select(companies::updated_at)
        .first(conn)?;
    Ok(updated.and_utc().timestamp_millis())
}
