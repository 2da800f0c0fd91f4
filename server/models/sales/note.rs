//! Sales notes (notas de venta): header, lines and payments. Written once by
//! `services::sales::note::commit`, never updated or deleted — a credit note cancels a
//! sale. Money and quantities in millionths.

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::batch::Batch;
use crate::db::list::{ListParams, Page, SortKey, dated_page};
use crate::db::native;
use crate::db::schema::{clients, sale_lines, sale_payments, sales};
use crate::db::search::search_fold;
use crate::models::CompanyId;
use crate::models::config::company::Company;
use crate::models::sales::document::DocumentQuery;

/// A sale header.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = sales)]
pub struct Sale {
    pub id: i64,
    pub company_id: i64,
    pub branch_office_id: i64,
    pub emission_point_id: i64,
    pub sequential: i64,
    pub number: String,
    pub idempotency_key: String,
    pub client_id: i64,
    pub warehouse_id: i64,
    pub user_id: i64,
    pub turn_id: Option<i64>,
    pub quote_id: Option<i64>,
    pub gross: i64,
    pub discount: i64,
    pub subtotal: i64,
    pub iva: i64,
    pub total: i64,
    pub change_given: i64,
    pub note: Option<String>,
    pub created_at: NaiveDateTime,
    /// [`KIND_NOTE`] or [`KIND_INVOICE`].
    pub kind: String,
    /// The factura in the SRI queue (`sri_documents.id`), for a sale of kind invoice.
    pub sri_document_id: Option<i64>,
}

/// A header to insert (`None` stored as NULL, so that the insert's SQL never varies and stays
/// prepared).
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = sales, treat_none_as_default_value = false)]
pub struct NewSale<'a> {
    pub company_id: i64,
    pub branch_office_id: i64,
    pub emission_point_id: i64,
    pub sequential: i64,
    pub number: &'a str,
    pub idempotency_key: &'a str,
    pub client_id: i64,
    pub warehouse_id: i64,
    pub user_id: i64,
    pub turn_id: Option<i64>,
    pub quote_id: Option<i64>,
    pub gross: i64,
    pub discount: i64,
    pub subtotal: i64,
    pub iva: i64,
    pub total: i64,
    pub change_given: i64,
    pub note: Option<&'a str>,
    pub created_at: NaiveDateTime,
    pub kind: &'a str,
}

/// `sales.kind` of a sales note.
pub const KIND_NOTE: &str = "note";
/// `sales.kind` of an electronic factura.
pub const KIND_INVOICE: &str = "invoice";

impl NewSale<'_> {
    /// The stored row this header becomes under `id` (a sale just registered answers from
    /// memory instead of reading itself back).
    pub fn stored(&self, id: i64) -> Sale {
        Sale {
            id,
            company_id: self.company_id,
            branch_office_id: self.branch_office_id,
            emission_point_id: self.emission_point_id,
            sequential: self.sequential,
            number: self.number.to_string(),
            idempotency_key: self.idempotency_key.to_string(),
            client_id: self.client_id,
            warehouse_id: self.warehouse_id,
            user_id: self.user_id,
            turn_id: self.turn_id,
            quote_id: self.quote_id,
            gross: self.gross,
            discount: self.discount,
            subtotal: self.subtotal,
            iva: self.iva,
            total: self.total,
            change_given: self.change_given,
            note: self.note.map(str::to_string),
            created_at: self.created_at,
            kind: self.kind.to_string(),
            sri_document_id: None,
        }
    }
}

/// A line of a sale (also the shape of a quote's line, see `models::sales::quote`: the priced
/// columns are the same, which `QuoteLine::as_sale_line` checks by naming each).
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = sale_lines, treat_none_as_default_value = false)]
pub struct SaleLine {
    #[diesel(skip_insertion)]
    pub id: i64,
    pub sale_id: i64,
    pub position: i32,
    pub product_id: i64,
    pub code: String,
    pub name: String,
    pub unit: String,
    pub quantity: i64,
    pub unit_price: i64,
    pub discount: i64,
    pub promotion_id: Option<i64>,
    pub promotion_name: Option<String>,
    pub promotion_discount: i64,
    pub iva_code: String,
    pub iva_rate: i32,
    pub net: i64,
    pub iva: i64,
    pub unit_cost: i64,
}

