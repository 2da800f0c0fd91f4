//! `/api/purchases/supplier`: the company's suppliers (generic list contract). Every role lists
//! and registers them (a cashier receives a delivery from a new supplier); locking and deleting
//! are for admin and user. The identification is validated exactly like a client's.

use serde::Deserialize;

use crate::auth::roles::{self, Tenant};
use crate::command::NumberInput;
use crate::controllers::catalogue::{Catalogue, PageFn, text};
use crate::controllers::records::{Record, ensure_unlocked};
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::error::{AppError, AppResult, constraint_conflict, field_conflict, not_in_table};
use crate::validation::{ID_TYPES, identification_check, identification_of};

use crate::models::CompanyId;
use crate::models::auth::user::Role;
use crate::models::purchases::supplier::{Supplier, SupplierFields};
use crate::validation::{check_fields, email_problem, optional_text, required_text};
use crate::views::purchases::supplier::SupplierView;

const NAME_MAX: usize = 300;
const PHONE_MAX: usize = 30;
const EMAIL_MAX: usize = 300;
const CREDIT_DAYS_MAX: i64 = 365;
/// Duplicate identification within the company.
pub const IDENTIFICATION_TAKEN: &str = "Ya existe un proveedor con esa identificación";

/// Body of register and update.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct SupplierBody {
    id_type: Option<String>,
    identification: Option<String>,
    name: Option<String>,
    trade_name: Option<String>,
    email: Option<String>,
    phone: Option<String>,
    #[ts(optional = nullable)]
    credit_days: NumberInput,
    active: Option<bool>,
}

/// Validates the fields (every problem at once, per field).
fn fields(
    conn: &mut DbConnection,
    company: CompanyId,
    body: &SupplierBody,
    editing: Option<i64>,
) -> AppResult<SupplierFields> {
    let (id_type, identification) = identification_of(&body.id_type, &body.identification);
    let name = text(&body.name).unwrap_or_default();
    let email = text(&body.email);
    let type_problem = (id_type == "consumidorFinal" || !ID_TYPES.contains(&id_type.as_str()))
        .then(|| {
            "Elija el tipo de identificación: RUC, cédula, pasaporte o del exterior".to_string()
        });
    let credit_days = body.credit_days.whole(0, 0, CREDIT_DAYS_MAX, "El plazo");
    check_fields([
        ("idType", type_problem.clone()),
        (
            "identification",
            identification_check(&id_type, &identification, &type_problem),
        ),
        ("name", required_text(&name, "El nombre", NAME_MAX)),
        (
            "tradeName",
            optional_text(body.trade_name.as_deref(), "El nombre comercial", NAME_MAX),
        ),
        (
            "email",
            email.as_deref().and_then(|e| {
                optional_text(Some(e), "El correo", EMAIL_MAX).or_else(|| email_problem(e))
            }),
        ),
        (
            "phone",
            optional_text(body.phone.as_deref(), "El teléfono", PHONE_MAX),
        ),
        ("creditDays", credit_days.clone().err()),
    ])?;
    if Supplier::find_by_identification(conn, company, &identification, editing)?.is_some() {
        return Err(field_conflict("identification", IDENTIFICATION_TAKEN));
    }
    Ok(SupplierFields {
        id_type,
        identification,
        name,
        trade_name: text(&body.trade_name),
        email,
        phone: text(&body.phone),
        credit_days: credit_days.map_err(AppError::BadRequest)? as i32,
        active: body.active.unwrap_or(true),
    })
}

/// One page of the list (the API and the suppliers page).
pub fn list_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    params: &ListParams,
) -> AppResult<Page<SupplierView>> {
    Ok(Supplier::list(conn, tenant.company, params)?.map(|s| SupplierView::from(&s)))
}

/// Suppliers in the generic list handlers.
pub struct Suppliers;

impl Record for Suppliers {
    type View = SupplierView;
    const READ: &'static [Role] = roles::ALL;
    const WRITE: &'static [Role] = roles::ADMIN_USER;
    const DELETED: &'static str = "Proveedor eliminado";

    fn view(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<SupplierView> {
        let supplier = Supplier::find(conn, company, id)?.ok_or_else(not_in_table)?;
        Ok(SupplierView::from(&supplier))
    }

    crate::row_lock!(Supplier);

    /// A supplier with purchases is kept (409).
    fn delete(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<()> {
        Supplier::delete(conn, company, id).map_err(|e| constraint_conflict(e, "_id", ""))?;
        Ok(())
    }
}

impl Catalogue for Suppliers {
    type Body = SupplierBody;
    const EDIT: &'static [Role] = roles::ALL;
    const PAGE: PageFn<SupplierView> = list_page;

    fn create(conn: &mut DbConnection, tenant: &Tenant, body: SupplierBody) -> AppResult<i64> {
        let fields = fields(conn, tenant.company, &body, None)?;
        Supplier::insert(conn, tenant.company, &fields)
            .map_err(|e| constraint_conflict(e, "identification", IDENTIFICATION_TAKEN))
    }

    fn edit(
        conn: &mut DbConnection,
        tenant: &Tenant,
        id: i64,
        body: SupplierBody,
    ) -> AppResult<()> {
        ensure_unlocked::<Self>(conn, tenant.company, id)?;
        let fields = fields(conn, tenant.company, &body, Some(id))?;
        Supplier::update(conn, tenant.company, id, &fields)
            .map_err(|e| constraint_conflict(e, "identification", IDENTIFICATION_TAKEN))?;
        Ok(())
    }
}
