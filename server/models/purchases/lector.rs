//! The Lector .SRI's tables: the electronic documents a company received (with their authorized
//! XML, so an import needs nothing but the access key), the imports (one per access key and
//! company, settled by a unique index), and the supplier product codes mapped to the company's
//! products.

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use diesel::upsert::excluded;

use crate::db::schema::{
    products, received_documents, received_imports, supplier_product_mappings, suppliers,
};
use crate::db::{DbConnection, native};
use crate::models::CompanyId;

/// A received document row.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = received_documents)]
pub struct ReceivedDocument {
    pub id: i64,
    pub company_id: i64,
    pub access_key: String,
    /// `codDoc` (`01` factura, `04` nota de crédito…).
    pub doc_type: String,
    pub issuer_ruc: String,
    pub issuer_name: String,
    /// `001-001-000000123`.
    pub number: String,
    pub issue_date: NaiveDate,
    /// Total in millionths.
    pub total: i64,
    /// The authorized document's XML (the signed `factura`/`notaCredito`).
    pub xml: String,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// A document to store.
#[derive(Debug, Clone)]
pub struct NewReceived<'a> {
    pub access_key: &'a str,
    pub doc_type: &'a str,
    pub issuer_ruc: &'a str,
    pub issuer_name: &'a str,
    pub number: &'a str,
    pub issue_date: NaiveDate,
    pub total: i64,
    pub xml: &'a str,
}

impl ReceivedDocument {
    /// Stores the documents of the company not stored yet (an authorized XML never changes).
    pub fn store(
        conn: &mut DbConnection,
        company: CompanyId,
        docs: &[NewReceived<'_>],
    ) -> QueryResult<()> {
        let at = crate::util::time::now();
        for d in docs {
            let row = (
                received_documents::company_id.eq(company.get()),
                received_documents::access_key.eq(d.access_key),
                received_documents::doc_type.eq(d.doc_type),
                received_documents::issuer_ruc.eq(d.issuer_ruc),
                received_documents::issuer_name.eq(d.issuer_name),
                received_documents::number.eq(d.number),
                received_documents::issue_date.eq(d.issue_date),
                received_documents::total.eq(d.total),
                received_documents::xml.eq(d.xml),
                received_documents::created_at.eq(at),
                received_documents::updated_at.eq(at),
            );
            native::execute(
                conn,
                diesel::insert_into(received_documents::table)
                    .values(row)
                    .on_conflict((
                        received_documents::company_id,
                        received_documents::access_key,
                    ))
                    .do_nothing(),
            )?;
        }
        Ok(())
    }

    /// The company's stored document with this access key.
    pub fn find(
        conn: &mut DbConnection,
        company: CompanyId,
        access_key: &str,
    ) -> QueryResult<Option<ReceivedDocument>> {
        received_documents::table
            .filter(received_documents::company_id.eq(company.get()))
            .filter(received_documents::access_key.eq(access_key))
            .select(ReceivedDocument::as_select())
            .first(conn)
            .optional()
    }

    /// The access keys among `keys` of the company's stored documents.
    pub fn stored_keys(
        conn: &mut DbConnection,
        company: CompanyId,
        keys: &[String],
    ) -> QueryResult<Vec<String>> {
        let mut out = Vec::new();
        // Bounded batches keep the statement's parameters under SQLite's limit.
        for chunk in keys.chunks(500) {
            out.extend(
                received_documents::table
                    .filter(received_documents::company_id.eq(company.get()))
                    .filter(received_documents::access_key.eq_any(chunk.to_vec()))
                    .select(received_documents::access_key)
                    .load::<String>(conn)?,
            );
        }
        Ok(out)
    }

    /// The XML of the company's stored documents among `keys`, by access key.
    pub fn xml_of(
        conn: &mut DbConnection,
        company: CompanyId,
        keys: &[String],
    ) -> QueryResult<Vec<(String, String)>> {
        let mut out = Vec::new();
        // Bounded batches keep the statement's parameters under SQLite's limit.
        for chunk in keys.chunks(500) {
            out.extend(
                received_documents::table
                    .filter(received_documents::company_id.eq(company.get()))
                    .filter(received_documents::access_key.eq_any(chunk.to_vec()))
                    .select((received_documents::access_key, received_documents::xml))
                    .load::<(String, String)>(conn)?,
            );
        }
        Ok(out)
    }
}

/// Imports of received documents.
pub struct ReceivedImport;

impl ReceivedImport {
    /// Records that `access_key` was imported as `purchase_id`; the unique index refuses a second
    /// import of the key (the caller turns it into a 409).
    pub fn insert(
        conn: &mut DbConnection,
        company: CompanyId,
        access_key: &str,
        purchase_id: i64,
        user_id: i64,
    ) -> QueryResult<usize> {
        diesel::insert_into(received_imports::table)
            .values((
                received_imports::company_id.eq(company.get()),
                received_imports::access_key.eq(access_key),
                received_imports::purchase_id.eq(purchase_id),
                received_imports::user_id.eq(user_id),
                received_imports::created_at.eq(crate::util::time::now()),
            ))
            .execute(conn)
    }

