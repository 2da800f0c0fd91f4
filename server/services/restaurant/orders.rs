//! Restaurant: orders. An order is opened at a table, at the counter (express) or for delivery;
//! its items are sent to the kitchen in rounds (each item with the station of its product's
//! category), move through pendiente → preparando → listo → entregado (forward only), and can be
//! voided with a reason by admin and user — never deleted. Billing goes through the sales service
//! ([`crate::services::sales::note`]: prepare, then commit in the same write transaction that
//! marks the items billed and frees the table), so recipes consume their ingredients through the
//! inventory service like any sale. Every change records one event ([`super::events`]); joining
//! two tables records one for each order.
//!
//! Splitting a bill: `itemIds` bills only those items (one guest's share); the table is freed
//! when nothing is left to bill. An item of several units is split first
//! ([`split_item`]: «2 × Seco» becomes «1 × Seco» twice) so each guest pays their unit. Each part
//! is its own document and rounds its IVA once, so the parts could add up to a cent more or less
//! than the whole bill: the last part of a nota de venta takes the remainder
//! ([`crate::domain::totals::Totals::take_remainder`]) and the parts add up to the whole. A
//! factura keeps the SRI's exact arithmetic of its own lines (error 52). An equal split is one
//! document paid in N payments.

use chrono::{NaiveDate, NaiveDateTime, NaiveTime};
use serde::Deserialize;

use super::events::{self, Changed, Shown};
use crate::auth::roles::Tenant;
use crate::command::{IdInput, NumberInput, text};
use crate::db::{Database, DbConnection};
use crate::domain::limits::QUANTITY;
use crate::domain::money::{from_micros, qty_from_micros};
use crate::domain::states::ItemState;
use crate::domain::totals::EarlierIva;
use crate::error::{AppError, AppResult, conflict};
use crate::models::CompanyId;
use crate::models::auth::user::Role;
use crate::models::restaurant::order::{
    self as model, BILLED, CANCELLED, NewOrder, NewOrderItem, OPEN, Order, OrderFilter, OrderItem,
};
use crate::models::sales::client::Client;
use crate::models::sales::note::Sale;
use crate::services::sales::input::{LineBody, PaymentBody};
use crate::services::sales::invoice::AdditionalInfoBody;
use crate::services::sales::note::{
    self as note, NoteBody, Prepared, Registered, SaleKind, idempotency_key,
};
use crate::services::sales::pricing::Priced;
use crate::services::sales::sequence::{self, CompanyDoc};
use crate::util::time::{Zone, now};

/// An order that is not in the user's company and branch (or does not exist).
pub const NOT_FOUND: &str = "No se encontró la orden";
/// An item that is not in the order.
pub const ITEM_NOT_FOUND: &str = "No se encontró el ítem de la orden";
/// Opening or moving to a table that has an open order.
pub const OCCUPIED: &str = "La mesa ya está ocupada";
/// A change to an order already billed or cancelled.
pub const CLOSED: &str = "La orden ya está cerrada";
/// Roles that may void an item sent to the kitchen (kept apart from the API's roles, so a
/// future waiter role is refused here).
pub const VOID_ROLES: &[Role] = &[Role::Admin, Role::User];

/// Kinds of order.
pub const KINDS: &[&str] = &["table", "express", "delivery"];
/// Kitchen states, in their order ([`ItemState`] without `anulado`).
pub const STATES: &[&str] = &[
    ItemState::Pendiente.as_str(),
    ItemState::Preparando.as_str(),
    ItemState::Listo.as_str(),
    ItemState::Entregado.as_str(),
];
/// A voided item's state.
pub const VOIDED: &str = ItemState::Anulado.as_str();
/// Most items one round may carry.
const ITEMS_MAX: usize = 100;
/// Longest note of an item.
const NOTES_MAX: usize = 200;
/// Most modifiers of one item, and the longest.
const MODIFIERS_MAX: usize = 20;
const MODIFIER_MAX: usize = 60;
/// Longest delivery field.
const DELIVERY_MAX: usize = 200;
/// How long a voided item stays on the kitchen's ticket when nothing else of its round is left.
pub const VOIDED_SHOWN_MINUTES: i64 = 10;

/// `POST /api/restaurant/order/open`.
#[derive(Debug, Clone, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[ts(rename = "OpenOrderBody")]
#[serde(rename_all = "camelCase")]
pub struct OpenBody {
    #[ts(optional = nullable)]
    pub table_id: IdInput,
    pub kind: Option<String>,
    #[ts(optional = nullable)]
    pub client_id: IdInput,
    pub delivery: Option<DeliveryBody>,
}

/// Where a delivery goes (no address: take-away). `expectedAt`: `AAAA-MM-DDTHH:MM` (the company's time) or `HH:MM`
/// (today).
#[derive(Debug, Clone, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryBody {
    pub name: Option<String>,
    pub phone: Option<String>,
    pub address: Option<String>,
    pub reference: Option<String>,
    pub expected_at: Option<String>,
}

/// `POST /api/restaurant/order/{id}/items`.
#[derive(Debug, Clone, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct ItemsBody {
    pub items: Option<Vec<ItemBody>>,
}

