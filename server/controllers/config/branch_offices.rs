//! `/api/company/branchOffice`: branch offices (SRI establecimientos) with their emission points.
//! Admins manage them; every role reads the list and the selected branch's configuration.

use axum::Json;
use axum::extract::State;
use serde::Deserialize;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant, selected_branch};
use crate::controllers::answer;
use crate::controllers::catalogue::{Catalogue, PageFn, load};
use crate::controllers::records::{Record, ensure_unlocked};
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::error::{AppError, AppResult, conflict, constraint_conflict, field_conflict};
use crate::models::CompanyId;
use crate::models::auth::user::{Role, User};
use crate::models::config::branch_office::{BranchFields, BranchOffice, NewBranchOffice};
use crate::models::config::company::Company;
use crate::models::config::emission_point::EmissionPoint;
use crate::util::time::now;
use crate::validation::check_fields;
use crate::views::config::branch_office::{
    BranchConfigView, BranchOfficeDetailView, BranchOfficeView,
};
use crate::views::config::company::CompanyView;

/// Duplicate establishment code.
pub const CODE_TAKEN: &str = "Ya existe una sucursal con ese código de establecimiento";

/// An emission point in the form.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct EmissionPointBody {
    code: Option<String>,
    name: Option<String>,
}

/// Body of register and update.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct BranchBody {
    code: Option<String>,
    name: Option<String>,
    address: Option<String>,
    phone: Option<String>,
    active: Option<bool>,
    emission_points: Option<Vec<EmissionPointBody>>,
}

/// SRI codes are three digits, `001` to `999`.
fn sri_code(text: &str) -> bool {
    text.len() == 3 && text.bytes().all(|b| b.is_ascii_digit()) && text != "000"
}

fn fields(body: &BranchBody) -> AppResult<(BranchFields, Vec<(String, String)>)> {
    let code = body.code.clone().unwrap_or_default().trim().to_string();
    let name = body.name.clone().unwrap_or_default().trim().to_string();
    let address = body.address.clone().unwrap_or_default().trim().to_string();
    let phone = body
        .phone
        .clone()
        .map(|p| p.trim().to_string())
        .filter(|p| !p.is_empty());
    let mut points: Vec<(String, String)> = Vec::new();
    let mut points_problem = None;
    for point in body.emission_points.iter().flatten() {
        let point_code = point.code.clone().unwrap_or_default().trim().to_string();
        if !sri_code(&point_code) {
            points_problem = Some(
                "Cada punto de emisión necesita un código de tres dígitos (001 a 999)".to_string(),
            );
        } else if points.iter().any(|(c, _)| *c == point_code) {
            points_problem = Some(format!("El punto de emisión {point_code} está repetido"));
        } else {
            points.push((
                point_code,
                point.name.clone().unwrap_or_default().trim().to_string(),
            ));
        }
    }
    if points.is_empty() && points_problem.is_none() {
        points_problem = Some("Agregue al menos un punto de emisión".into());
    }
    check_fields([
        (
            "code",
            (!sri_code(&code)).then(|| {
                "El código de establecimiento debe tener tres dígitos (001 a 999)".to_string()
            }),
        ),
        (
            "name",
            name.is_empty()
                .then(|| "El nombre es obligatorio".to_string()),
        ),
        (
            "address",
            address.is_empty().then(|| {
                "La dirección del establecimiento es obligatoria (aparece en los comprobantes)"
                    .to_string()
            }),
        ),
        (
            "phone",
            phone
                .as_ref()
                .filter(|p| p.len() > 30)
                .map(|_| "El teléfono es demasiado largo".to_string()),
        ),
        ("emissionPoints", points_problem),
    ])?;
    Ok((
        BranchFields {
            code,
            name,
            address,
            phone,
            active: body.active.unwrap_or(true),
        },
        points,
    ))
}

fn detail(
    conn: &mut DbConnection,
    company: CompanyId,
    id: i64,
) -> AppResult<BranchOfficeDetailView> {
    let branch = load::<BranchOffice>(conn, company, id)?;
    let points = EmissionPoint::for_branches(conn, company, &[id])?;
    Ok(BranchOfficeDetailView::new(&branch, &points))
}

fn code_taken() -> AppError {
    field_conflict("code", CODE_TAKEN)
}

/// One page of the list (the API and the company page).
pub fn list_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    params: &ListParams,
) -> AppResult<Page<BranchOfficeDetailView>> {
    let page = BranchOffice::list(conn, tenant.company, params)?;
    let ids: Vec<i64> = page.results.iter().map(|b| b.id).collect();
    let points = EmissionPoint::for_branches(conn, tenant.company, &ids)?;
    Ok(page.map(|b| BranchOfficeDetailView::new(&b, &points)))
}

