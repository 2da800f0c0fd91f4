//! Comprobantes de retención on purchases and their lines. A retención is never deleted or
//! edited: annulling one marks it (`annulled`, with the reason), and a purchase has at most one
//! that is not annulled (a unique index).

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::db::schema::{withholding_lines, withholdings};
use crate::db::search::search_fold;
use crate::models::CompanyId;

/// A stored retención (amounts in millionths of a dollar).
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = withholdings)]
pub struct Withholding {
    pub id: i64,
    pub company_id: i64,
    #[diesel(embed)]
    pub fields: WithholdingFields,
    pub annulled: bool,
    pub annul_reason: Option<String>,
    pub annulled_by: Option<i64>,
    pub annulled_at: Option<NaiveDateTime>,
}

/// What a retención says when it is issued.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = withholdings)]
pub struct WithholdingFields {
    pub branch_office_id: i64,
    pub purchase_id: i64,
    pub supplier_id: i64,
    pub sri_document_id: i64,
    /// `estab-ptoEmi-secuencial`.
    pub number: String,
    /// `fechaEmision`.
    pub date: NaiveDate,
    /// The amount withheld.
    pub total: i64,
    /// Issued past the legal window, knowingly.
    pub late: bool,
    /// Issued with the purchase's register: a purchase paid at once paid its total less this.
    pub at_register: bool,
    pub user_id: i64,
    pub created_at: NaiveDateTime,
}

/// A tax withheld: `kind` `renta` or `iva`, the SRI's code, the base, the percentage in force
/// (hundredths of a percent) and the amount.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = withholding_lines)]
pub struct WithholdingLine {
    pub withholding_id: i64,
    pub kind: String,
    pub code: String,
    pub base: i64,
    pub percent_bp: i64,
    pub amount: i64,
}

type Query = crate::models::ListQuery<withholdings::table, Withholding>;

const SORTS: &[crate::db::list::SortKey<Query>] = &[
    crate::db::list::SortKey::by::<withholdings::date, withholdings::id>("date"),
    crate::db::list::SortKey::by::<withholdings::number, withholdings::id>("number"),
    crate::db::list::SortKey::by::<withholdings::total, withholdings::id>("total"),
    crate::db::list::SortKey::by::<withholdings::id, withholdings::id>("createdAt"),
];

impl Withholding {
    /// Inserts a retención with its lines; returns its id.
    pub fn insert(
        conn: &mut DbConnection,
        company: CompanyId,
        fields: &WithholdingFields,
        lines: &mut [WithholdingLine],
    ) -> QueryResult<i64> {
        let id = diesel::insert_into(withholdings::table)
            .values((withholdings::company_id.eq(company.get()), fields))
            .returning(withholdings::id)
            .get_result(conn)?;
        // One statement per line: the two-backend connection has no multi-row insert, and a
        // retención has few lines.
        for line in lines.iter_mut() {
            line.withholding_id = id;
            diesel::insert_into(withholding_lines::table)
                .values(&*line)
                .execute(conn)?;
        }
        Ok(id)
    }

    /// The company's retención `id`.
    pub fn find(conn: &mut DbConnection, company: CompanyId, id: i64) -> QueryResult<Option<Self>> {
        withholdings::table
            .filter(withholdings::company_id.eq(company.get()))
            .filter(withholdings::id.eq(id))
            .select(Withholding::as_select())
            .first(conn)
            .optional()
    }

    /// The retención whose SRI document is `document_id`.
    pub fn of_document(
        conn: &mut DbConnection,
        company: CompanyId,
        document_id: i64,
    ) -> QueryResult<Option<Self>> {
        withholdings::table
            .filter(withholdings::company_id.eq(company.get()))
            .filter(withholdings::sri_document_id.eq(document_id))
            .select(Withholding::as_select())
            .first(conn)
            .optional()
    }

