//! Clients of a company. "Consumidor final" (identification 9999999999999) exists in every
//! company from its creation and cannot be edited, locked or deleted: every sale to an
//! unidentified buyer points at it.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::clients;
use crate::db::search::search_fold;
use crate::domain::ids::{CONSUMIDOR_FINAL_ID, CONSUMIDOR_FINAL_NAME};
use crate::models::CompanyId;
use crate::util::time::now;

/// A client row. `credit_limit` in micros of a dollar.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = clients)]
pub struct Client {
    pub id: i64,
    pub company_id: i64,
    pub id_type: String,
    pub identification: String,
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub address: Option<String>,
    pub price_level: i32,
    pub credit_limit: i64,
    pub credit_days: i32,
    pub is_final_consumer: bool,
    pub active: bool,
    pub locked: bool,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// The editable fields, already validated.
#[derive(Debug, Clone, Insertable, AsChangeset)]
#[diesel(table_name = clients, treat_none_as_null = true, treat_none_as_default_value = false)]
pub struct ClientFields {
    pub id_type: String,
    pub identification: String,
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub address: Option<String>,
    pub price_level: i32,
    pub credit_limit: i64,
    pub credit_days: i32,
    pub active: bool,
}

crate::catalogue! {
    Client in clients {
        active: active,
        insert: ClientFields,
        update: ClientFields,
        // Never the consumidor final's row: 0 rows then, as for another company's client.
        writable: clients::is_final_consumer.eq(false),
        search: |pattern| search_fold(clients::name)
            .like(pattern.clone())
            .escape('\\')
            .or(search_fold(clients::identification)
                .like(pattern)
                .escape('\\')),
        sort: clients::name;
            "name" => clients::name,
            "identification" => clients::identification,
            "active" => clients::active,
            "createdAt" => clients::id,
    }
}

impl Client {
    /// Up to `limit` active clients whose name or identification contains `pattern` (a
    /// [`crate::db::search::contains_pattern`]), by name: the POS client picker.
    pub fn search(
        conn: &mut DbConnection,
        company: CompanyId,
        pattern: &str,
        limit: i64,
    ) -> QueryResult<Vec<Client>> {
        of(company)
            .filter(clients::active.eq(true))
            .filter(
                search_fold(clients::name)
                    .like(pattern.to_string())
                    .escape('\\')
                    .or(search_fold(clients::identification)
                        .like(pattern.to_string())
                        .escape('\\')),
            )
            .order(clients::name.asc())
            .limit(limit)
            .select(Client::as_select())
            .load(conn)
    }

    /// The company's consumidor final.
    pub fn final_consumer(
        conn: &mut DbConnection,
        company: CompanyId,
    ) -> QueryResult<Option<Client>> {
        of(company)
            .filter(clients::is_final_consumer.eq(true))
            .select(Client::as_select())
            .first(conn)
            .optional()
    }

    /// The company's client with this identification, if any (other than `except`).
    pub fn find_by_identification(
        conn: &mut DbConnection,
        company: CompanyId,
        identification: &str,
        except: Option<i64>,
    ) -> QueryResult<Option<Client>> {
        let mut query = of(company).filter(clients::identification.eq(identification));
        if let Some(id) = except {
            query = query.filter(clients::id.ne(id));
        }
        query.select(Client::as_select()).first(conn).optional()
    }

    /// Creates the company's "consumidor final" (called when a company is created; the
    /// migration created it for the companies that existed before).
    pub fn insert_final_consumer(conn: &mut DbConnection, company: CompanyId) -> QueryResult<i64> {
        let at = now();
        diesel::insert_into(clients::table)
            .values((
                clients::company_id.eq(company.get()),
                clients::id_type.eq("consumidorFinal"),
                clients::identification.eq(CONSUMIDOR_FINAL_ID),
                clients::name.eq(CONSUMIDOR_FINAL_NAME),
                clients::is_final_consumer.eq(true),
                clients::created_at.eq(at),
                clients::updated_at.eq(at),
            ))
            .returning(clients::id)
            .get_result(conn)
    }
}