    /// The purchase `access_key` was imported as, if it was.
    pub fn purchase_of(
        conn: &mut DbConnection,
        company: CompanyId,
        access_key: &str,
    ) -> QueryResult<Option<i64>> {
        received_imports::table
            .filter(received_imports::company_id.eq(company.get()))
            .filter(received_imports::access_key.eq(access_key))
            .select(received_imports::purchase_id)
            .first(conn)
            .optional()
    }

    /// Which of `keys` the company imported.
    pub fn imported(
        conn: &mut DbConnection,
        company: CompanyId,
        keys: &[String],
    ) -> QueryResult<Vec<String>> {
        let mut out = Vec::new();
        for chunk in keys.chunks(500) {
            out.extend(
                received_imports::table
                    .filter(received_imports::company_id.eq(company.get()))
                    .filter(received_imports::access_key.eq_any(chunk.to_vec()))
                    .select(received_imports::access_key)
                    .load::<String>(conn)?,
            );
        }
        Ok(out)
    }
}

/// A mapping with its supplier's and product's names (the mappings list).
#[derive(Debug, Clone, Queryable)]
pub struct MappingRow {
    pub id: i64,
    pub supplier_id: i64,
    pub supplier_identification: String,
    pub supplier_name: String,
    pub supplier_code: String,
    pub product_id: i64,
    pub product_code: String,
    pub product_name: String,
}

/// Supplier product codes mapped to the company's products.
pub struct Mapping;

impl Mapping {
    /// Remembers `code` of `supplier` as `product` (replacing an earlier mapping of the code).
    pub fn remember(
        conn: &mut DbConnection,
        company: CompanyId,
        supplier: i64,
        code: &str,
        product: i64,
    ) -> QueryResult<usize> {
        let at = crate::util::time::now();
        let row = (
            supplier_product_mappings::company_id.eq(company.get()),
            supplier_product_mappings::supplier_id.eq(supplier),
            supplier_product_mappings::supplier_code.eq(code),
            supplier_product_mappings::product_id.eq(product),
            supplier_product_mappings::created_at.eq(at),
            supplier_product_mappings::updated_at.eq(at),
        );
        native::execute(
            conn,
            diesel::insert_into(supplier_product_mappings::table)
                .values(row)
                .on_conflict((
                    supplier_product_mappings::company_id,
                    supplier_product_mappings::supplier_id,
                    supplier_product_mappings::supplier_code,
                ))
                .do_update()
                .set((
                    supplier_product_mappings::product_id
                        .eq(excluded(supplier_product_mappings::product_id)),
                    supplier_product_mappings::updated_at
                        .eq(excluded(supplier_product_mappings::updated_at)),
                )),
        )
    }

    /// The codes of `supplier` the company mapped: (code, product id).
    pub fn of_supplier(
        conn: &mut DbConnection,
        company: CompanyId,
        supplier: i64,
    ) -> QueryResult<Vec<(String, i64)>> {
        supplier_product_mappings::table
            .filter(supplier_product_mappings::company_id.eq(company.get()))
            .filter(supplier_product_mappings::supplier_id.eq(supplier))
            .select((
                supplier_product_mappings::supplier_code,
                supplier_product_mappings::product_id,
            ))
            .load(conn)
    }

    /// Every mapping of the company (at most `limit`), by supplier name and code.
    pub fn list(
        conn: &mut DbConnection,
        company: CompanyId,
        supplier: Option<i64>,
        limit: i64,
    ) -> QueryResult<Vec<MappingRow>> {
        let mut query = supplier_product_mappings::table
            .inner_join(suppliers::table)
            .inner_join(products::table)
            .filter(supplier_product_mappings::company_id.eq(company.get()))
            .filter(suppliers::company_id.eq(company.get()))
            .filter(products::company_id.eq(company.get()))
            .into_boxed();
        if let Some(id) = supplier {
            query = query.filter(supplier_product_mappings::supplier_id.eq(id));
        }
        query
            .order((
                suppliers::name.asc(),
                supplier_product_mappings::supplier_code.asc(),
            ))
            .limit(limit)
            .select((
                supplier_product_mappings::id,
                supplier_product_mappings::supplier_id,
                suppliers::identification,
                suppliers::name,
                supplier_product_mappings::supplier_code,
                products::id,
                products::code,
                products::name,
            ))
            .load(conn)
    }

    /// Forgets mapping `id` of the company; the rows deleted (0 when it is not the company's).
    pub fn delete(conn: &mut DbConnection, company: CompanyId, id: i64) -> QueryResult<usize> {
        diesel::delete(
            supplier_product_mappings::table
                .filter(supplier_product_mappings::company_id.eq(company.get()))
                .filter(supplier_product_mappings::id.eq(id)),
        )
        .execute(conn)
    }
}