/// A payment of a sale.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = sale_payments, treat_none_as_default_value = false)]
pub struct SalePayment {
    #[diesel(skip_insertion)]
    pub id: i64,
    pub sale_id: i64,
    pub method: String,
    pub amount: i64,
    pub received: Option<i64>,
    pub reference: Option<String>,
    pub bank_account_id: Option<i64>,
    pub due_date: Option<NaiveDate>,
}

/// Sales of a period: their count, their total and the total per payment method.
pub struct PeriodTotals {
    pub count: i64,
    pub total: i64,
    pub by_method: Vec<(String, i64)>,
}

/// A row of the list: the header and the client's name.
pub type SaleRow = (Sale, String);

type Query = DocumentQuery<sales::table, Sale>;

const SORTS: &[SortKey<Query>] = &[
    SortKey::by::<sales::id, sales::id>("date"),
    SortKey::by::<sales::number, sales::id>("number"),
    SortKey::by::<sales::total, sales::id>("total"),
    SortKey::by::<clients::name, sales::id>("client"),
];

impl Sale {
    /// One page of the branch's documents of `kind` with the client's name (search: number or
    /// client name; date range).
    pub fn list(
        conn: &mut DbConnection,
        company: CompanyId,
        branch_office_id: i64,
        kind: &str,
        params: &ListParams,
    ) -> QueryResult<Page<(Sale, String)>> {
        let kind = kind.to_string();
        let zone = Company::zone(conn, company)?;
        dated_page(
            conn,
            params,
            zone,
            || -> Query {
                sales::table
                    .inner_join(clients::table)
                    .select((Sale::as_select(), clients::name))
                    .filter(sales::company_id.eq(company.get()))
                    .filter(sales::branch_office_id.eq(branch_office_id))
                    .into_boxed()
                    .filter(sales::kind.eq(kind.clone()))
            },
            |query, pattern| {
                query.filter(
                    search_fold(clients::name)
                        .like(pattern.clone())
                        .escape('\\')
                        .or(sales::number.like(pattern).escape('\\')),
                )
            },
            sales::created_at,
            SORTS,
        )
    }

    /// One document of the company.
    pub fn find(conn: &mut DbConnection, company: CompanyId, id: i64) -> QueryResult<Option<Sale>> {
        sales::table
            .filter(sales::company_id.eq(company.get()))
            .filter(sales::id.eq(id))
            .select(Sale::as_select())
            .first(conn)
            .optional()
    }

    /// One document of `kind` of the company.
    pub fn find_of_kind(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        kind: &str,
    ) -> QueryResult<Option<Sale>> {
        sales::table
            .filter(sales::company_id.eq(company.get()))
            .filter(sales::id.eq(id))
            .filter(sales::kind.eq(kind))
            .select(Sale::as_select())
            .first(conn)
            .optional()
    }

    /// The document of the company (a factura, an electronic credit note) that carries SRI
    /// document `document_id`.
    pub fn of_document(
        conn: &mut DbConnection,
        company: CompanyId,
        document_id: i64,
    ) -> QueryResult<Option<Sale>> {
        sales::table
            .filter(sales::company_id.eq(company.get()))
            .filter(sales::sri_document_id.eq(document_id))
            .select(Sale::as_select())
            .first(conn)
            .optional()
    }

    /// Links document `id` to its SRI document (in the transaction that inserted both).
    pub fn set_sri_document(
        conn: &mut DbConnection,
        id: i64,
        document_id: i64,
    ) -> QueryResult<usize> {
        diesel::update(sales::table.filter(sales::id.eq(id)))
            .set(sales::sri_document_id.eq(Some(document_id)))
            .execute(conn)
    }

    /// The sale registered with this idempotency key, if any.
    pub fn find_by_key(
        conn: &mut DbConnection,
        company: CompanyId,
        key: &str,
    ) -> QueryResult<Option<Sale>> {
        let by_key = sales::table
            .filter(sales::company_id.eq(company.get()))
            .filter(sales::idempotency_key.eq(key))
            .select(native::columns::<Sale>());
        native::first(conn, by_key).optional()
    }