/// One item of a round.
#[derive(Debug, Clone, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct ItemBody {
    #[ts(optional = nullable)]
    pub product_id: IdInput,
    #[ts(optional = nullable)]
    pub quantity: NumberInput,
    pub notes: Option<String>,
    pub modifiers: Option<Vec<String>>,
}

/// `POST /api/restaurant/order/{id}/item/{itemId}/state`.
#[derive(Debug, Clone, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[ts(rename = "OrderStateBody")]
pub struct StateBody {
    pub state: Option<String>,
}

/// `POST /api/restaurant/order/{id}/item/{itemId}/void`.
#[derive(Debug, Clone, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct VoidBody {
    pub reason: Option<String>,
}

/// `POST /api/restaurant/order/{id}/move`.
#[derive(Debug, Clone, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct MoveBody {
    #[ts(optional = nullable)]
    pub table_id: IdInput,
}

/// `POST /api/restaurant/order/{id}/join`.
#[derive(Debug, Clone, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct JoinBody {
    #[ts(optional = nullable)]
    pub order_id: IdInput,
}

/// `POST /api/restaurant/order/{id}/bill`.
#[derive(Debug, Clone, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct BillBody {
    pub idempotency_key: Option<String>,
    pub payments: Option<Vec<PaymentBody>>,
    /// `note` (default) or `invoice`.
    pub document_type: Option<String>,
    #[ts(optional = nullable)]
    pub client_id: IdInput,
    pub item_ids: Option<Vec<IdInput>>,
    /// Factura only: `campoAdicional` pairs.
    pub additional_info: Option<Vec<AdditionalInfoBody>>,
}

/// `POST /api/restaurant/order/{id}/price`: what a bill of the order (or of `itemIds`) would
/// charge.
#[derive(Debug, Clone, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct PriceBody {
    pub document_type: Option<String>,
    #[ts(optional = nullable)]
    pub client_id: IdInput,
    pub item_ids: Option<Vec<IdInput>>,
}

/// `POST /api/restaurant/order/{id}/item/{itemId}/split`: the units that become an item of
/// their own.
#[derive(Debug, Clone, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct SplitBody {
    #[ts(optional = nullable)]
    pub quantity: NumberInput,
}

/// The order `id` of the user's branch, else 404.
fn visible(conn: &mut DbConnection, tenant: &Tenant, branch: i64, id: i64) -> AppResult<Order> {
    Order::find(conn, tenant.company, branch, id)?
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))
}

/// The order `id` when still open, else 409.
fn open_order(conn: &mut DbConnection, tenant: &Tenant, branch: i64, id: i64) -> AppResult<Order> {
    let order = visible(conn, tenant, branch, id)?;
    if order.state != OPEN {
        return Err(conflict(CLOSED));
    }
    Ok(order)
}

/// Order `id` as the caller shows it, as it is now (after a change in the same transaction).
fn shown<V: Shown>(conn: &mut DbConnection, tenant: &Tenant, branch: i64, id: i64) -> AppResult<V> {
    let order = visible(conn, tenant, branch, id)?;
    V::show(conn, tenant, &order)
}

/// A trimmed text of at most `max` characters.
fn bounded(raw: &Option<String>, field: &str, what: &str, max: usize) -> AppResult<Option<String>> {
    let value = text(raw);
    if value.as_ref().is_some_and(|v| v.chars().count() > max) {
        return Err(AppError::field(
            field,
            format!("{what} admite hasta {max} caracteres"),
        ));
    }
    Ok(value)
}

/// A delivery's expected time: `AAAA-MM-DDTHH:MM[:SS]` in the company's zone, an RFC 3339 time,
/// or `HH:MM` today.
fn expected_at(raw: &str, zone: Zone) -> Option<NaiveDateTime> {
    let raw = raw.trim();
    if let Ok(t) = chrono::DateTime::parse_from_rfc3339(raw) {
        return Some(t.naive_utc());
    }
    let local = |day: NaiveDate, time: NaiveTime| zone.start_of(day) + (time - NaiveTime::MIN);
    for format in ["%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M"] {
        if let Ok(t) = NaiveDateTime::parse_from_str(raw, format) {
            return Some(local(t.date(), t.time()));
        }
    }
    NaiveTime::parse_from_str(raw, "%H:%M")
        .ok()
        .map(|time| local(zone.today(), time))
}

/// An active table of the user's branch (`field`'s problem otherwise).
fn table_in_branch(
    conn: &mut DbConnection,
    tenant: &Tenant,
    branch: i64,
    value: &IdInput,
) -> AppResult<i64> {
    let missing = || AppError::field("tableId", "La mesa no existe");
    let id = match value.optional() {
        Ok(Some(id)) => id,
        Ok(None) => return Err(AppError::field("tableId", "Elija una mesa")),
        Err(_) => return Err(missing()),
    };
    model::table_of_branch(conn, tenant.company, branch, id)?
        .map(|(id, _)| id)
        .ok_or_else(missing)
}

/// The unique index of open orders per table refused a second one (two servers at once).
fn occupied_or(err: diesel::result::Error) -> AppError {
    match err {
        diesel::result::Error::DatabaseError(
            diesel::result::DatabaseErrorKind::UniqueViolation,
            _,
        ) => conflict(OCCUPIED),
        other => other.into(),
    }
}