/// Branch offices in the generic list handlers (admins only).
pub struct Branches;

impl Record for Branches {
    type View = BranchOfficeDetailView;
    const READ: &'static [Role] = roles::ADMIN;
    const WRITE: &'static [Role] = roles::ADMIN;
    const DELETED: &'static str = "Sucursal eliminada";

    crate::row_lock!(BranchOffice);

    fn view(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
    ) -> AppResult<BranchOfficeDetailView> {
        detail(conn, company, id)
    }

    /// Refused while users work in it, or when it is the company's only branch.
    fn delete(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<()> {
        if BranchOffice::list_for_company(conn, company)?.len() <= 1 {
            return Err(conflict("La empresa debe tener al menos una sucursal"));
        }
        let users = User::count_with_branch(conn, company, id)?;
        if users > 0 {
            return Err(conflict(format!(
                "No se puede eliminar: {users} usuario(s) tienen acceso a esta sucursal. Quíteles el acceso o desactívela."
            )));
        }
        EmissionPoint::delete_for_branch(conn, company, id)?;
        // Its warehouses go with it; one with stock movements makes the delete a conflict.
        crate::models::inventory::warehouse::Warehouse::delete_for_branch(conn, company, id)
            .map_err(|e| constraint_conflict(e, "_id", ""))?;
        BranchOffice::delete(conn, company, id).map_err(|e| constraint_conflict(e, "_id", ""))?;
        Ok(())
    }
}

impl Catalogue for Branches {
    type Body = BranchBody;
    const EDIT: &'static [Role] = roles::ADMIN;
    const PAGE: PageFn<BranchOfficeDetailView> = list_page;

    fn create(conn: &mut DbConnection, tenant: &Tenant, body: BranchBody) -> AppResult<i64> {
        let (fields, points) = fields(&body)?;
        if BranchOffice::find_by_code(conn, tenant.company, &fields.code)?.is_some() {
            return Err(code_taken());
        }
        let at = now();
        let branch = BranchOffice::insert(
            conn,
            &NewBranchOffice {
                company_id: tenant.company.get(),
                code: &fields.code,
                name: &fields.name,
                address: &fields.address,
                created_at: at,
                updated_at: at,
            },
        )
        .map_err(|e| constraint_conflict(e, "code", CODE_TAKEN))?;
        BranchOffice::update(conn, tenant.company, branch.id, &fields)?;
        EmissionPoint::sync(conn, tenant.company, branch.id, &points)?;
        // Whoever creates a branch can work in it.
        User::grant_branch(conn, tenant.company, tenant.user_id(), branch.id)?;
        Ok(branch.id)
    }

    /// The body is checked before the lock.
    fn edit(conn: &mut DbConnection, tenant: &Tenant, id: i64, body: BranchBody) -> AppResult<()> {
        let (fields, points) = fields(&body)?;
        ensure_unlocked::<Self>(conn, tenant.company, id)?;
        if BranchOffice::find_by_code(conn, tenant.company, &fields.code)?
            .is_some_and(|b| b.id != id)
        {
            return Err(code_taken());
        }
        BranchOffice::update(conn, tenant.company, id, &fields)
            .map_err(|e| constraint_conflict(e, "code", CODE_TAKEN))?;
        EmissionPoint::sync(conn, tenant.company, id, &points)?;
        Ok(())
    }
}

/// `GET /api/company/branchOffice/all`: every branch of the user's company (any role).
pub async fn all_branch_offices(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
) -> AppResult<Json<Vec<BranchOfficeView>>> {
    let company = auth.company()?;
    let branches = state
        .db
        .run(move |conn| {
            Ok(BranchOffice::list_for_company(conn, company)?
                .iter()
                .map(BranchOfficeView::from)
                .collect())
        })
        .await?;
    Ok(Json(branches))
}

/// `GET /api/company/branchOffice/getConfig`: the selected branch with its company's issuer data
/// (any role).
pub async fn branch_office_config(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
) -> AppResult<Json<BranchConfigView>> {
    answer::read(&state, &auth, move |conn, tenant| {
        let access = User::branch_access(conn, tenant.user_id())?;
        let branch_id = selected_branch(&tenant.auth.user, &access)
            .ok_or_else(|| AppError::NotFound("No tiene una sucursal asignada".into()))?;
        let branch = BranchOffice::find_in_company(conn, tenant.company, branch_id)?
            .ok_or_else(|| AppError::NotFound("No se encontró la sucursal seleccionada".into()))?;
        let company = Company::find(conn, tenant.company)?;
        Ok(BranchConfigView {
            branch: BranchOfficeView::from(&branch),
            company: CompanyView::from(&company),
        })
    })
    .await
}
