//! `/api/clients`: the company's clients. Every role lists, searches and registers them (the
//! cashier registers a buyer at the POS); locking and deleting are for admin and user. The
//! company's "consumidor final" is listed like any client but cannot be changed.

use axum::Json;
use axum::extract::{Query, State};
use serde::Deserialize;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::command::NumberInput;
use crate::controllers::catalogue::{Catalogue, PageFn, is_locked, load, text};
use crate::controllers::records::{Record, ensure_unlocked};
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::db::search::contains_pattern;
use crate::error::{AppError, AppResult, conflict, constraint_conflict, field_conflict};

use crate::models::CompanyId;
use crate::models::auth::user::Role;
use crate::models::sales::client::{Client, ClientFields};
use crate::validation::{
    ID_TYPES, check_fields, email_problem, identification_check, identification_of, optional_text,
    required_text,
};
use crate::views::sales::client::ClientView;

/// Longest name (the SRI's `razonSocialComprador`).
const NAME_MAX: usize = 300;
const ADDRESS_MAX: usize = 300;
const PHONE_MAX: usize = 30;
const EMAILS_MAX: usize = 300;
/// Longest credit term.
const CREDIT_DAYS_MAX: i64 = 365;
/// Duplicate identification within the company.
pub const IDENTIFICATION_TAKEN: &str = "Ya existe un cliente con esa identificación";
/// Any change to the consumidor final.
pub const FINAL_CONSUMER_FIXED: &str = "El consumidor final no se puede modificar ni eliminar";

/// Body of register and update.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct ClientBody {
    id_type: Option<String>,
    identification: Option<String>,
    name: Option<String>,
    email: Option<String>,
    phone: Option<String>,
    address: Option<String>,
    #[ts(optional = nullable)]
    price_level: NumberInput,
    #[ts(optional = nullable)]
    credit_limit: NumberInput,
    #[ts(optional = nullable)]
    credit_days: NumberInput,
    active: Option<bool>,
}

/// `GET /api/clients/{id}`'s message for an unknown client (specification wording).
fn not_found(id: i64) -> AppError {
    AppError::NotFound(format!("No se encontró el cliente con el id: {id}"))
}

/// A money amount ≥ 0 in micros, at most the [`crate::domain::limits::AMOUNT`] of every amount
/// entered ([`NumberInput::amount`]); 0 when absent.
fn amount(value: &NumberInput, what: &str) -> Result<i64, String> {
    value.amount(what).map(Option::unwrap_or_default)
}

/// Validates the fields (every problem at once, per field).
fn fields(
    conn: &mut DbConnection,
    company: CompanyId,
    body: &ClientBody,
    editing: Option<i64>,
) -> AppResult<ClientFields> {
    let (id_type, identification) = identification_of(&body.id_type, &body.identification);
    let name = text(&body.name).unwrap_or_default();
    let email = text(&body.email);
    let type_problem = if id_type == "consumidorFinal" {
        Some("El consumidor final ya existe en la empresa; elija otro tipo".to_string())
    } else if !ID_TYPES.contains(&id_type.as_str()) {
        Some("Elija el tipo de identificación: RUC, cédula, pasaporte o del exterior".to_string())
    } else {
        None
    };
    let email_problems = email.as_deref().and_then(|list| {
        optional_text(Some(list), "Los correos", EMAILS_MAX).or_else(|| {
            list.split([',', ';'])
                .map(str::trim)
                .filter(|e| !e.is_empty())
                .find_map(|e| email_problem(e).map(|p| format!("{p}: {e}")))
        })
    });
    let price_level = body.price_level.whole(1, 1, 3, "El nivel de precio");
    let credit_limit = amount(&body.credit_limit, "El cupo de crédito");
    let credit_days = body.credit_days.whole(0, 0, CREDIT_DAYS_MAX, "El plazo");
    check_fields([
        ("idType", type_problem.clone()),
        (
            "identification",
            identification_check(&id_type, &identification, &type_problem),
        ),
        ("name", required_text(&name, "El nombre", NAME_MAX)),
        ("email", email_problems),
        (
            "phone",
            optional_text(body.phone.as_deref(), "El teléfono", PHONE_MAX),
        ),
        (
            "address",
            optional_text(body.address.as_deref(), "La dirección", ADDRESS_MAX),
        ),
        ("priceLevel", price_level.clone().err()),
        ("creditLimit", credit_limit.clone().err()),
        ("creditDays", credit_days.clone().err()),
    ])?;
    if Client::find_by_identification(conn, company, &identification, editing)?.is_some() {
        return Err(field_conflict("identification", IDENTIFICATION_TAKEN));
    }
    let number = |r: Result<i64, String>| r.map_err(AppError::BadRequest);
    Ok(ClientFields {
        id_type,
        identification,
        name,
        email,
        phone: text(&body.phone),
        address: text(&body.address),
        price_level: number(price_level)? as i32,
        credit_limit: number(credit_limit)?,
        credit_days: number(credit_days)? as i32,
        active: body.active.unwrap_or(true),
    })
}

