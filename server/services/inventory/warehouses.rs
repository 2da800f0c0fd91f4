//! The warehouse a request names: sales, products, adjustments and transfers all read a
//! `cellarId` of the selected branch, and refuse it the same way.

use crate::command::IdInput;

use crate::auth::roles::Tenant;
use crate::db::DbConnection;
use crate::error::{AppError, AppResult};

use crate::models::inventory::warehouse::Warehouse;

/// The warehouse a body names in `cellarId`: the given one, if it belongs to the branch, else
/// the branch's default (a sale takes stock from it; a recipe's ingredients are counted in it).
pub fn branch_cellar(
    conn: &mut DbConnection,
    tenant: &Tenant,
    branch: i64,
    value: &IdInput,
) -> AppResult<Warehouse> {
    let found = match value.optional() {
        Ok(Some(id)) => {
            Warehouse::find(conn, tenant.company, id)?.filter(|w| w.branch_office_id == branch)
        }
        Ok(None) => Warehouse::default_of(conn, tenant.company, branch)?,
        Err(_) => None,
    };
    found.ok_or_else(|| {
        AppError::field(
            "cellarId",
            "La bodega no existe en la sucursal seleccionada",
        )
    })
}

/// The warehouse a stock document names in `field`: required (no default), of the company and
/// in the selected branch.
pub fn selected_branch_cellar(
    conn: &mut DbConnection,
    tenant: &Tenant,
    value: &IdInput,
    field: &str,
) -> AppResult<Warehouse> {
    let branch = tenant.branch(conn)?.id;
    let cellar = match value.id() {
        Some(id) => Warehouse::find(conn, tenant.company, id)?,
        None => None,
    };
    match cellar {
        Some(w) if w.branch_office_id == branch => Ok(w),
        Some(_) => Err(AppError::field(
            field,
            "La bodega no pertenece a la sucursal seleccionada",
        )),
        None => Err(AppError::field(field, "Seleccione una bodega")),
    }
}
