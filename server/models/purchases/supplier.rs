//! Suppliers of a company: who purchases are bought from and payables are owed to. A catalogue
//! like clients (same identification rules), with a credit term that sets a payable's due date.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::suppliers;
use crate::db::search::search_fold;
use crate::models::CompanyId;

/// A supplier row.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = suppliers)]
pub struct Supplier {
    pub id: i64,
    pub company_id: i64,
    pub id_type: String,
    pub identification: String,
    pub name: String,
    pub trade_name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub credit_days: i32,
    pub active: bool,
    pub locked: bool,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// The editable fields, already validated.
#[derive(Debug, Clone, Insertable, AsChangeset)]
#[diesel(table_name = suppliers, treat_none_as_null = true, treat_none_as_default_value = false)]
pub struct SupplierFields {
    pub id_type: String,
    pub identification: String,
    pub name: String,
    pub trade_name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub credit_days: i32,
    pub active: bool,
}

crate::catalogue! {
    Supplier in suppliers {
        active: active,
        insert: SupplierFields,
        update: SupplierFields,
        search: |pattern| search_fold(suppliers::name)
            .like(pattern.clone())
            .escape('\\')
            .or(search_fold(suppliers::identification)
                .like(pattern)
                .escape('\\')),
        sort: suppliers::name;
            "name" => suppliers::name,
            "identification" => suppliers::identification,
            "active" => suppliers::active,
            "createdAt" => suppliers::id,
    }
}

impl Supplier {
    /// The company's supplier with this identification, if any (other than `except`).
    pub fn find_by_identification(
        conn: &mut DbConnection,
        company: CompanyId,
        identification: &str,
        except: Option<i64>,
    ) -> QueryResult<Option<Supplier>> {
        let mut query = of(company).filter(suppliers::identification.eq(identification));
        if let Some(id) = except {
            query = query.filter(suppliers::id.ne(id));
        }
        query.select(Supplier::as_select()).first(conn).optional()
    }

    /// Names of these suppliers of the company, by id (one query for a page of documents).
    pub fn names(
        conn: &mut DbConnection,
        company: CompanyId,
        ids: &[i64],
    ) -> QueryResult<Vec<(i64, String)>> {
        of(company)
            .filter(suppliers::id.eq_any(ids.to_vec()))
            .select((suppliers::id, suppliers::name))
            .load(conn)
    }
}