/// One page of the list (the API and the clients page).
pub fn list_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    params: &ListParams,
) -> AppResult<Page<ClientView>> {
    Ok(Client::list(conn, tenant.company, params)?.map(|c| ClientView::from(&c)))
}

/// Query of `GET /api/clients/search`.
#[derive(Debug, Deserialize)]
pub struct SearchQuery {
    q: Option<String>,
}

/// Most clients the POS picker shows.
const SEARCH_LIMIT: i64 = 20;

/// `GET /api/clients/search?q=`: active clients whose name or identification contains `q`
/// (accents and case ignored), for the POS client picker; an empty `q` finds nothing.
pub async fn search(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    Query(query): Query<SearchQuery>,
) -> AppResult<Json<Vec<ClientView>>> {
    let tenant = auth.tenant(roles::ALL)?;
    let term = query.q.unwrap_or_default().trim().to_string();
    if term.chars().count() > 100 {
        return Err(AppError::BadRequest(
            "La búsqueda no puede tener más de 100 caracteres".into(),
        ));
    }
    if term.is_empty() {
        return Ok(Json(Vec::new()));
    }
    let found = state
        .db
        .run(move |conn| {
            Ok(
                Client::search(conn, tenant.company, &contains_pattern(&term), SEARCH_LIMIT)?
                    .iter()
                    .map(ClientView::from)
                    .collect(),
            )
        })
        .await?;
    Ok(Json(found))
}

/// Clients in the generic list handlers.
pub struct Clients;

impl Record for Clients {
    type View = ClientView;
    const READ: &'static [Role] = roles::ALL;
    const WRITE: &'static [Role] = roles::ADMIN_USER;
    const DELETED: &'static str = "Cliente eliminado";

    fn view(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<ClientView> {
        let client = Client::find(conn, company, id)?.ok_or_else(|| not_found(id))?;
        Ok(ClientView::from(&client))
    }

    fn is_locked(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<bool> {
        is_locked::<Client>(conn, company, id)
    }

    fn set_locked(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        locked: bool,
    ) -> AppResult<()> {
        unless_final_consumer(conn, company, id)?;
        Client::set_locked(conn, company, id, locked)?;
        Ok(())
    }

    /// Refused for the consumidor final; a client with documents is kept (409).
    fn delete(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<()> {
        unless_final_consumer(conn, company, id)?;
        Client::delete(conn, company, id).map_err(|e| constraint_conflict(e, "_id", ""))?;
        Ok(())
    }
}

/// Refuses any change to the consumidor final (the generic list's 404 for another company's).
fn unless_final_consumer(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<()> {
    if load::<Client>(conn, company, id)?.is_final_consumer {
        return Err(conflict(FINAL_CONSUMER_FIXED));
    }
    Ok(())
}

impl Catalogue for Clients {
    type Body = ClientBody;
    const EDIT: &'static [Role] = roles::ALL;
    const PAGE: PageFn<ClientView> = list_page;

    fn create(conn: &mut DbConnection, tenant: &Tenant, body: ClientBody) -> AppResult<i64> {
        let fields = fields(conn, tenant.company, &body, None)?;
        Client::insert(conn, tenant.company, &fields)
            .map_err(|e| constraint_conflict(e, "identification", IDENTIFICATION_TAKEN))
    }

    fn edit(conn: &mut DbConnection, tenant: &Tenant, id: i64, body: ClientBody) -> AppResult<()> {
        unless_final_consumer(conn, tenant.company, id)?;
        ensure_unlocked::<Self>(conn, tenant.company, id)?;
        let fields = fields(conn, tenant.company, &body, Some(id))?;
        Client::update(conn, tenant.company, id, &fields)
            .map_err(|e| constraint_conflict(e, "identification", IDENTIFICATION_TAKEN))?;
        Ok(())
    }
}