    /// The user's last sale of `kind` in the branch.
    pub fn last_of(
        conn: &mut DbConnection,
        company: CompanyId,
        branch_office_id: i64,
        user_id: i64,
        kind: &str,
    ) -> QueryResult<Option<Sale>> {
        sales::table
            .filter(sales::company_id.eq(company.get()))
            .filter(sales::kind.eq(kind))
            .filter(sales::branch_office_id.eq(branch_office_id))
            .filter(sales::user_id.eq(user_id))
            .order(sales::id.desc())
            .select(Sale::as_select())
            .first(conn)
            .optional()
    }

    /// The branch's sales since `from` (UTC), newest first, at most `limit`.
    pub fn recent(
        conn: &mut DbConnection,
        company: CompanyId,
        branch_office_id: i64,
        from: NaiveDateTime,
        limit: i64,
    ) -> QueryResult<Vec<SaleRow>> {
        sales::table
            .inner_join(clients::table)
            .filter(sales::company_id.eq(company.get()))
            .filter(sales::branch_office_id.eq(branch_office_id))
            .filter(sales::created_at.ge(from))
            .order(sales::id.desc())
            .limit(limit)
            .select((Sale::as_select(), clients::name))
            .load(conn)
    }

    /// Σ payments per method of the branch's sales since `from` (UTC), and their count and total.
    pub fn totals_since(
        conn: &mut DbConnection,
        company: CompanyId,
        branch_office_id: i64,
        from: NaiveDateTime,
    ) -> QueryResult<PeriodTotals> {
        let (count, total): (i64, Option<i64>) = sales::table
            .filter(sales::company_id.eq(company.get()))
            .filter(sales::branch_office_id.eq(branch_office_id))
            .filter(sales::created_at.ge(from))
            .select((
                diesel::dsl::count_star(),
                diesel::dsl::sql::<diesel::sql_types::Nullable<diesel::sql_types::BigInt>>(
                    "CAST(SUM(sales.total) AS BIGINT)",
                ),
            ))
            .first(conn)?;
        let by_method: Vec<(String, Option<i64>)> = sale_payments::table
            .inner_join(sales::table)
            .filter(sales::company_id.eq(company.get()))
            .filter(sales::branch_office_id.eq(branch_office_id))
            .filter(sales::created_at.ge(from))
            .group_by(sale_payments::method)
            .select((
                sale_payments::method,
                diesel::dsl::sql::<diesel::sql_types::Nullable<diesel::sql_types::BigInt>>(
                    "CAST(SUM(sale_payments.amount) AS BIGINT)",
                ),
            ))
            .load(conn)?;
        Ok(PeriodTotals {
            count,
            total: total.unwrap_or(0),
            by_method: by_method
                .into_iter()
                .map(|(m, v)| (m, v.unwrap_or(0)))
                .collect(),
        })
    }

    /// What user `user`'s sales of branch `branch_office_id` between `from` and `to` (inclusive;
    /// open-ended without `to`) left on credit (their `credit` payments): a shift's arqueo lists
    /// them beside the methods that brought money in. A sale wholly on credit puts nothing in
    /// the drawer and is not linked to the shift, so the shift's user and time frame find it.
    pub fn on_credit_by_user(
        conn: &mut DbConnection,
        company: CompanyId,
        branch_office_id: i64,
        user: i64,
        from: NaiveDateTime,
        to: Option<NaiveDateTime>,
    ) -> QueryResult<i64> {
        let mut query = sale_payments::table
            .inner_join(sales::table)
            .filter(sales::company_id.eq(company.get()))
            .filter(sales::branch_office_id.eq(branch_office_id))
            .filter(sales::user_id.eq(user))
            .filter(sales::created_at.ge(from))
            .filter(sale_payments::method.eq("credit"))
            .into_boxed();
        if let Some(to) = to {
            query = query.filter(sales::created_at.le(to));
        }
        let sum: Option<i64> = query
            .select(diesel::dsl::sql::<
                diesel::sql_types::Nullable<diesel::sql_types::BigInt>,
            >("CAST(SUM(sale_payments.amount) AS BIGINT)"))
            .first(conn)?;
        Ok(sum.unwrap_or(0))
    }

