//! `/api/inventory/cellar`: the warehouses (bodegas) of the selected branch. The default
//! warehouse of a branch comes with the branch and cannot be deleted.

use axum::Json;
use axum::extract::State;
use serde::Deserialize;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::controllers::answer;
use crate::controllers::catalogue::{Catalogue, PageFn, load};
use crate::controllers::options;
use crate::controllers::records::{Record, ensure_unlocked};
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::error::{AppResult, conflict, constraint_conflict, field_conflict};
use crate::models::CompanyId;
use crate::models::auth::user::Role;
use crate::models::inventory::kardex::KardexRow;
use crate::models::inventory::warehouse::{Warehouse, WarehouseFields};
use crate::validation::{check_fields, required_text};
use crate::views::inventory::warehouse::{CellarOptionView, CellarView, CellarsPage};

/// Longest warehouse name.
const NAME_MAX: usize = 80;
/// Duplicate name in the branch.
pub const NAME_TAKEN: &str = "Ya existe una bodega con ese nombre en la sucursal";

/// Body of register and update.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct CellarBody {
    name: Option<String>,
    active: Option<bool>,
}

fn fields(
    conn: &mut DbConnection,
    company: CompanyId,
    branch: i64,
    body: &CellarBody,
    editing: Option<i64>,
) -> AppResult<WarehouseFields> {
    let name = body.name.clone().unwrap_or_default().trim().to_string();
    check_fields([("name", required_text(&name, "El nombre", NAME_MAX))])?;
    if Warehouse::name_taken(conn, company, branch, &name, editing)? {
        return Err(field_conflict("name", NAME_TAKEN));
    }
    Ok(WarehouseFields {
        name,
        active: body.active.unwrap_or(true),
    })
}

/// One page of the branch's warehouses (the API and the page).
pub fn list_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    params: &ListParams,
) -> AppResult<Page<CellarView>> {
    let branch = tenant.branch(conn)?.id;
    Ok(Warehouse::list(conn, tenant.company, branch, params)?.map(|w| CellarView::from(&w)))
}

/// The warehouses page.
pub fn page_data(
    conn: &mut DbConnection,
    tenant: &Tenant,
    params: &ListParams,
) -> AppResult<CellarsPage> {
    Ok(CellarsPage {
        list: list_page(conn, tenant, params)?,
    })
}

/// `GET /api/inventory/cellar/options`: every role (the POS picks its warehouse).
pub async fn cellar_options(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
) -> AppResult<Json<Vec<CellarOptionView>>> {
    answer::read(&state, &auth, options::cellars).await
}

/// Warehouses in the generic list handlers.
pub struct Cellars;

impl Record for Cellars {
    type View = CellarView;
    const READ: &'static [Role] = roles::ADMIN_USER;
    const WRITE: &'static [Role] = roles::ADMIN_USER;
    const DELETED: &'static str = "Bodega eliminada";

    crate::row_lock!(Warehouse);

    fn view(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<CellarView> {
        Ok(CellarView::from(&load::<Warehouse>(conn, company, id)?))
    }

    /// Refused for the branch's default warehouse and for warehouses with movements.
    fn delete(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<()> {
        let warehouse = load::<Warehouse>(conn, company, id)?;
        if warehouse.is_default {
            return Err(conflict(
                "No se puede eliminar la bodega principal de la sucursal",
            ));
        }
        if KardexRow::has_movements(conn, company, None, Some(id))? {
            return Err(conflict(
                "No se puede eliminar: la bodega tiene movimientos de inventario. Desactívela.",
            ));
        }
        Warehouse::delete(conn, company, id).map_err(|e| constraint_conflict(e, "_id", ""))?;
        Ok(())
    }
}

impl Catalogue for Cellars {
    type Body = CellarBody;
    const EDIT: &'static [Role] = roles::ADMIN_USER;
    const PAGE: PageFn<CellarView> = list_page;

    /// A warehouse of the selected branch.
    fn create(conn: &mut DbConnection, tenant: &Tenant, body: CellarBody) -> AppResult<i64> {
        let branch = tenant.branch(conn)?.id;
        let fields = fields(conn, tenant.company, branch, &body, None)?;
        Ok(Warehouse::insert(
            conn,
            tenant.company,
            branch,
            &fields,
            false,
        )?)
    }

    fn edit(conn: &mut DbConnection, tenant: &Tenant, id: i64, body: CellarBody) -> AppResult<()> {
        ensure_unlocked::<Self>(conn, tenant.company, id)?;
        let current = load::<Warehouse>(conn, tenant.company, id)?;
        let mut fields = fields(
            conn,
            tenant.company,
            current.branch_office_id,
            &body,
            Some(id),
        )?;
        // The default warehouse stays active: sales and purchases fall back to it.
        fields.active = fields.active || current.is_default;
        Warehouse::update(conn, tenant.company, id, &fields)?;
        Ok(())
    }
}