/// The body's order kind, trimmed: one of [`KINDS`].
fn open_kind(body: &OpenBody) -> AppResult<String> {
    let kind = body
        .kind
        .as_deref()
        .map(str::trim)
        .unwrap_or_default()
        .to_string();
    if !KINDS.contains(&kind.as_str()) {
        return Err(AppError::field(
            "kind",
            "El tipo de orden debe ser table, express o delivery",
        ));
    }
    Ok(kind)
}

/// The delivery data of a new order, checked.
struct Delivery {
    name: String,
    phone: String,
    address: Option<String>,
    reference: Option<String>,
    expected: Option<NaiveDateTime>,
}

/// The body's delivery data: required (name and phone) for a delivery order, ignored for the
/// other kinds.
fn delivery_of(body: &OpenBody, kind: &str, zone: Zone) -> AppResult<Option<Delivery>> {
    match (&body.delivery, kind) {
        (Some(d), "delivery") => {
            let name = bounded(&d.name, "delivery.name", "El nombre", DELIVERY_MAX)?;
            let phone = bounded(&d.phone, "delivery.phone", "El teléfono", 40)?;
            let address = bounded(&d.address, "delivery.address", "La dirección", DELIVERY_MAX)?;
            let reference = bounded(
                &d.reference,
                "delivery.reference",
                "La referencia",
                DELIVERY_MAX,
            )?;
            // Without an address it is a take-away order.
            let (Some(name), Some(phone)) = (name, phone) else {
                return Err(AppError::field(
                    "delivery",
                    "Un pedido a domicilio o para llevar lleva nombre y teléfono",
                ));
            };
            let expected = match text(&d.expected_at) {
                None => None,
                Some(raw) => Some(expected_at(&raw, zone).ok_or_else(|| {
                    AppError::field(
                        "delivery.expectedAt",
                        "La hora esperada no es válida: use HH:MM o AAAA-MM-DDTHH:MM",
                    )
                })?),
            };
            Ok(Some(Delivery {
                name,
                phone,
                address,
                reference,
                expected,
            }))
        }
        (None, "delivery") => Err(AppError::field(
            "delivery",
            "Un pedido a domicilio o para llevar lleva nombre y teléfono",
        )),
        _ => Ok(None),
    }
}

/// Opens an order; see [`OpenBody`].
pub async fn open<V: Shown>(db: &Database, tenant: &Tenant, body: OpenBody) -> AppResult<V> {
    let kind = open_kind(&body)?;
    let zone = tenant.zone();
    let delivery = delivery_of(&body, &kind, zone)?;
    let (view, ()) = events::change(db, tenant, move |conn, tenant, branch| {
        let table_id = if kind == "table" {
            let table = table_in_branch(conn, tenant, branch, &body.table_id)?;
            if Order::open_on_table(conn, tenant.company, table)?.is_some() {
                return Err(conflict(OCCUPIED));
            }
            Some(table)
        } else {
            None
        };
        let client_id = match body.client_id.optional() {
            Ok(None) => None,
            Ok(Some(id)) if Client::find(conn, tenant.company, id)?.is_some() => Some(id),
            _ => return Err(AppError::field("clientId", "El cliente no existe")),
        };
        let mut counter =
            sequence::lock_company(conn, tenant.company, CompanyDoc::RestaurantOrder)?;
        let number = sequence::advance_company(conn, &mut counter)?;
        let at = now();
        let (name, phone, address, reference, expected) = match delivery {
            Some(d) => (
                Some(d.name),
                Some(d.phone),
                d.address,
                d.reference,
                d.expected,
            ),
            None => (None, None, None, None, None),
        };
        let order = Order::insert(
            conn,
            &NewOrder {
                company_id: tenant.company.get(),
                branch_office_id: branch,
                number,
                kind,
                table_id,
                client_id,
                delivery_name: name,
                delivery_phone: phone,
                delivery_address: address,
                delivery_reference: reference,
                delivery_expected_at: expected,
                state: OPEN.into(),
                user_id: tenant.user_id(),
                created_at: at,
                updated_at: at,
            },
        )
        .map_err(occupied_or)?;
        Ok(Changed {
            event: Some("opened"),
            order: V::show(conn, tenant, &order)?,
            extra: (),
        })
    })
    .await?;
    Ok(view)
}

/// A round's item, checked.
struct ItemInput {
    product_id: i64,
    quantity: i64,
    notes: Option<String>,
    modifiers: Vec<String>,
}

