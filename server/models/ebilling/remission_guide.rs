//! Electronic guías de remisión as the shop keeps them (`remission_guides`, its lines): number,
//! carrier, dates, the transfer it documents (if any) and the signed document in the SRI queue
//! (`sri_document_id`), whose state is the queue's.

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::list::{ListParams, Page, SortKey, paginate};
use crate::db::schema::{remission_guide_emails, remission_guide_lines, remission_guides};
use crate::models::CompanyId;

/// A guía header.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = remission_guides)]
pub struct RemissionGuide {
    pub id: i64,
    pub company_id: i64,
    pub branch_office_id: i64,
    pub emission_point_id: i64,
    pub sequential: i64,
    /// `estab-ptoEmi-secuencial`.
    pub number: String,
    pub transfer_id: Option<i64>,
    pub sri_document_id: i64,
    pub carrier_name: String,
    pub carrier_identification: String,
    pub plate: String,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
    pub user_id: i64,
    pub created_at: NaiveDateTime,
}

/// A header to insert.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = remission_guides)]
pub struct NewRemissionGuide {
    pub company_id: i64,
    pub branch_office_id: i64,
    pub emission_point_id: i64,
    pub sequential: i64,
    /// `estab-ptoEmi-secuencial`.
    pub number: String,
    pub transfer_id: Option<i64>,
    pub sri_document_id: i64,
    pub carrier_name: String,
    pub carrier_identification: String,
    pub plate: String,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
    pub user_id: i64,
    pub created_at: NaiveDateTime,
}

/// A line: what travels to recipient number `recipient` (0-based, as in the XML).
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = remission_guide_lines)]
pub struct RemissionGuideLine {
    #[diesel(skip_insertion)]
    pub id: i64,
    pub company_id: i64,
    pub remission_guide_id: i64,
    pub recipient: i32,
    pub product_id: Option<i64>,
    pub code: Option<String>,
    pub description: String,
    /// Millionths.
    pub quantity: i64,
}

/// The transport of a guía as «Corregir y reenviar» may change it.
#[derive(Debug, Clone, AsChangeset)]
#[diesel(table_name = remission_guides)]
pub struct TransportChanges {
    pub carrier_name: String,
    pub carrier_identification: String,
    pub plate: String,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
}

/// The e-mail of recipient number `recipient` (0-based) of a guía.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = remission_guide_emails)]
pub struct RemissionGuideEmail {
    #[diesel(skip_insertion)]
    pub id: i64,
    pub company_id: i64,
    pub remission_guide_id: i64,
    pub recipient: i32,
    /// Lower case.
    pub email: String,
}

type Query = crate::models::ListQuery<remission_guides::table, RemissionGuide>;

const SORTS: &[SortKey<Query>] = &[
    SortKey::by::<remission_guides::created_at, remission_guides::id>("date"),
    SortKey::by::<remission_guides::sequential, remission_guides::id>("number"),
    SortKey::by::<remission_guides::start_date, remission_guides::id>("startDate"),
];

impl RemissionGuide {
    /// Stores a header; answers its id.
    pub fn insert(conn: &mut DbConnection, new: &NewRemissionGuide) -> QueryResult<i64> {
        diesel::insert_into(remission_guides::table)
            .values(new)
            .returning(remission_guides::id)
            .get_result(conn)
    }

    /// Stores the lines of a header.
    pub fn insert_lines(conn: &mut DbConnection, lines: &[RemissionGuideLine]) -> QueryResult<()> {
        for line in lines {
            diesel::insert_into(remission_guide_lines::table)
                .values(line)
                .execute(conn)?;
        }
        Ok(())
    }

    /// Stores the recipients' e-mails of a header.
    pub fn insert_emails(
        conn: &mut DbConnection,
        emails: &[RemissionGuideEmail],
    ) -> QueryResult<()> {
        for email in emails {
            diesel::insert_into(remission_guide_emails::table)
                .values(email)
                .execute(conn)?;
        }
        Ok(())
    }

    /// The recipients' e-mails of the company's guías `ids`, by guía and recipient.
    pub fn emails_of(
        conn: &mut DbConnection,
        company: CompanyId,
        ids: &[i64],
    ) -> QueryResult<Vec<RemissionGuideEmail>> {
        remission_guide_emails::table
            .filter(remission_guide_emails::company_id.eq(company.get()))
            .filter(remission_guide_emails::remission_guide_id.eq_any(ids))
            .order((
                remission_guide_emails::remission_guide_id,
                remission_guide_emails::recipient,
            ))
            .select(RemissionGuideEmail::as_select())
            .load(conn)
    }

