//! Product pictures: one per product, PNG or JPEG (checked on upload by `http::upload`), kept
//! apart from the product row so lists never read the bytes. `products.image_version` marks
//! whether there is one and when it changed.

use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::{product_images, products};
use crate::models::CompanyId;

/// A product's picture.
pub struct ProductImage;

impl ProductImage {
    /// Stores (or replaces) the picture of a product of the company (the caller has checked the
    /// product exists); returns whether it did.
    pub fn set(
        conn: &mut DbConnection,
        company: CompanyId,
        product: i64,
        bytes: &[u8],
        content_type: &str,
    ) -> QueryResult<bool> {
        if !Self::mark(conn, company, product, true)? {
            return Ok(false);
        }
        diesel::delete(product_images::table.find(product)).execute(conn)?;
        diesel::insert_into(product_images::table)
            .values((
                product_images::product_id.eq(product),
                product_images::company_id.eq(company.get()),
                product_images::content_type.eq(content_type),
                product_images::bytes.eq(bytes),
            ))
            .execute(conn)?;
        Ok(true)
    }

    /// Removes the picture; returns whether the product exists.
    pub fn remove(conn: &mut DbConnection, company: CompanyId, product: i64) -> QueryResult<bool> {
        if !Self::mark(conn, company, product, false)? {
            return Ok(false);
        }
        diesel::delete(
            product_images::table
                .filter(product_images::product_id.eq(product))
                .filter(product_images::company_id.eq(company.get())),
        )
        .execute(conn)?;
        Ok(true)
    }

    /// The picture's bytes and content type, if the company's product has one.
    pub fn find(
        conn: &mut DbConnection,
        company: CompanyId,
        product: i64,
    ) -> QueryResult<Option<(Vec<u8>, String)>> {
        product_images::table
            .filter(product_images::product_id.eq(product))
            .filter(product_images::company_id.eq(company.get()))
            .select((product_images::bytes, product_images::content_type))
            .first(conn)
            .optional()
    }

    /// Sets or clears the product's `image_version`.
    fn mark(
        conn: &mut DbConnection,
        company: CompanyId,
        product: i64,
        present: bool,
    ) -> QueryResult<bool> {
        let version = present.then(|| crate::util::time::now().and_utc().timestamp_millis());
        let updated = diesel::update(
            products::table
                .filter(products::id.eq(product))
                .filter(products::company_id.eq(company.get())),
        )
        .set(products::image_version.eq(version))
        .execute(conn)?;
        Ok(updated == 1)
    }
}