/// Reads the items of a round.
fn items_of(body: &ItemsBody) -> AppResult<Vec<ItemInput>> {
    let raw = body.items.as_deref().unwrap_or_default();
    if raw.is_empty() {
        return Err(AppError::field("items", "Agregue al menos un producto"));
    }
    if raw.len() > ITEMS_MAX {
        return Err(AppError::field(
            "items",
            format!("Una ronda admite hasta {ITEMS_MAX} productos"),
        ));
    }
    raw.iter()
        .enumerate()
        .map(|(i, item)| {
            let at = |e: String| AppError::field("items", format!("Producto {}: {e}", i + 1));
            let product_id = match item.product_id.optional() {
                Ok(Some(id)) => id,
                _ => return Err(at("elija un producto".into())),
            };
            let quantity = item
                .quantity
                .required_micros("La cantidad", true, false, QUANTITY)
                .map_err(at)?;
            let notes = text(&item.notes);
            if notes
                .as_ref()
                .is_some_and(|n| n.chars().count() > NOTES_MAX)
            {
                return Err(at(format!("la nota admite hasta {NOTES_MAX} caracteres")));
            }
            let modifiers: Vec<String> = item
                .modifiers
                .iter()
                .flatten()
                .map(|m| m.trim().to_string())
                .filter(|m| !m.is_empty())
                .collect();
            if modifiers.len() > MODIFIERS_MAX
                || modifiers.iter().any(|m| m.chars().count() > MODIFIER_MAX)
            {
                return Err(at(format!(
                    "hasta {MODIFIERS_MAX} modificadores de {MODIFIER_MAX} caracteres"
                )));
            }
            Ok(ItemInput {
                product_id,
                quantity,
                notes,
                modifiers,
            })
        })
        .collect()
}

/// Sends a round of items to the kitchen.
pub async fn add_items<V: Shown>(
    db: &Database,
    tenant: &Tenant,
    id: i64,
    body: ItemsBody,
) -> AppResult<V> {
    let inputs = items_of(&body)?;
    let (view, ()) = events::change(db, tenant, move |conn, tenant, branch| {
        let order = open_order(conn, tenant, branch, id)?;
        let ids: Vec<i64> = inputs.iter().map(|i| i.product_id).collect();
        let products = model::menu_products(conn, tenant.company, &ids)?;
        let round = order.rounds + 1;
        let at = now();
        let mut rows = Vec::with_capacity(inputs.len());
        for (i, input) in inputs.into_iter().enumerate() {
            let Some((pid, name, _kind, active, station)) =
                products.iter().find(|p| p.0 == input.product_id)
            else {
                return Err(AppError::field(
                    "items",
                    format!("Producto {}: el producto no existe", i + 1),
                ));
            };
            if !active {
                return Err(AppError::field(
                    "items",
                    format!("Producto {}: «{name}» está inactivo", i + 1),
                ));
            }
            rows.push(NewOrderItem {
                company_id: tenant.company.get(),
                order_id: order.id,
                product_id: *pid,
                name: name.clone(),
                quantity: input.quantity,
                notes: input.notes,
                modifiers: serde_json::to_string(&input.modifiers).unwrap_or_else(|_| "[]".into()),
                station: station.clone().unwrap_or_else(|| "cocina".into()),
                round,
                state: STATES[0].into(),
                created_at: at,
                updated_at: at,
            });
        }
        OrderItem::insert_many(conn, &rows)?;
        Order::set_rounds(conn, order.id, round)?;
        Ok(Changed {
            event: Some("items"),
            order: shown(conn, tenant, branch, order.id)?,
            extra: (),
        })
    })
    .await?;
    Ok(view)
}

/// The item `item_id` of `order`, else 404.
fn item_of(
    conn: &mut DbConnection,
    tenant: &Tenant,
    order: &Order,
    item_id: i64,
) -> AppResult<OrderItem> {
    OrderItem::of_orders(conn, tenant.company, &[order.id])?
        .into_iter()
        .find(|i| i.id == item_id)
        .ok_or_else(|| AppError::NotFound(ITEM_NOT_FOUND.into()))
}

/// Moves an item forward in the kitchen (one step or several, never back).
pub async fn set_state<V: Shown>(
    db: &Database,
    tenant: &Tenant,
    id: i64,
    item_id: i64,
    body: StateBody,
) -> AppResult<V> {
    let state = body
        .state
        .as_deref()
        .map(str::trim)
        .unwrap_or_default()
        .to_string();
    let Some(target) = STATES.iter().position(|s| *s == state) else {
        return Err(AppError::field(
            "state",
            "El estado debe ser pendiente, preparando, listo o entregado",
        ));
    };
    let (view, ()) = events::change(db, tenant, move |conn, tenant, branch| {
        // A paid express order still goes through the kitchen: any order but a cancelled one.
        let order = visible(conn, tenant, branch, id)?;
        let item = item_of(conn, tenant, &order, item_id)?;
        if item.state == VOIDED {
            return Err(conflict("El ítem está anulado"));
        }
        let current = STATES.iter().position(|s| *s == item.state).unwrap_or(0);
        if target <= current {
            return Err(conflict(format!(
                "El ítem ya está «{}»: los estados solo avanzan (pendiente → preparando → listo → entregado)",
                item.state
            )));
        }
        OrderItem::set_state(conn, tenant.company, order.id, item.id, STATES[target])?;
        Ok(Changed {
            event: Some("state"),
            order: shown(conn, tenant, branch, order.id)?,
            extra: (),
        })
    })
    .await?;
    Ok(view)
}

