//! `company_certificates`: each company's signing certificates, sealed
//! (`services::signing::sealing`), with their facts in clear. One active row per company;
//! replaced rows stay (inactive) for the documents already in flight.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::company_certificates;
use crate::models::CompanyId;

/// A stored certificate.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = company_certificates)]
pub struct CompanyCertificate {
    pub id: i64,
    pub company_id: i64,
    pub p12_ciphertext: Vec<u8>,
    pub p12_nonce: Vec<u8>,
    pub password_ciphertext: Vec<u8>,
    pub password_nonce: Vec<u8>,
    pub holder: String,
    pub ruc: Option<String>,
    pub issuer: String,
    pub serial: String,
    pub valid_from: NaiveDateTime,
    pub valid_to: NaiveDateTime,
    pub active: bool,
    pub created_at: NaiveDateTime,
    pub uploaded_by: Option<i64>,
}

/// A certificate to store (the caller has sealed it).
#[derive(Debug, Insertable)]
#[diesel(table_name = company_certificates)]
pub struct NewCompanyCertificate<'a> {
    pub company_id: i64,
    pub p12_ciphertext: &'a [u8],
    pub p12_nonce: &'a [u8],
    pub password_ciphertext: &'a [u8],
    pub password_nonce: &'a [u8],
    pub holder: &'a str,
    pub ruc: Option<&'a str>,
    pub issuer: &'a str,
    pub serial: &'a str,
    pub valid_from: NaiveDateTime,
    pub valid_to: NaiveDateTime,
    pub active: bool,
    pub created_at: NaiveDateTime,
    pub uploaded_by: Option<i64>,
}

impl CompanyCertificate {
    /// Makes `new` the company's active certificate: deactivates the current one (kept) and
    /// inserts the new row. The caller runs it inside a write transaction.
    pub fn replace_active(
        conn: &mut DbConnection,
        company: CompanyId,
        new: &NewCompanyCertificate<'_>,
    ) -> QueryResult<i64> {
        diesel::update(
            company_certificates::table
                .filter(company_certificates::company_id.eq(company.get()))
                .filter(company_certificates::active.eq(true)),
        )
        .set(company_certificates::active.eq(false))
        .execute(conn)?;
        diesel::insert_into(company_certificates::table)
            .values(new)
            .returning(company_certificates::id)
            .get_result(conn)
    }

    /// The company's active certificate.
    pub fn active(conn: &mut DbConnection, company: CompanyId) -> QueryResult<Option<Self>> {
        company_certificates::table
            .filter(company_certificates::company_id.eq(company.get()))
            .filter(company_certificates::active.eq(true))
            .select(Self::as_select())
            .first(conn)
            .optional()
    }

    /// One certificate of the company, active or replaced (a document signed before a
    /// replacement may need the certificate it was signed with).
    pub fn find(conn: &mut DbConnection, company: CompanyId, id: i64) -> QueryResult<Option<Self>> {
        company_certificates::table
            .filter(company_certificates::company_id.eq(company.get()))
            .filter(company_certificates::id.eq(id))
            .select(Self::as_select())
            .first(conn)
            .optional()
    }

    /// Whether any certificate is stored (start-up refuses to run without a secret then).
    pub fn any_stored(conn: &mut DbConnection) -> QueryResult<bool> {
        diesel::select(diesel::dsl::exists(
            company_certificates::table.select(company_certificates::id),
        ))
        .get_result(conn)
    }
}
