//! The signed-in user as the UI sees it (`GET /api/user`).

use diesel::QueryResult;
use serde::Serialize;
use ts_rs::TS;

use crate::auth::roles::selected_branch;
use crate::db::DbConnection;
use crate::models::auth::user::{Role, User};
use crate::models::config::branch_office::BranchOffice;
use crate::models::config::company::Company;
use crate::models::config::licence::Licence;
use crate::util::time::Zone;

/// A branch reference inside `companySelectedData`.
#[derive(Debug, Clone, Serialize, TS)]
pub struct BranchRef {
    #[serde(rename = "_id")]
    pub id: i64,
    pub code: String,
    pub name: String,
}

/// The company data of the branch the user is working in.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CompanySelectedData {
    pub branch_office: Option<BranchRef>,
    /// '1' general, '2' RIMPE emprendedor, '3' negocio popular.
    pub type_regimen: String,
    /// Agente de retención.
    pub is_ret: bool,
}

/// `GET /api/user`.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CurrentUserView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub email: String,
    pub name: String,
    pub role: Role,
    pub branch_offices_access: Vec<i64>,
    pub default_menu: Option<String>,
    pub is_email_verified: bool,
    pub company_name: Option<String>,
    pub company_selected_data: CompanySelectedData,
    pub theme: ThemeView,
    /// The company's licence has expired: the app is read-only.
    pub read_only: bool,
}

/// Primary colours a user may choose (names of Tailwind palettes; green is the product's).
pub const PRIMARY_COLORS: [&str; 5] = ["green", "emerald", "teal", "sky", "violet"];

/// A user's theme.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ThemeView {
    /// 'light' or 'dark'.
    pub mode: String,
    pub primary_color: String,
}

impl CompanySelectedData {
    /// Builds it for `user`'s company and `branch`.
    pub fn load(
        conn: &mut DbConnection,
        company: Option<&Company>,
        branch: Option<i64>,
    ) -> QueryResult<Self> {
        let branch = match (company, branch) {
            (Some(c), Some(id)) => BranchOffice::find_in_company(conn, c.scope(), id)?,
            _ => None,
        };
        Ok(Self {
            branch_office: branch.map(|b| BranchRef {
                id: b.id,
                code: b.code,
                name: b.name,
            }),
            type_regimen: company.map_or_else(|| "1".to_string(), |c| c.type_regimen.clone()),
            is_ret: company.is_some_and(|c| c.is_ret),
        })
    }
}

impl CurrentUserView {
    /// Loads everything the view needs for `user`.
    pub fn load(conn: &mut DbConnection, user: &User) -> QueryResult<Self> {
        let access = User::branch_access(conn, user.id)?;
        let company = user
            .company()
            .map(|id| Company::find(conn, id))
            .transpose()?;
        let selected = selected_branch(user, &access);
        Ok(Self {
            id: user.id,
            email: user.email.clone(),
            name: user.name.clone(),
            role: user.role(),
            default_menu: user.default_menu.clone(),
            is_email_verified: user.is_email_verified,
            company_name: company.as_ref().map(|c| c.display_name().to_string()),
            company_selected_data: CompanySelectedData::load(conn, company.as_ref(), selected)?,
            branch_offices_access: access,
            theme: ThemeView {
                mode: user.theme.clone(),
                primary_color: user.primary_color.clone(),
            },
            read_only: match (user.company(), &company) {
                (Some(id), Some(c)) => {
                    let today = Zone::from_stored(&c.time_zone).today();
                    Licence::current(conn, id)?.is_none_or(|l| !l.is_valid_on(today))
                }
                _ => false,
            },
        })
    }
}