/// Voids an item sent to the kitchen, with a reason (admin and user).
pub async fn void<V: Shown>(
    db: &Database,
    tenant: &Tenant,
    id: i64,
    item_id: i64,
    body: VoidBody,
) -> AppResult<V> {
    if !VOID_ROLES.contains(&tenant.role()) {
        return Err(AppError::Forbidden(crate::auth::roles::FORBIDDEN.into()));
    }
    let Some(reason) = bounded(&body.reason, "reason", "El motivo", NOTES_MAX)? else {
        return Err(AppError::field(
            "reason",
            "Indique el motivo de la anulación",
        ));
    };
    let (view, ()) = events::change(db, tenant, move |conn, tenant, branch| {
        let order = open_order(conn, tenant, branch, id)?;
        let item = item_of(conn, tenant, &order, item_id)?;
        if item.state == VOIDED {
            return Err(conflict("El ítem ya está anulado"));
        }
        if item.sale_id.is_some() {
            return Err(conflict(
                "El ítem ya fue cobrado: anule la venta con una nota de crédito",
            ));
        }
        OrderItem::void(
            conn,
            tenant.company,
            order.id,
            item.id,
            &reason,
            tenant.user_id(),
            VOIDED,
        )?;
        Ok(Changed {
            event: Some("void"),
            order: shown(conn, tenant, branch, order.id)?,
            extra: (),
        })
    })
    .await?;
    Ok(view)
}

/// Splits `quantity` units of an item still to bill into an item of their own, so a split by
/// items can give each guest their unit (see the module comment).
pub async fn split_item<V: Shown>(
    db: &Database,
    tenant: &Tenant,
    id: i64,
    item_id: i64,
    body: SplitBody,
) -> AppResult<V> {
    let quantity = body
        .quantity
        .required_micros("La cantidad", true, false, QUANTITY)
        .map_err(|m| AppError::field("quantity", m))?;
    let (view, ()) = events::change(db, tenant, move |conn, tenant, branch| {
        let order = open_order(conn, tenant, branch, id)?;
        let item = item_of(conn, tenant, &order, item_id)?;
        if !billable(&item) {
            return Err(conflict(format!(
                "«{}» ya fue cobrado o está anulado",
                item.name
            )));
        }
        if quantity >= item.quantity {
            return Err(AppError::field(
                "quantity",
                format!(
                    "Para dividir «{}» separe menos de {} unidades",
                    item.name,
                    qty_from_micros(item.quantity)
                ),
            ));
        }
        if OrderItem::split(conn, tenant.company, &item, quantity, VOIDED)? == 0 {
            return Err(conflict(
                "El ítem cambió mientras se dividía: revise la orden",
            ));
        }
        Ok(Changed {
            event: Some("split"),
            order: shown(conn, tenant, branch, order.id)?,
            extra: (),
        })
    })
    .await?;
    Ok(view)
}

/// Moves a table's order to another free table.
pub async fn move_to<V: Shown>(
    db: &Database,
    tenant: &Tenant,
    id: i64,
    body: MoveBody,
) -> AppResult<V> {
    let (view, ()) = events::change(db, tenant, move |conn, tenant, branch| {
        let order = open_order(conn, tenant, branch, id)?;
        if order.kind != "table" {
            return Err(conflict("Solo una orden de mesa se cambia de mesa"));
        }
        let table = table_in_branch(conn, tenant, branch, &body.table_id)?;
        if Order::open_on_table(conn, tenant.company, table)?.is_some() {
            return Err(conflict(OCCUPIED));
        }
        Order::set_table(conn, order.id, table).map_err(occupied_or)?;
        Ok(Changed {
            event: Some("move"),
            order: shown(conn, tenant, branch, order.id)?,
            extra: (),
        })
    })
    .await?;
    Ok(view)
}

/// Joins the open table order `body.orderId` into order `id` (two tables that became one party):
/// its items still to bill move to `id` as they are (state, round, station), and it is closed as
/// a bill with nothing left would close it (billed when part of it was billed, else cancelled),
/// which frees its table. One transaction, an event for each order.
pub async fn join<V: Shown>(
    db: &Database,
    tenant: &Tenant,
    id: i64,
    body: JoinBody,
) -> AppResult<V> {
    let other_id = match body.order_id.optional() {
        Ok(Some(other)) => other,
        Ok(None) => return Err(AppError::field("orderId", "Elija la mesa que se une")),
        Err(_) => {
            return Err(AppError::field(
                "orderId",
                "La orden que se une no es válida",
            ));
        }
    };
    let (view, ()) = events::change_also(db, tenant, move |conn, tenant, branch| {
        let order = visible(conn, tenant, branch, id)?;
        let other = visible(conn, tenant, branch, other_id)?;
        if order.id == other.id {
            return Err(conflict(
                "Una mesa no se une consigo misma: elija otra mesa",
            ));
        }
        if order.state != OPEN {
            return Err(conflict(CLOSED));
        }
        if other.state != OPEN {
            return Err(conflict("La orden de la mesa que se une ya está cerrada"));
        }
        if order.kind != "table" || other.kind != "table" {
            return Err(conflict("Solo se unen órdenes de mesa"));
        }
        OrderItem::move_unbilled(conn, tenant.company, other.id, order.id, VOIDED)?;
        if other.rounds > order.rounds {
            Order::set_rounds(conn, order.id, other.rounds)?;
        }
        let left = OrderItem::of_orders(conn, tenant.company, &[other.id])?;
        let state = if left.iter().any(|i| i.sale_id.is_some()) {
            BILLED
        } else {
            CANCELLED
        };
        Order::close(conn, other.id, state, now())?;
        let closed = shown(conn, tenant, branch, other.id)?;
        Ok((
            Changed {
                event: Some("joined"),
                order: shown(conn, tenant, branch, order.id)?,
                extra: (),
            },
            vec![("joined", closed)],
        ))
    })
    .await?;
    Ok(view)
}