    /// Inserts the header under `id` (taken with [`crate::db::ids::reserve`]), as a write of
    /// `batch`.
    pub fn insert<'q>(batch: &mut Batch<'_, 'q>, id: i64, new: &'q NewSale<'q>) -> QueryResult<()> {
        let values = || (sales::id.eq(id), new);
        batch.add(
            || diesel::insert_into(sales::table).values(values()),
            [diesel::insert_into(sales::table).values(values())],
        )?;
        Ok(())
    }

    /// Inserts the lines under their ids (taken with [`crate::db::ids::reserve`]), as a write of
    /// `batch`: one statement of a bind per column on PostgreSQL ([`crate::unnest_insert`]), one
    /// cached statement each on SQLite.
    pub fn insert_lines<'q>(batch: &mut Batch<'_, 'q>, lines: &'q [SaleLine]) -> QueryResult<()> {
        if !lines.is_empty() {
            batch.add(
                || {
                    crate::unnest_insert!(
                        sale_lines,
                        lines,
                        [
                            id,
                            sale_id,
                            position,
                            product_id,
                            code,
                            name,
                            unit,
                            quantity,
                            unit_price,
                            discount,
                            promotion_id,
                            promotion_name,
                            promotion_discount,
                            iva_code,
                            iva_rate,
                            net,
                            iva,
                            unit_cost,
                        ]
                    )
                },
                lines.iter().map(|line| {
                    diesel::insert_into(sale_lines::table)
                        .values((sale_lines::id.eq(line.id), line))
                }),
            )?;
        }
        Ok(())
    }

    /// Inserts the payments, as a write of `batch` (one statement of a bind per column on
    /// PostgreSQL, one cached statement each on SQLite).
    pub fn insert_payments<'q>(
        batch: &mut Batch<'_, 'q>,
        payments: &'q [SalePayment],
    ) -> QueryResult<()> {
        if !payments.is_empty() {
            batch.add(
                || {
                    crate::unnest_insert!(
                        sale_payments,
                        payments,
                        [
                            sale_id,
                            method,
                            amount,
                            received,
                            reference,
                            bank_account_id,
                            due_date,
                        ]
                    )
                },
                payments
                    .iter()
                    .map(|payment| diesel::insert_into(sale_payments::table).values(payment)),
            )?;
        }
        Ok(())
    }

    /// The lines of a sale of the company, in order. Lines have no company of their own: they are
    /// reached through their sale (a join, not a second query), so another company's sale id
    /// finds none.
    pub fn lines(
        conn: &mut DbConnection,
        company: CompanyId,
        sale_id: i64,
    ) -> QueryResult<Vec<SaleLine>> {
        sale_lines::table
            .inner_join(sales::table.on(sales::id.eq(sale_lines::sale_id)))
            .filter(sales::company_id.eq(company.get()))
            .filter(sale_lines::sale_id.eq(sale_id))
            .order(sale_lines::position.asc())
            .select(SaleLine::as_select())
            .load(conn)
    }

    /// The lines of several sales of the company (a page of documents that point at sales), in
    /// order, through their sales like [`Self::lines`].
    pub fn lines_of_many(
        conn: &mut DbConnection,
        company: CompanyId,
        sale_ids: &[i64],
    ) -> QueryResult<Vec<SaleLine>> {
        sale_lines::table
            .inner_join(sales::table.on(sales::id.eq(sale_lines::sale_id)))
            .filter(sales::company_id.eq(company.get()))
            .filter(sale_lines::sale_id.eq_any(sale_ids))
            .order((sale_lines::sale_id.asc(), sale_lines::position.asc()))
            .select(SaleLine::as_select())
            .load(conn)
    }

    /// The numbers of several sales of the company, by id.
    pub fn numbers(
        conn: &mut DbConnection,
        company: CompanyId,
        ids: &[i64],
    ) -> QueryResult<std::collections::HashMap<i64, String>> {
        sales::table
            .filter(sales::company_id.eq(company.get()))
            .filter(sales::id.eq_any(ids))
            .select((sales::id, sales::number))
            .load::<(i64, String)>(conn)
            .map(|rows| rows.into_iter().collect())
    }

    /// The payments of a sale of the company, reached through their sale like [`Self::lines`].
    pub fn payments(
        conn: &mut DbConnection,
        company: CompanyId,
        sale_id: i64,
    ) -> QueryResult<Vec<SalePayment>> {
        sale_payments::table
            .inner_join(sales::table)
            .filter(sales::company_id.eq(company.get()))
            .filter(sale_payments::sale_id.eq(sale_id))
            .order(sale_payments::id.asc())
            .select(SalePayment::as_select())
            .load(conn)
    }
}
