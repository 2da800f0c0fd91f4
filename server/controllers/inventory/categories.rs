//! `/api/item/category`: product categories (admin and user edit; every role reads the list of all
//! of them, which product forms and filters use).

use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use serde_json::Value;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::command::IdInput;
use crate::controllers::catalogue::{Catalogue, PageFn, load};
use crate::controllers::options;
use crate::controllers::records::{Record, ensure_unlocked};
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::error::{AppError, AppResult, conflict, constraint_conflict, field_conflict};
use crate::models::CompanyId;
use crate::models::auth::user::Role;
use crate::models::inventory::category::{Category, CategoryFields, STATIONS};
use crate::validation::{check_fields, required_text};
use crate::views::inventory::category::CategoryView;

/// Longest category name.
const NAME_MAX: usize = 80;
/// Duplicate name under the same parent.
pub const NAME_TAKEN: &str = "Ya existe una categoría con ese nombre en el mismo nivel";

/// Body of register and update.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct CategoryBody {
    name: Option<String>,
    #[ts(optional = nullable)]
    parent_id: IdInput,
    active: Option<bool>,
    /// cocina or bar; kept when absent on update, cocina on register.
    station: Option<String>,
    /// The quick modifiers of its products (empty: its station's); kept when absent on update.
    #[ts(optional = nullable, type = "Array<string> | null")]
    modifiers: Option<Vec<Value>>,
}

/// Most quick modifiers of a category, and the longest (an order item's modifier is at most 60).
const MODIFIERS_MAX: usize = 12;
const MODIFIER_MAX: usize = 40;

/// The body's modifiers, trimmed, without blanks or repeats, one per line; `None` when absent.
fn modifiers_of(raw: Option<&[Value]>) -> Result<Option<String>, String> {
    let Some(raw) = raw else {
        return Ok(None);
    };
    let mut list: Vec<String> = Vec::new();
    for value in raw {
        let Some(text) = value.as_str() else {
            return Err("Cada modificador es un texto".into());
        };
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        if text.is_empty() || list.iter().any(|m| m.eq_ignore_ascii_case(&text)) {
            continue;
        }
        if text.chars().count() > MODIFIER_MAX {
            return Err(format!(
                "«{text}»: cada modificador admite hasta {MODIFIER_MAX} caracteres"
            ));
        }
        list.push(text);
    }
    if list.len() > MODIFIERS_MAX {
        return Err(format!(
            "Una categoría admite hasta {MODIFIERS_MAX} modificadores rápidos"
        ));
    }
    Ok(Some(list.join("\n")))
}

fn view(
    conn: &mut DbConnection,
    company: CompanyId,
    category: &Category,
) -> AppResult<CategoryView> {
    let parent = match category.parent_id {
        Some(id) => Category::find(conn, company, id)?.map(|p| p.name),
        None => None,
    };
    Ok(CategoryView::new(category, parent))
}

/// Validates the fields; the parent must be another category of the company, not a descendant.
fn fields(
    conn: &mut DbConnection,
    company: CompanyId,
    body: &CategoryBody,
    editing: Option<i64>,
) -> AppResult<CategoryFields> {
    let name = body.name.clone().unwrap_or_default().trim().to_string();
    let parent_id = match body.parent_id.optional() {
        Ok(None) => Ok(None),
        found => match found.ok().flatten() {
            Some(id) if Some(id) == editing => {
                Err("Una categoría no puede ser su propia categoría padre".to_string())
            }
            Some(id) if Category::find(conn, company, id)?.is_some() => match editing {
                Some(me) if Category::ancestors(conn, company, id)?.contains(&me) => {
                    Err("La categoría padre no puede ser una de sus subcategorías".to_string())
                }
                _ => Ok(Some(id)),
            },
            _ => Err("La categoría padre no existe".to_string()),
        },
    };
    let station = match body
        .station
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        Some(s) => STATIONS
            .iter()
            .find(|(value, _)| value.eq_ignore_ascii_case(s))
            .map(|(value, _)| value.to_string())
            .ok_or_else(|| "La estación debe ser cocina o bar".to_string()),
        None => match editing {
            Some(id) => Ok(Category::find(conn, company, id)?
                .map_or_else(|| STATIONS[0].0.to_string(), |c| c.station)),
            None => Ok(STATIONS[0].0.to_string()),
        },
    };
    let modifiers = match modifiers_of(body.modifiers.as_deref()) {
        Ok(Some(list)) => Ok(list),
        Ok(None) => match editing {
            Some(id) => Ok(Category::find(conn, company, id)?
                .map(|c| c.modifiers)
                .unwrap_or_default()),
            None => Ok(String::new()),
        },
        Err(e) => Err(e),
    };
    check_fields([
        ("name", required_text(&name, "El nombre", NAME_MAX)),
        ("parentId", parent_id.clone().err()),
        ("station", station.clone().err()),
        ("modifiers", modifiers.clone().err()),
    ])?;
    let fields = CategoryFields {
        name,
        parent_id: parent_id.map_err(AppError::BadRequest)?,
        active: body.active.unwrap_or(true),
        station: station.map_err(AppError::BadRequest)?,
        modifiers: modifiers.map_err(AppError::BadRequest)?,
    };
    if Category::name_taken(conn, company, &fields, editing)? {
        return Err(field_conflict("name", NAME_TAKEN));
    }
    Ok(fields)
}

/// One page of the list (the API and the categories page).
pub fn list_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    params: &ListParams,
) -> AppResult<Page<CategoryView>> {
    Category::list(conn, tenant.company, params)?.try_map(|c| view(conn, tenant.company, &c))
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
        .run(move |conn| options::categories(conn, tenant.company, params.only_active))
        .await?;
    Ok(Json(views))
}

/// Categories in the generic list handlers.
pub struct Categories;

impl Record for Categories {
    type View = CategoryView;
    const READ: &'static [Role] = roles::ADMIN_USER;
    const WRITE: &'static [Role] = roles::ADMIN_USER;
    const DELETED: &'static str = "Categoría eliminada";

    crate::row_lock!(Category);

    fn view(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<CategoryView> {
        let category = load::<Category>(conn, company, id)?;
        view(conn, company, &category)
    }

    /// Refused while it has subcategories.
    fn delete(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<()> {
        if Category::children(conn, company, id)? > 0 {
            return Err(conflict(
                "No se puede eliminar: la categoría tiene subcategorías. Muévalas o elimínelas primero.",
            ));
        }
        Category::delete(conn, company, id).map_err(|e| constraint_conflict(e, "_id", ""))?;
        Ok(())
    }
}

impl Catalogue for Categories {
    type Body = CategoryBody;
    const EDIT: &'static [Role] = roles::ADMIN_USER;
    const PAGE: PageFn<CategoryView> = list_page;

    fn create(conn: &mut DbConnection, tenant: &Tenant, body: CategoryBody) -> AppResult<i64> {
        let fields = fields(conn, tenant.company, &body, None)?;
        Ok(Category::insert(conn, tenant.company, &fields)?)
    }

    fn edit(
        conn: &mut DbConnection,
        tenant: &Tenant,
        id: i64,
        body: CategoryBody,
    ) -> AppResult<()> {
        ensure_unlocked::<Self>(conn, tenant.company, id)?;
        let fields = fields(conn, tenant.company, &body, Some(id))?;
        Category::update(conn, tenant.company, id, &fields)?;
        Ok(())
    }
}
