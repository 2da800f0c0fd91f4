//! `/api/item/category`: product categories (admin and user edit; every role reads the list).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::Value;

use super::auth::check_fields;
use super::records::{Record, ensure_unlocked};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::db::DbConnection;
use crate::error::{AppError, AppResult};
use crate::http::json::JsonBody;
use crate::http::list::{
    ListParams, ListResponse, PathId, constraint_conflict, not_in_table, parse_id,
};
use crate::models::category::{Category, CategoryFields};
use crate::models::user::Role;
use crate::views::admin::CategoryView;

/// Longest category name.
const NAME_MAX: usize = 80;
/// Duplicate name under the same parent.
pub const NAME_TAKEN: &str = "Ya existe una categoría con ese nombre en el mismo nivel";

/// Body of register and update.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CategoryBody {
    name: Option<String>,
    parent_id: Option<Value>,
    active: Option<bool>,
}

fn load(conn: &mut DbConnection, company_id: i64, id: i64) -> AppResult<Category> {
    Category::find(conn, company_id, id)?.ok_or_else(not_in_table)
}

fn view(conn: &mut DbConnection, company_id: i64, category: &Category) -> AppResult<CategoryView> {
    let parent = match category.parent_id {
        Some(id) => Category::find(conn, company_id, id)?.map(|p| p.name),
        None => None,
    };
    Ok(CategoryView::new(category, parent))
}

/// Validates the fields; the parent must be another category of the company, not a descendant.
fn fields(
    conn: &mut DbConnection,
    company_id: i64,
    body: &CategoryBody,
    editing: Option<i64>,
) -> AppResult<CategoryFields> {
    let name = body.name.clone().unwrap_or_default().trim().to_string();
    let name_problem = if name.is_empty() {
        Some("El nombre es obligatorio".to_string())
    } else if name.chars().count() > NAME_MAX {
        Some(format!(
            "El nombre no puede tener más de {NAME_MAX} caracteres"
        ))
    } else {
        None
    };
    let parent_id = match body
        .parent_id
        .as_ref()
        .filter(|v| !v.is_null() && v.as_str() != Some(""))
    {
        None => Ok(None),
        Some(value) => match parse_id(Some(value))
            .ok()
            .map(|id| (id, Category::find(conn, company_id, id)))
        {
            Some((id, Ok(Some(_)))) if Some(id) == editing => {
                Err("Una categoría no puede ser su propia categoría padre".to_string())
            }
            Some((id, Ok(Some(_)))) => match editing {
                Some(me) if Category::ancestors(conn, id)?.contains(&me) => {
                    Err("La categoría padre no puede ser una de sus subcategorías".to_string())
                }
                _ => Ok(Some(id)),
            },
            Some((_, Err(e))) => return Err(e.into()),
            _ => Err("La categoría padre no existe".to_string()),
        },
    };
    check_fields([
        ("name", name_problem),
        ("parentId", parent_id.clone().err()),
    ])?;
    let fields = CategoryFields {
        name,
        parent_id: parent_id.map_err(AppError::BadRequest)?,
        active: body.active.unwrap_or(true),
    };
    if Category::name_taken(conn, company_id, &fields, editing)? {
        return Err(AppError::Conflict {
            message: NAME_TAKEN.into(),
            errors: [("name".to_string(), NAME_TAKEN.to_string())].into(),
        });
    }
    Ok(fields)
}

/// One page (also used by the server-rendered page).
pub fn list_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    params: &ListParams,
) -> AppResult<ListResponse<CategoryView>> {
    let (rows, total) = Category::list(conn, tenant.company_id, params)?;
    let results = rows
        .iter()
        .map(|c| view(conn, tenant.company_id, c))
        .collect::<AppResult<Vec<_>>>()?;
    Ok(ListResponse::new(results, total, params))
}

/// `GET /api/item/category`.
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    params: ListParams,
) -> AppResult<Json<ListResponse<CategoryView>>> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    Ok(Json(
        state
            .db
            .run(move |conn| list_page(conn, &tenant, &params))
            .await?,
    ))
}

/// `GET /api/item/category/all`: every category (active ones with `?onlyActive=true`), for
/// selectors; every role may read it.
pub async fn all(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    params: ListParams,
) -> AppResult<Json<Vec<CategoryView>>> {
    let tenant = auth.tenant(roles::ALL)?;
    let views = state
        .db
        .run(move |conn| {
            let rows = Category::all(conn, tenant.company_id, params.only_active)?;
            Ok(rows
                .iter()
                .map(|c| {
                    let parent = c
                        .parent_id
                        .and_then(|p| rows.iter().find(|r| r.id == p))
                        .map(|p| p.name.clone());
                    CategoryView::new(c, parent)
                })
                .collect())
        })
        .await?;
    Ok(Json(views))
}

/// `POST /api/item/category/register`.
pub async fn register(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<CategoryBody>,
) -> AppResult<(StatusCode, Json<CategoryView>)> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let created = state
        .db
        .write(move |conn| {
            let fields = fields(conn, tenant.company_id, &body, None)?;
            let id = Category::insert(conn, tenant.company_id, &fields)?;
            let category = load(conn, tenant.company_id, id)?;
            view(conn, tenant.company_id, &category)
        })
        .await?;
    Ok((StatusCode::CREATED, Json(created)))
}

/// `POST /api/item/category/{id}/update`.
pub async fn update(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
    JsonBody(body): JsonBody<CategoryBody>,
) -> AppResult<Json<CategoryView>> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let updated = state
        .db
        .write(move |conn| {
            ensure_unlocked::<Categories>(conn, tenant.company_id, id)?;
            let fields = fields(conn, tenant.company_id, &body, Some(id))?;
            Category::update(conn, id, &fields)?;
            let category = load(conn, tenant.company_id, id)?;
            view(conn, tenant.company_id, &category)
        })
        .await?;
    Ok(Json(updated))
}

/// Categories in the generic record handlers.
pub struct Categories;

impl Record for Categories {
    type View = CategoryView;
    const READ: &'static [Role] = roles::ADMIN_USER;
    const WRITE: &'static [Role] = roles::ADMIN_USER;
    const DELETED: &'static str = "Categoría eliminada";

    fn view(conn: &mut DbConnection, company_id: i64, id: i64) -> AppResult<CategoryView> {
        let category = load(conn, company_id, id)?;
        view(conn, company_id, &category)
    }

    fn is_locked(conn: &mut DbConnection, company_id: i64, id: i64) -> AppResult<bool> {
        Ok(load(conn, company_id, id)?.locked)
    }

    fn set_locked(conn: &mut DbConnection, id: i64, locked: bool) -> AppResult<()> {
        Category::set_locked(conn, id, locked)?;
        Ok(())
    }

    /// Refused while it has subcategories.
    fn delete(conn: &mut DbConnection, _company_id: i64, id: i64) -> AppResult<()> {
        if Category::children(conn, id)? > 0 {
            return Err(AppError::Conflict {
                message: "No se puede eliminar: la categoría tiene subcategorías. Muévalas o elimínelas primero.".into(),
                errors: Default::default(),
            });
        }
        Category::delete(conn, id).map_err(|e| constraint_conflict(e, "_id", ""))?;
        Ok(())
    }
}