    /// The retención of purchase `purchase_id` that is not annulled.
    pub fn live_of_purchase(
        conn: &mut DbConnection,
        company: CompanyId,
        purchase_id: i64,
    ) -> QueryResult<Option<Self>> {
        withholdings::table
            .filter(withholdings::company_id.eq(company.get()))
            .filter(withholdings::purchase_id.eq(purchase_id))
            .filter(withholdings::annulled.eq(false))
            .select(Withholding::as_select())
            .first(conn)
            .optional()
    }

    /// What the retención issued with purchase `purchase_id`'s register withheld (0 without one):
    /// a purchase paid at once paid its total less this.
    pub fn withheld_at_register(
        conn: &mut DbConnection,
        company: CompanyId,
        purchase_id: i64,
    ) -> QueryResult<i64> {
        let totals: Vec<i64> = withholdings::table
            .filter(withholdings::company_id.eq(company.get()))
            .filter(withholdings::purchase_id.eq(purchase_id))
            .filter(withholdings::at_register.eq(true))
            .select(withholdings::total)
            .load(conn)?;
        Ok(totals.into_iter().sum())
    }

    /// The lines of these retenciones, in the order they were written.
    pub fn lines_of(
        conn: &mut DbConnection,
        company: CompanyId,
        ids: &[i64],
    ) -> QueryResult<Vec<WithholdingLine>> {
        withholding_lines::table
            .inner_join(withholdings::table)
            .filter(withholdings::company_id.eq(company.get()))
            .filter(withholding_lines::withholding_id.eq_any(ids))
            .order(withholding_lines::id.asc())
            .select(WithholdingLine::as_select())
            .load(conn)
    }

    /// One page of the company's retenciones: search by number, filter by supplier and date.
    pub fn list(
        conn: &mut DbConnection,
        company: CompanyId,
        supplier_id: Option<i64>,
        params: &ListParams,
    ) -> QueryResult<Page<Withholding>> {
        let filtered = || {
            let mut query: Query = withholdings::table
                .select(Withholding::as_select())
                .filter(withholdings::company_id.eq(company.get()))
                .into_boxed();
            if let Some(supplier) = supplier_id {
                query = query.filter(withholdings::supplier_id.eq(supplier));
            }
            if let Some(pattern) = params.search_pattern() {
                query = query.filter(search_fold(withholdings::number).like(pattern).escape('\\'));
            }
            if let Some(from) = params.from {
                query = query.filter(withholdings::date.ge(from));
            }
            if let Some(to) = params.to {
                query = query.filter(withholdings::date.le(to));
            }
            query
        };
        crate::db::list::paginate(conn, params, filtered, SORTS)
    }

    /// Marks the retención annulled; false when it already was.
    pub fn mark_annulled(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        reason: &str,
        user_id: i64,
        at: NaiveDateTime,
    ) -> QueryResult<bool> {
        let changed = diesel::update(
            withholdings::table
                .filter(withholdings::company_id.eq(company.get()))
                .filter(withholdings::id.eq(id))
                .filter(withholdings::annulled.eq(false)),
        )
        .set((
            withholdings::annulled.eq(true),
            withholdings::annul_reason.eq(reason),
            withholdings::annulled_by.eq(user_id),
            withholdings::annulled_at.eq(at),
        ))
        .execute(conn)?;
        Ok(changed == 1)
    }
}

/// What a purchase shows of its live retención: `(purchase id, retención id, number, clave de
/// acceso, total)`.
pub type Summary = (i64, i64, String, String, i64);

impl Withholding {
    /// The live retenciones of these purchases, as their purchases show them.
    pub fn summaries_of_purchases(
        conn: &mut DbConnection,
        company: CompanyId,
        purchase_ids: &[i64],
    ) -> QueryResult<Vec<Summary>> {
        use crate::db::schema::sri_documents;
        withholdings::table
            .inner_join(sri_documents::table)
            .filter(withholdings::company_id.eq(company.get()))
            .filter(withholdings::purchase_id.eq_any(purchase_ids))
            .filter(withholdings::annulled.eq(false))
            .select((
                withholdings::purchase_id,
                withholdings::id,
                withholdings::number,
                sri_documents::access_key,
                withholdings::total,
            ))
            .load(conn)
    }
}
