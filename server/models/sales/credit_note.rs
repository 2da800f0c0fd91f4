//! Credit notes (notas de crédito): the returned quantities of a sale's lines, what they were
//! worth, and how the money went back. An internal one ([`KIND_INTERNAL`]) is against a sales note;
//! an electronic one ([`KIND_ELECTRONIC`]) is against an authorized factura and points at its SRI
//! document. Written once, never changed (the SRI document lives on in the queue).

use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::list::{ListParams, Page, SortKey, dated_page};
use crate::db::schema::{clients, credit_note_lines, credit_notes};
use crate::db::search::search_fold;
use crate::models::CompanyId;
use crate::models::config::company::Company;
use crate::models::sales::document::DocumentQuery;

/// A credit note header.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = credit_notes)]
pub struct CreditNote {
    pub id: i64,
    pub company_id: i64,
    pub branch_office_id: i64,
    pub emission_point_id: i64,
    pub sequential: i64,
    pub number: String,
    pub sale_id: i64,
    pub client_id: i64,
    pub user_id: i64,
    pub reason: String,
    pub refund: String,
    pub subtotal: i64,
    pub iva: i64,
    pub total: i64,
    pub created_at: NaiveDateTime,
    /// [`KIND_INTERNAL`] or [`KIND_ELECTRONIC`].
    pub kind: String,
    /// The nota de crédito in the SRI queue (`sri_documents.id`), for an electronic one.
    pub sri_document_id: Option<i64>,
}

/// A header to insert.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = credit_notes)]
pub struct NewCreditNote<'a> {
    pub company_id: i64,
    pub branch_office_id: i64,
    pub emission_point_id: i64,
    pub sequential: i64,
    pub number: &'a str,
    pub sale_id: i64,
    pub client_id: i64,
    pub user_id: i64,
    pub reason: &'a str,
    pub refund: &'a str,
    pub subtotal: i64,
    pub iva: i64,
    pub total: i64,
    pub created_at: NaiveDateTime,
    pub kind: &'a str,
}

/// `credit_notes.kind` of a credit note against a sales note.
pub const KIND_INTERNAL: &str = "internal";
/// `credit_notes.kind` of an electronic nota de crédito against a factura.
pub const KIND_ELECTRONIC: &str = "electronic";

/// A returned line.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = credit_note_lines)]
pub struct CreditNoteLine {
    #[diesel(skip_insertion)]
    pub id: i64,
    pub credit_note_id: i64,
    pub sale_line_id: i64,
    pub product_id: i64,
    pub quantity: i64,
    pub net: i64,
    pub iva: i64,
}

type Query = DocumentQuery<credit_notes::table, CreditNote>;

const SORTS: &[SortKey<Query>] = &[
    SortKey::by::<credit_notes::id, credit_notes::id>("date"),
    SortKey::by::<credit_notes::number, credit_notes::id>("number"),
    SortKey::by::<credit_notes::total, credit_notes::id>("total"),
];

impl CreditNote {
    /// One page of the branch's documents of `kind` with the client's name (search: number or
    /// client name; date range).
    pub fn list(
        conn: &mut DbConnection,
        company: CompanyId,
        branch_office_id: i64,
        kind: &str,
        params: &ListParams,
    ) -> QueryResult<Page<(CreditNote, String)>> {
        let kind = kind.to_string();
        let zone = Company::zone(conn, company)?;
        dated_page(
            conn,
            params,
            zone,
            || -> Query {
                credit_notes::table
                    .inner_join(clients::table)
                    .select((CreditNote::as_select(), clients::name))
                    .filter(credit_notes::company_id.eq(company.get()))
                    .filter(credit_notes::branch_office_id.eq(branch_office_id))
                    .into_boxed()
                    .filter(credit_notes::kind.eq(kind.clone()))
            },
            |query, pattern| {
                query.filter(
                    search_fold(clients::name)
                        .like(pattern.clone())
                        .escape('\\')
                        .or(credit_notes::number.like(pattern).escape('\\')),
                )
            },
            credit_notes::created_at,
            SORTS,
        )
    }

    /// One document of the company.
    pub fn find(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
    ) -> QueryResult<Option<CreditNote>> {
        credit_notes::table
            .filter(credit_notes::company_id.eq(company.get()))
            .filter(credit_notes::id.eq(id))
            .select(CreditNote::as_select())
            .first(conn)
            .optional()
    }

