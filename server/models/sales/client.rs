//! Clients of a company. "Consumidor final" (identification 9999999999999) exists in every
//! company from its creation and cannot be edited, locked or deleted: every sale to an
//! unidentified buyer points at it.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::list::{ListParams, Page, SortKey, paginate};
use crate::db::schema::clients;
use crate::db::search::search_fold;
use crate::db::{DbBackend, DbConnection};
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
#[derive(Debug, Clone)]
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

type Query = diesel::dsl::IntoBoxed<
    'static,
    diesel::dsl::Select<clients::table, diesel::dsl::AsSelect<Client, DbBackend>>,
    DbBackend,
>;

/// Sortable keys of the list (the first is the default).
const SORTS: &[SortKey<Query>] = crate::sort_keys![Query, clients::name;
    "name" => clients::name,
    "identification" => clients::identification,
    "active" => clients::active,
    "createdAt" => clients::id,
];

fn of(company: CompanyId) -> clients::BoxedQuery<'static, DbBackend> {
    clients::table
        .filter(clients::company_id.eq(company.get()))
        .into_boxed()
}

impl Client {
    /// One page of the company's clients; the search looks at the name and the identification.
    pub fn list(
        conn: &mut DbConnection,
        company: CompanyId,
        params: &ListParams,
    ) -> QueryResult<Page<Client>> {
        let filtered = || {
            let mut query: Query = clients::table
                .select(Client::as_select())
                .filter(clients::company_id.eq(company.get()))
                .into_boxed();
            if params.only_active {
                query = query.filter(clients::active.eq(true));
            }
            if let Some(pattern) = params.search_pattern() {
                query = query.filter(
                    search_fold(clients::name)
                        .like(pattern.clone())
                        .escape('\\')
                        .or(search_fold(clients::identification)
                            .like(pattern)
                            .escape('\\')),
                );
            }
            query
        };
        paginate(conn, params, filtered, SORTS)
    }

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

    /// One client of the company.
    pub fn find(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
    ) -> QueryResult<Option<Client>> {
        of(company)
            .filter(clients::id.eq(id))
            .select(Client::as_select())
            .first(conn)
            .optional()
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

    /// Inserts; returns the new id.
    pub fn insert(
        conn: &mut DbConnection,
        company: CompanyId,
        fields: &ClientFields,
    ) -> QueryResult<i64> {
        let at = now();
        diesel::insert_into(clients::table)
            .values((
                clients::company_id.eq(company.get()),
                clients::id_type.eq(&fields.id_type),
                clients::identification.eq(&fields.identification),
                clients::name.eq(&fields.name),
                clients::email.eq(&fields.email),
                clients::phone.eq(&fields.phone),
                clients::address.eq(&fields.address),
                clients::price_level.eq(fields.price_level),
                clients::credit_limit.eq(fields.credit_limit),
                clients::credit_days.eq(fields.credit_days),
                clients::active.eq(fields.active),
                clients::created_at.eq(at),
                clients::updated_at.eq(at),
            ))
            .returning(clients::id)
            .get_result(conn)
    }

    /// Saves the editable fields of the company's client `id` (never the consumidor final's:
    /// 0 rows then, as for another company's client).
    pub fn update(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        fields: &ClientFields,
    ) -> QueryResult<usize> {
        diesel::update(
            crate::company_row!(clients, company, id).filter(clients::is_final_consumer.eq(false)),
        )
        .set((
            clients::id_type.eq(&fields.id_type),
            clients::identification.eq(&fields.identification),
            clients::name.eq(&fields.name),
            clients::email.eq(&fields.email),
            clients::phone.eq(&fields.phone),
            clients::address.eq(&fields.address),
            clients::price_level.eq(fields.price_level),
            clients::credit_limit.eq(fields.credit_limit),
            clients::credit_days.eq(fields.credit_days),
            clients::active.eq(fields.active),
            clients::updated_at.eq(now()),
        ))
        .execute(conn)
    }

    /// Sets the lock of the company's client `id`.
    pub fn set_locked(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        locked: bool,
    ) -> QueryResult<usize> {
        diesel::update(
            crate::company_row!(clients, company, id).filter(clients::is_final_consumer.eq(false)),
        )
        .set((clients::locked.eq(locked), clients::updated_at.eq(now())))
        .execute(conn)
    }

    /// Deletes the company's client `id` (a client with documents is kept by their foreign keys:
    /// the caller turns that refusal into a 409).
    pub fn delete(conn: &mut DbConnection, company: CompanyId, id: i64) -> QueryResult<usize> {
        diesel::delete(
            crate::company_row!(clients, company, id).filter(clients::is_final_consumer.eq(false)),
        )
        .execute(conn)
    }
}
