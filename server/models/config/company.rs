//! Companies (empresas): the tenant boundary. Every business row belongs to one.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::companies;
use crate::models::CompanyId;
use crate::util::time::Zone;

/// A company.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = companies)]
pub struct Company {
    pub id: i64,
    pub ruc: String,
    /// Razón social.
    pub business_name: String,
    /// Nombre comercial.
    pub trade_name: Option<String>,
    /// Dirección matriz.
    pub main_address: String,
    /// '1' general, '2' RIMPE emprendedor, '3' RIMPE negocio popular (no VAT).
    pub type_regimen: String,
    /// Obligado a llevar contabilidad.
    pub accounting_required: bool,
    /// Contribuyente especial resolution number.
    pub special_taxpayer: Option<String>,
    /// Agente de retención.
    pub is_ret: bool,
    pub retention_agent_resolution: Option<String>,
    /// 'pruebas' or 'produccion'.
    pub sri_environment: String,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    /// Sales and adjustments may take stock below zero ("permitir stock negativo").
    pub allow_negative_stock: bool,
    /// «Descuento máximo del cajero (%)» in millionths of a percent unit (10 % = 10 000 000);
    /// see [`crate::services::sales::discount`].
    pub cashier_max_discount: i64,
    /// The IANA time zone its users see times in ([`crate::util::time::Zone`]).
    pub time_zone: String,
}

/// What an administrator edits on the company.
#[derive(Debug, Clone, AsChangeset)]
#[diesel(table_name = companies, treat_none_as_null = true)]
pub struct CompanyFields {
    pub ruc: String,
    /// Razón social.
    pub business_name: String,
    /// Nombre comercial.
    pub trade_name: Option<String>,
    /// Dirección matriz.
    pub main_address: String,
    /// '1' general, '2' RIMPE emprendedor, '3' RIMPE negocio popular (no VAT).
    pub type_regimen: String,
    /// Obligado a llevar contabilidad.
    pub accounting_required: bool,
    /// Contribuyente especial resolution number.
    pub special_taxpayer: Option<String>,
    /// Agente de retención.
    pub is_ret: bool,
    pub retention_agent_resolution: Option<String>,
    /// 'pruebas' or 'produccion'.
    pub sri_environment: String,
    /// Sales and adjustments may take stock below zero ("permitir stock negativo").
    pub allow_negative_stock: bool,
    /// «Descuento máximo del cajero (%)» in millionths of a percent unit (10 % = 10 000 000);
    /// see [`crate::services::sales::discount`].
    pub cashier_max_discount: i64,
    pub updated_at: NaiveDateTime,
}

/// A company to insert.
#[derive(Debug, Insertable)]
#[diesel(table_name = companies)]
pub struct NewCompany<'a> {
    pub ruc: &'a str,
    pub business_name: &'a str,
    pub trade_name: Option<&'a str>,
    pub main_address: &'a str,
    pub type_regimen: &'a str,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

impl Company {
    /// Saves what an administrator edits.
    pub fn update(
        conn: &mut DbConnection,
        company: CompanyId,
        fields: &CompanyFields,
    ) -> QueryResult<usize> {
        diesel::update(companies::table.find(company.get()))
            .set(fields)
            .execute(conn)
    }

    /// Stores (or, with `None`, removes) the logo.
    pub fn set_logo(
        conn: &mut DbConnection,
        company: CompanyId,
        logo: Option<(&[u8], &str)>,
    ) -> QueryResult<usize> {
        diesel::update(companies::table.find(company.get()))
            .set((
                companies::logo.eq(logo.map(|(bytes, _)| bytes)),
                companies::logo_content_type.eq(logo.map(|(_, kind)| kind)),
                companies::updated_at.eq(crate::util::time::now()),
            ))
            .execute(conn)
    }

    /// The logo bytes and content type, if there is one.
    pub fn logo(
        conn: &mut DbConnection,
        company: CompanyId,
    ) -> QueryResult<Option<(Vec<u8>, String)>> {
        let (logo, kind): (Option<Vec<u8>>, Option<String>) = companies::table
            .find(company.get())
            .select((companies::logo, companies::logo_content_type))
            .first(conn)?;
        Ok(logo.zip(kind))
    }

    /// Whether the company has a logo (without loading it).
    pub fn has_logo(conn: &mut DbConnection, company: CompanyId) -> QueryResult<bool> {
        companies::table
            .find(company.get())
            .select(companies::logo_content_type.is_not_null())
            .first(conn)
    }

    /// Whether the company lets stock go below zero, as a statement: the inventory service runs
    /// it on the backend's own connection, since every sale reads it.
    pub fn negative_stock_query(
        company: CompanyId,
    ) -> diesel::dsl::Select<
        diesel::dsl::Find<companies::table, i64>,
        companies::allow_negative_stock,
    > {
        companies::table
            .find(company.get())
            .select(companies::allow_negative_stock)
    }

    /// The most a cashier may discount, in millionths of a percent unit (every cashier's sale
    /// reads it, so only the one column).
    pub fn cashier_max_discount(conn: &mut DbConnection, company: CompanyId) -> QueryResult<i64> {
        companies::table
            .find(company.get())
            .select(companies::cashier_max_discount)
            .first(conn)
    }

    /// The company's time zone (every request of a signed-in user reads it, so only the column).
    pub fn time_zone(conn: &mut DbConnection, company: CompanyId) -> QueryResult<String> {
        companies::table
            .find(company.get())
            .select(companies::time_zone)
            .first(conn)
    }

    /// The company's time zone as a [`Zone`]: for code that holds only the company's id (a
    /// signed-in request has it already, `Tenant::zone`).
    pub fn zone(conn: &mut DbConnection, company: CompanyId) -> QueryResult<Zone> {
        Company::time_zone(conn, company).map(|name| Zone::from_stored(&name))
    }

    /// Sets the company's time zone (an IANA name the caller has checked).
    pub fn set_time_zone(
        conn: &mut DbConnection,
        company: CompanyId,
        zone: &str,
    ) -> QueryResult<usize> {
        diesel::update(companies::table.find(company.get()))
            .set(companies::time_zone.eq(zone))
            .execute(conn)
    }

    /// The company itself.
    pub fn find(conn: &mut DbConnection, company: CompanyId) -> QueryResult<Company> {
        companies::table
            .find(company.get())
            .select(Company::as_select())
            .first(conn)
    }

    /// By RUC.
    pub fn find_by_ruc(conn: &mut DbConnection, ruc: &str) -> QueryResult<Option<Company>> {
        companies::table
            .filter(companies::ruc.eq(ruc))
            .select(Company::as_select())
            .first(conn)
            .optional()
    }

    /// Inserts and returns the new company.
    pub fn insert(conn: &mut DbConnection, new: &NewCompany) -> QueryResult<Company> {
        diesel::insert_into(companies::table)
            .values(new)
            .returning(companies::id)
            .get_result::<i64>(conn)
            .and_then(|id| {
                companies::table
                    .find(id)
                    .select(Company::as_select())
                    .first(conn)
            })
    }

    /// This company's id as the scope of its rows.
    pub fn scope(&self) -> CompanyId {
        CompanyId::trusted(self.id)
    }

    /// The name shown to users: the trade name when there is one.
    pub fn display_name(&self) -> &str {
        self.trade_name
            .as_deref()
            .filter(|n| !n.is_empty())
            .unwrap_or(&self.business_name)
    }
}