/// Marks that the table asked for the bill (its state on the floor plan: «cuenta»).
pub async fn request_bill<V: Shown>(db: &Database, tenant: &Tenant, id: i64) -> AppResult<V> {
    let (view, ()) = events::change(db, tenant, move |conn, tenant, branch| {
        let order = open_order(conn, tenant, branch, id)?;
        Order::set_bill_requested(conn, order.id)?;
        Ok(Changed {
            event: Some("billRequested"),
            order: shown(conn, tenant, branch, order.id)?,
            extra: (),
        })
    })
    .await?;
    Ok(view)
}

/// What a bill did.
pub enum Billed {
    /// A new sale of `kind`.
    Created(Box<Sale>, SaleKind),
    /// The sale already registered with the bill's key (a retry).
    Existing(Box<Sale>, SaleKind),
    /// Nothing was left to bill: the order was closed without a sale.
    Closed,
}

/// What the read step of a bill decided.
enum Plan {
    Sale(Box<Prepared>, Vec<i64>),
    Existing(Box<Sale>),
    Close,
}

/// The sales document of a bill.
fn kind_of(document_type: Option<&str>) -> AppResult<SaleKind> {
    match document_type.map(str::trim) {
        None | Some("" | "note") => Ok(SaleKind::Note),
        Some("invoice") => Ok(SaleKind::Invoice),
        Some(_) => Err(AppError::field(
            "documentType",
            "El documento debe ser note (nota de venta) o invoice (factura)",
        )),
    }
}

/// The sale already registered with `key` as a bill of `kind`, if any.
fn existing(
    conn: &mut DbConnection,
    company: CompanyId,
    key: &str,
    kind: SaleKind,
) -> AppResult<Option<Sale>> {
    match Sale::find_by_key(conn, company, key)? {
        Some(s) if s.kind == kind.as_str() => Ok(Some(s)),
        Some(_) => Err(conflict(note::KEY_OF_OTHER_KIND)),
        None => Ok(None),
    }
}

/// Items still to bill: not billed, not voided.
fn billable(item: &OrderItem) -> bool {
    item.sale_id.is_none() && item.state != VOIDED
}

/// The items a bill takes: `itemIds` (each of the order and still to bill) or every item still
/// to bill.
fn selection(items: &[OrderItem], ids: Option<&[IdInput]>) -> AppResult<Vec<i64>> {
    let Some(ids) = ids else {
        return Ok(items.iter().filter(|i| billable(i)).map(|i| i.id).collect());
    };
    if ids.is_empty() {
        return Err(AppError::field(
            "itemIds",
            "Elija al menos un ítem para cobrar",
        ));
    }
    let mut chosen = Vec::with_capacity(ids.len());
    for value in ids {
        let id = value
            .id()
            .ok_or_else(|| AppError::field("itemIds", "Un ítem elegido no pertenece a la orden"))?;
        let Some(item) = items.iter().find(|i| i.id == id) else {
            return Err(AppError::field(
                "itemIds",
                "Un ítem elegido no pertenece a la orden",
            ));
        };
        if !billable(item) {
            return Err(conflict(format!(
                "«{}» ya fue cobrado o está anulado",
                item.name
            )));
        }
        if !chosen.contains(&id) {
            chosen.push(id);
        }
    }
    Ok(chosen)
}

/// The sales lines of the `chosen` items.
fn lines_of(items: &[OrderItem], chosen: &[i64]) -> Vec<LineBody> {
    items
        .iter()
        .filter(|i| chosen.contains(&i.id))
        .map(|i| LineBody {
            product_id: IdInput::from_id(i.product_id),
            quantity: NumberInput::from_text(qty_from_micros(i.quantity).to_string()),
            unit_price: NumberInput::default(),
            discount: NumberInput::default(),
        })
        .collect()
}

/// When `chosen` is all that is left of an order partly billed already: what the earlier parts
/// charged per IVA rate and how many they were, for the last part to take the remainder.
fn earlier_parts(
    conn: &mut DbConnection,
    company: CompanyId,
    items: &[OrderItem],
    chosen: &[i64],
) -> AppResult<Option<(Vec<EarlierIva>, usize)>> {
    let rest = items
        .iter()
        .filter(|i| billable(i))
        .all(|i| chosen.contains(&i.id));
    let mut sales: Vec<i64> = items.iter().filter_map(|i| i.sale_id).collect();
    sales.sort_unstable();
    sales.dedup();
    if !rest || sales.is_empty() {
        return Ok(None);
    }
    let mut earlier: Vec<EarlierIva> = Vec::new();
    for line in Sale::lines_of_many(conn, company, &sales)? {
        let (base, value) = (from_micros(line.net), from_micros(line.iva));
        match earlier.iter_mut().find(|e| e.code == line.iva_code) {
            Some(e) => {
                e.base += base;
                e.value += value;
            }
            None => earlier.push(EarlierIva {
                code: line.iva_code,
                base,
                value,
            }),
        }
    }
    Ok(Some((earlier, sales.len())))
}