    /// Stores the corrected transport of the company's guía `id`.
    pub fn set_transport(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        changes: &TransportChanges,
    ) -> QueryResult<usize> {
        diesel::update(
            remission_guides::table
                .filter(remission_guides::company_id.eq(company.get()))
                .filter(remission_guides::id.eq(id)),
        )
        .set(changes)
        .execute(conn)
    }

    /// The company's guía `id`.
    pub fn find(conn: &mut DbConnection, company: CompanyId, id: i64) -> QueryResult<Option<Self>> {
        remission_guides::table
            .filter(remission_guides::company_id.eq(company.get()))
            .filter(remission_guides::id.eq(id))
            .select(Self::as_select())
            .first(conn)
            .optional()
    }

    /// The company's guía that carries SRI document `document_id`.
    pub fn of_document(
        conn: &mut DbConnection,
        company: CompanyId,
        document_id: i64,
    ) -> QueryResult<Option<Self>> {
        remission_guides::table
            .filter(remission_guides::company_id.eq(company.get()))
            .filter(remission_guides::sri_document_id.eq(document_id))
            .select(Self::as_select())
            .first(conn)
            .optional()
    }

    /// The guía of transfer `transfer_id`, if it has one.
    pub fn of_transfer(
        conn: &mut DbConnection,
        company: CompanyId,
        transfer_id: i64,
    ) -> QueryResult<Option<Self>> {
        remission_guides::table
            .filter(remission_guides::company_id.eq(company.get()))
            .filter(remission_guides::transfer_id.eq(transfer_id))
            .select(Self::as_select())
            .first(conn)
            .optional()
    }

    /// The lines of guías `ids`, in order.
    pub fn lines_of(
        conn: &mut DbConnection,
        company: CompanyId,
        ids: &[i64],
    ) -> QueryResult<Vec<RemissionGuideLine>> {
        remission_guide_lines::table
            .filter(remission_guide_lines::company_id.eq(company.get()))
            .filter(remission_guide_lines::remission_guide_id.eq_any(ids.to_vec()))
            .order(remission_guide_lines::id.asc())
            .select(RemissionGuideLine::as_select())
            .load(conn)
    }

    /// One page of a branch's guías (search: number, carrier or plate).
    pub fn list(
        conn: &mut DbConnection,
        company: CompanyId,
        branch_office_id: i64,
        params: &ListParams,
    ) -> QueryResult<Page<Self>> {
        let filtered = || {
            let mut query: Query = remission_guides::table
                .select(Self::as_select())
                .filter(remission_guides::company_id.eq(company.get()))
                .filter(remission_guides::branch_office_id.eq(branch_office_id))
                .into_boxed();
            if let Some(pattern) = params.search_pattern() {
                query = query.filter(
                    crate::db::search::search_fold(remission_guides::number)
                        .like(pattern.clone())
                        .escape('\\')
                        .or(
                            crate::db::search::search_fold(remission_guides::carrier_name)
                                .like(pattern.clone())
                                .escape('\\'),
                        )
                        .or(crate::db::search::search_fold(remission_guides::plate)
                            .like(pattern)
                            .escape('\\')),
                );
            }
            query
        };
        paginate(conn, params, filtered, SORTS)
    }
}

/// The SRI queue's documents `ids` of the company (one query for a page of guías).
pub fn documents(
    conn: &mut DbConnection,
    company: CompanyId,
    ids: &[i64],
) -> QueryResult<Vec<crate::models::sri::document::SriDocument>> {
    use crate::db::schema::sri_documents;
    use crate::models::sri::document::SriDocument;
    sri_documents::table
        .filter(sri_documents::company_id.eq(company.get()))
        .filter(sri_documents::id.eq_any(ids.to_vec()))
        .select(SriDocument::as_select())
        .load(conn)
}

/// The transfers among `ids` that already have a guía.
pub fn transfers_with_guide(
    conn: &mut DbConnection,
    company: CompanyId,
    ids: &[i64],
) -> QueryResult<Vec<i64>> {
    remission_guides::table
        .filter(remission_guides::company_id.eq(company.get()))
        .filter(remission_guides::transfer_id.eq_any(ids.to_vec()))
        .select(remission_guides::transfer_id.assume_not_null())
        .load(conn)
}

/// The numbers of the company's transfers `ids`, by id (one query for a page of guías).
pub fn transfer_numbers(
    conn: &mut DbConnection,
    company: CompanyId,
    ids: &[i64],
) -> QueryResult<std::collections::HashMap<i64, i64>> {
    use crate::db::schema::transfers;
    let rows: Vec<(i64, i64)> = transfers::table
        .filter(transfers::company_id.eq(company.get()))
        .filter(transfers::id.eq_any(ids.to_vec()))
        .select((transfers::id, transfers::number))
        .load(conn)?;
    Ok(rows.into_iter().collect())
}
