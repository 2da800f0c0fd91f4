//! The electronic documents of a branch as `/admin/ebilling` lists them: the SRI queue's rows
//! (`sri_documents`, [`SriDocument`]) filtered by type, state, issue date and client text, one
//! page at a time through the generic list ([`crate::db::list`]).

use chrono::NaiveDate;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::list::{ListParams, Page, SortKey, paginate};
use crate::db::schema::sri_documents;
use crate::db::search::search_fold;
use crate::models::CompanyId;
use crate::models::sri::document::SriDocument;

type Query = crate::models::ListQuery<sri_documents::table, SriDocument>;

const SORTS: &[SortKey<Query>] = &[
    SortKey::by::<sri_documents::created_at, sri_documents::id>("date"),
    SortKey::by::<sri_documents::issue_date, sri_documents::id>("issueDate"),
    SortKey::by::<sri_documents::sequential, sri_documents::id>("number"),
    SortKey::by::<sri_documents::status, sri_documents::id>("state"),
];

/// The filters of the list besides the generic ones.
#[derive(Debug, Clone, Default)]
pub struct DocumentFilter {
    /// `codDoc` (`01`, `04`, `06`).
    pub doc_type: Option<&'static str>,
    /// Stored status (`signed`, …, `returned`).
    pub status: Option<&'static str>,
    /// Issue dates (`fechaEmision`), both included.
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
}

/// One page of the branch's documents. The search (`search=`) matches, without case or accents,
/// the access key or any text of the document it was built from — the buyer's name and
/// identification (the recipients' in a guía), but also, say, a product's description: the
/// comprobante is stored as its JSON, with no separate buyer column.
pub fn list(
    conn: &mut DbConnection,
    company: CompanyId,
    branch_office_id: i64,
    filter: &DocumentFilter,
    params: &ListParams,
) -> QueryResult<Page<SriDocument>> {
    let filtered = || {
        let mut query: Query = sri_documents::table
            .select(SriDocument::as_select())
            .filter(sri_documents::company_id.eq(company.get()))
            .filter(sri_documents::branch_office_id.eq(branch_office_id))
            .into_boxed();
        if let Some(doc_type) = filter.doc_type {
            query = query.filter(sri_documents::doc_type.eq(doc_type));
        }
        if let Some(status) = filter.status {
            query = query.filter(sri_documents::status.eq(status));
        }
        if let Some(from) = filter.from {
            query = query.filter(sri_documents::issue_date.ge(from));
        }
        if let Some(to) = filter.to {
            query = query.filter(sri_documents::issue_date.le(to));
        }
        if let Some(pattern) = params.search_pattern() {
            query = query.filter(
                search_fold(sri_documents::document_json)
                    .like(pattern.clone())
                    .escape('\\')
                    .or(sri_documents::access_key.like(pattern).escape('\\')),
            );
        }
        query
    };
    paginate(conn, params, filtered, SORTS)
}