/// What a bill of the order (or of `itemIds`) would charge: the sales service's prices, and for
/// the last part of a split nota de venta the remainder of the whole (see the module comment).
pub fn price(
    conn: &mut DbConnection,
    tenant: &Tenant,
    id: i64,
    body: &PriceBody,
) -> AppResult<Priced> {
    let kind = kind_of(body.document_type.as_deref())?;
    let branch = tenant.branch(conn)?.id;
    let order = open_order(conn, tenant, branch, id)?;
    let items = OrderItem::of_orders(conn, tenant.company, &[order.id])?;
    let chosen = selection(&items, body.item_ids.as_deref())?;
    if chosen.is_empty() {
        return Err(conflict("No queda nada por cobrar en esta orden"));
    }
    let client_id = client_of(&body.client_id, &order);
    let sale_body = NoteBody {
        client_id,
        lines: Some(lines_of(&items, &chosen)),
        ..NoteBody::default()
    };
    let (_, mut priced) = note::price_body(conn, tenant, &sale_body)?;
    if kind == SaleKind::Note
        && let Some((earlier, parts)) = earlier_parts(conn, tenant.company, &items, &chosen)?
    {
        priced.take_remainder(&earlier, parts)?;
    }
    Ok(priced)
}

/// The bill's client: the one the cashier chose, else the order's (none: consumidor final).
fn client_of(chosen: &IdInput, order: &Order) -> IdInput {
    if chosen.is_null() {
        order
            .client_id
            .map_or_else(IdInput::default, IdInput::from_id)
    } else {
        chosen.clone()
    }
}

/// The bill's idempotency key, checked as a sale's.
fn bill_key(body: &BillBody) -> AppResult<String> {
    idempotency_key(&NoteBody {
        idempotency_key: body.idempotency_key.clone(),
        ..NoteBody::default()
    })
}

/// `, mesa N` for an order at a table (empty otherwise): what the sale's note adds after the
/// order's number.
fn table_suffix(conn: &mut DbConnection, company: CompanyId, order: &Order) -> AppResult<String> {
    Ok(match order.table_id {
        Some(t) => model::table_names(conn, company, &[t])?
            .pop()
            .map(|(_, n)| format!(", mesa {n}"))
            .unwrap_or_default(),
        None => String::new(),
    })
}

/// The read step of a bill, outside the writer's turn: the sale a retry already registered,
/// nothing left to bill (the write step then closes the order), or the sale of the chosen items
/// prepared by the sales service (the last part of a split bill takes the remainder).
fn plan_bill(
    conn: &mut DbConnection,
    tenant: &Tenant,
    id: i64,
    key: &str,
    kind: SaleKind,
    body: &BillBody,
) -> AppResult<Plan> {
    let branch = tenant.branch(conn)?.id;
    let order = visible(conn, tenant, branch, id)?;
    if let Some(sale) = existing(conn, tenant.company, key, kind)? {
        return Ok(Plan::Existing(Box::new(sale)));
    }
    if order.state != OPEN {
        return Err(conflict(CLOSED));
    }
    let items = OrderItem::of_orders(conn, tenant.company, &[order.id])?;
    let chosen = selection(&items, body.item_ids.as_deref())?;
    if chosen.is_empty() {
        return Ok(Plan::Close);
    }
    let lines = lines_of(&items, &chosen);
    let table = table_suffix(conn, tenant.company, &order)?;
    let client_id = client_of(&body.client_id, &order);
    let sale_body = NoteBody {
        idempotency_key: Some(key.to_string()),
        client_id,
        lines: Some(lines),
        payments: body.payments.clone(),
        note: Some(format!("Orden {}{table}", order.number)),
        additional_info: body.additional_info.clone(),
        ..NoteBody::default()
    };
    let mut prepared = note::prepare(conn, tenant, &sale_body, kind)?;
    if let Some((earlier, parts)) = earlier_parts(conn, tenant.company, &items, &chosen)? {
        prepared.take_remainder(&earlier, parts)?;
    }
    Ok(Plan::Sale(Box::new(prepared), chosen))
}

/// The refusal when the order changed between a bill's read and its write.
fn changed_meanwhile() -> AppError {
    conflict("La cuenta cambió mientras se cobraba: revise la orden y vuelva a cobrar")
}

/// The order being billed, as the write step reads it.
struct Billing<'a> {
    order: &'a Order,
    items: &'a [OrderItem],
    kind: SaleKind,
    at: NaiveDateTime,
}