    /// One document of `kind` of the company.
    pub fn find_of_kind(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        kind: &str,
    ) -> QueryResult<Option<CreditNote>> {
        credit_notes::table
            .filter(credit_notes::company_id.eq(company.get()))
            .filter(credit_notes::id.eq(id))
            .filter(credit_notes::kind.eq(kind))
            .select(CreditNote::as_select())
            .first(conn)
            .optional()
    }

    /// The document of the company (a factura, an electronic credit note) that carries SRI
    /// document `document_id`.
    pub fn of_document(
        conn: &mut DbConnection,
        company: CompanyId,
        document_id: i64,
    ) -> QueryResult<Option<CreditNote>> {
        credit_notes::table
            .filter(credit_notes::company_id.eq(company.get()))
            .filter(credit_notes::sri_document_id.eq(document_id))
            .select(CreditNote::as_select())
            .first(conn)
            .optional()
    }

    /// Links document `id` to its SRI document (in the transaction that inserted both).
    pub fn set_sri_document(
        conn: &mut DbConnection,
        id: i64,
        document_id: i64,
    ) -> QueryResult<usize> {
        diesel::update(credit_notes::table.filter(credit_notes::id.eq(id)))
            .set(credit_notes::sri_document_id.eq(Some(document_id)))
            .execute(conn)
    }

    /// Corrects the reason of the company's credit note `id` («Corregir y reenviar»).
    pub fn set_reason(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        reason: &str,
    ) -> QueryResult<usize> {
        diesel::update(
            credit_notes::table
                .filter(credit_notes::company_id.eq(company.get()))
                .filter(credit_notes::id.eq(id)),
        )
        .set(credit_notes::reason.eq(reason))
        .execute(conn)
    }

    /// The id and number of each credit note of `kind` against a sale, oldest first.
    pub fn of_sale(
        conn: &mut DbConnection,
        company: CompanyId,
        sale_id: i64,
        kind: &str,
    ) -> QueryResult<Vec<(i64, String)>> {
        credit_notes::table
            .filter(credit_notes::company_id.eq(company.get()))
            .filter(credit_notes::sale_id.eq(sale_id))
            .filter(credit_notes::kind.eq(kind))
            .order(credit_notes::id.asc())
            .select((credit_notes::id, credit_notes::number))
            .load(conn)
    }

    /// Σ totals of the credit notes of a sale.
    pub fn total_of_sale(
        conn: &mut DbConnection,
        company: CompanyId,
        sale_id: i64,
    ) -> QueryResult<i64> {
        let totals: Vec<i64> = credit_notes::table
            .filter(credit_notes::company_id.eq(company.get()))
            .filter(credit_notes::sale_id.eq(sale_id))
            .select(credit_notes::total)
            .load(conn)?;
        Ok(totals.iter().sum())
    }

    /// Quantities already returned per sale line of a sale.
    pub fn returned(
        conn: &mut DbConnection,
        company: CompanyId,
        sale_id: i64,
    ) -> QueryResult<HashMap<i64, i64>> {
        let rows: Vec<(i64, i64)> = credit_note_lines::table
            .inner_join(credit_notes::table)
            .filter(credit_notes::company_id.eq(company.get()))
            .filter(credit_notes::sale_id.eq(sale_id))
            .select((credit_note_lines::sale_line_id, credit_note_lines::quantity))
            .load(conn)?;
        let mut out = HashMap::new();
        for (line, q) in rows {
            *out.entry(line).or_insert(0) += q;
        }
        Ok(out)
    }

    /// Inserts the header; returns its id.
    pub fn insert(conn: &mut DbConnection, new: &NewCreditNote) -> QueryResult<i64> {
        diesel::insert_into(credit_notes::table)
            .values(new)
            .returning(credit_notes::id)
            .get_result(conn)
    }

    /// Inserts the lines.
    pub fn insert_lines(conn: &mut DbConnection, lines: &[CreditNoteLine]) -> QueryResult<usize> {
        let mut n = 0;
        for line in lines {
            n += diesel::insert_into(credit_note_lines::table)
                .values(line)
                .execute(conn)?;
        }
        Ok(n)
    }

    /// The lines of several credit notes of the company (a page of the list), through their notes.
    pub fn lines_of_many(
        conn: &mut DbConnection,
        company: CompanyId,
        ids: &[i64],
    ) -> QueryResult<Vec<CreditNoteLine>> {
        credit_note_lines::table
            .inner_join(credit_notes::table)
            .filter(credit_notes::company_id.eq(company.get()))
            .filter(credit_note_lines::credit_note_id.eq_any(ids))
            .order(credit_note_lines::id.asc())
            .select(CreditNoteLine::as_select())
            .load(conn)
    }
}
