//! What pricing reads that is not a product or a promotion: the company's tax regime. The pricing
//! rules themselves are in `services::sales::pricing`.

use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::companies;
use crate::models::CompanyId;

/// `typeRegimen` of a RIMPE negocio popular: charges no IVA.
pub const NEGOCIO_POPULAR: &str = "3";

/// Whether the company charges IVA (every regime but negocio popular).
pub fn charges_iva(conn: &mut DbConnection, company: CompanyId) -> QueryResult<bool> {
    let regimen: String = companies::table
        .find(company.get())
        .select(companies::type_regimen)
        .first(conn)?;
    Ok(regimen != NEGOCIO_POPULAR)
}