/// Nothing was left to bill when read: closes the order (billed when some part was, cancelled
/// otherwise), unless items to bill appeared meanwhile.
fn close_unbilled(conn: &mut DbConnection, billing: &Billing) -> AppResult<Billed> {
    if billing.items.iter().any(billable) {
        return Err(changed_meanwhile());
    }
    let state = if billing.items.iter().any(|i| i.sale_id.is_some()) {
        BILLED
    } else {
        CANCELLED
    };
    Order::close(conn, billing.order.id, state, billing.at)?;
    Ok(Billed::Closed)
}

/// Commits the prepared sale of the `chosen` items (each still to bill), marks them billed and
/// closes the order when nothing is left. [`Billed::Existing`] when the sales service found the
/// key's sale: then nothing else is written.
fn sell_chosen(
    conn: &mut DbConnection,
    tenant: &Tenant,
    billing: &Billing,
    prepared: Prepared,
    chosen: &[i64],
) -> AppResult<Billed> {
    let (order, items) = (billing.order, billing.items);
    if !chosen
        .iter()
        .all(|c| items.iter().any(|i| i.id == *c && billable(i)))
    {
        return Err(changed_meanwhile());
    }
    let sale = match note::commit(conn, tenant, prepared)? {
        Registered::Created(sold) => sold.sale,
        Registered::Existing(sale) => return Ok(Billed::Existing(sale, billing.kind)),
    };
    if OrderItem::mark_billed(conn, tenant.company, order.id, chosen, sale.id)? != chosen.len() {
        return Err(changed_meanwhile());
    }
    let left = items
        .iter()
        .filter(|i| billable(i) && !chosen.contains(&i.id))
        .count();
    if left == 0 {
        Order::close(conn, order.id, BILLED, billing.at)?;
    }
    Ok(Billed::Created(Box::new(sale), billing.kind))
}

/// Bills the order (or the items `itemIds`) as a sales note or factura through the sales service;
/// see the module comment. Returns the order after billing and what was billed.
pub async fn bill<V: Shown>(
    db: &Database,
    tenant: &Tenant,
    id: i64,
    body: BillBody,
) -> AppResult<(V, Billed)> {
    let kind = kind_of(body.document_type.as_deref())?;
    let key = bill_key(&body)?;
    let plan_tenant = tenant.clone();
    let plan_key = key.clone();
    let plan = db
        .read(move |conn| plan_bill(conn, &plan_tenant, id, &plan_key, kind, &body))
        .await?;
    let plan = match plan {
        Plan::Existing(sale) => {
            let order_tenant = tenant.clone();
            let view = db
                .read(move |conn| {
                    let branch = order_tenant.branch(conn)?.id;
                    shown(conn, &order_tenant, branch, id)
                })
                .await?;
            return Ok((view, Billed::Existing(sale, kind)));
        }
        plan => plan,
    };
    let race_key = key.clone();
    let written = events::change(db, tenant, move |conn, tenant, branch| {
        let order = visible(conn, tenant, branch, id)?;
        if let Some(sale) = existing(conn, tenant.company, &key, kind)? {
            return Ok(Changed {
                event: None,
                order: V::show(conn, tenant, &order)?,
                extra: Billed::Existing(Box::new(sale), kind),
            });
        }
        if order.state != OPEN {
            return Err(conflict(CLOSED));
        }
        let items = OrderItem::of_orders(conn, tenant.company, &[order.id])?;
        let billing = Billing {
            order: &order,
            items: &items,
            kind,
            at: now(),
        };
        let billed = match plan {
            Plan::Close => close_unbilled(conn, &billing)?,
            Plan::Sale(prepared, chosen) => {
                let billed = sell_chosen(conn, tenant, &billing, *prepared, &chosen)?;
                if let Billed::Existing(..) = billed {
                    return Ok(Changed {
                        event: None,
                        order: V::show(conn, tenant, &order)?,
                        extra: billed,
                    });
                }
                billed
            }
            Plan::Existing(_) => return Err(changed_meanwhile()),
        };
        Ok(Changed {
            event: Some("billed"),
            order: shown(conn, tenant, branch, order.id)?,
            extra: billed,
        })
    })
    .await;
    match written {
        Ok(done) => Ok(done),
        Err(err) => {
            let again = tenant.clone();
            let (view, sale) = db
                .winner_or(err, move |conn| {
                    let Some(sale) = existing(conn, again.company, &race_key, kind)? else {
                        return Ok(None);
                    };
                    let branch = again.branch(conn)?.id;
                    Ok(Some((shown(conn, &again, branch, id)?, sale)))
                })
                .await?;
            Ok((view, Billed::Existing(Box::new(sale), kind)))
        }
    }
}

/// The list's filters: `state` (open, billed, cancelled) and `kind`.
pub fn filter_of(state: Option<String>, kind: Option<String>) -> AppResult<OrderFilter> {
    let state = state
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty());
    let kind = kind.map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
    if state
        .as_deref()
        .is_some_and(|s| ![OPEN, BILLED, CANCELLED].contains(&s))
    {
        return Err(AppError::field(
            "state",
            "El estado debe ser open, billed o cancelled",
        ));
    }
    if kind.as_deref().is_some_and(|k| !KINDS.contains(&k)) {
        return Err(AppError::field(
            "kind",
            "El tipo debe ser table, express o delivery",
        ));
    }
    Ok(OrderFilter { state, kind })
}
