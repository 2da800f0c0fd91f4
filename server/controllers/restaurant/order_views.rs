//! How the restaurant's screens see orders: the order with its items and table (what every change
//! answers and its event records, [`Shown`]), a page of orders, and the kitchen's tickets. Read
//! here, from the models, so that the orders service decides and writes without building views.

use crate::auth::roles::Tenant;
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::domain::money::qty_from_micros;
use crate::error::{AppError, AppResult};
use crate::models::CompanyId;
use crate::models::restaurant::order::{self as model, Order, OrderFilter, OrderItem};
use crate::services::restaurant::events::Shown;
use crate::services::restaurant::orders::{NOT_FOUND, STATES, VOIDED, VOIDED_SHOWN_MINUTES};
use crate::util::time::{Zone, now};
use crate::views::restaurant::order::{
    KitchenItemView, KitchenTicketView, OrderView, RestaurantEventView,
};

impl Shown for OrderView {
    fn show(conn: &mut DbConnection, tenant: &Tenant, order: &Order) -> AppResult<Self> {
        view_of(conn, tenant.company, tenant.zone(), order)
    }

    fn id(&self) -> i64 {
        self.id
    }

    fn event(&self, seq: i64, kind: &str) -> AppResult<String> {
        let payload = RestaurantEventView {
            seq,
            kind: kind.into(),
            order_id: self.id,
            order: self.clone(),
        };
        serde_json::to_string(&payload)
            .map_err(|e| AppError::Internal(anyhow::anyhow!("evento: {e}")))
    }
}

/// The name of table `id` among `tables` (id, name).
fn table_name(tables: &[(i64, String)], id: Option<i64>) -> Option<String> {
    let id = id?;
    tables
        .iter()
        .find(|(t, _)| *t == id)
        .map(|(_, n)| n.clone())
}

/// The view of `order` with its items and its table's name.
fn view_of(
    conn: &mut DbConnection,
    company: CompanyId,
    zone: Zone,
    order: &Order,
) -> AppResult<OrderView> {
    let items = OrderItem::of_orders(conn, company, &[order.id])?;
    let tables = model::table_names(conn, company, order.table_id.as_slice())?;
    Ok(OrderView::of(
        order,
        &items,
        table_name(&tables, order.table_id),
        zone,
    ))
}

/// The order `id` of the user's branch.
pub fn one(conn: &mut DbConnection, tenant: &Tenant, id: i64) -> AppResult<OrderView> {
    let branch = tenant.branch(conn)?.id;
    let order = Order::find(conn, tenant.company, branch, id)?
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
    OrderView::show(conn, tenant, &order)
}

/// One page of the branch's orders, each with its items.
pub fn list(
    conn: &mut DbConnection,
    tenant: &Tenant,
    filter: &OrderFilter,
    params: &ListParams,
) -> AppResult<Page<OrderView>> {
    let branch = tenant.branch(conn)?.id;
    let page = Order::list(conn, tenant.company, branch, filter, params)?;
    let ids: Vec<i64> = page.results.iter().map(|o| o.id).collect();
    let items = OrderItem::of_orders(conn, tenant.company, &ids)?;
    let table_ids: Vec<i64> = page.results.iter().filter_map(|o| o.table_id).collect();
    let tables = model::table_names(conn, tenant.company, &table_ids)?;
    let zone = tenant.zone();
    Ok(page.map(|o| {
        let own: Vec<OrderItem> = items
            .iter()
            .filter(|i| i.order_id == o.id)
            .cloned()
            .collect();
        OrderView::of(&o, &own, table_name(&tables, o.table_id), zone)
    }))
}

/// The kitchen's tickets: per order and round, the items not delivered yet (voided ones with
/// their reason), of `station` when given. A round whose items are all delivered leaves the
/// screen; one whose items were voided stays [`VOIDED_SHOWN_MINUTES`] so the kitchen sees it.
pub fn kitchen(
    conn: &mut DbConnection,
    tenant: &Tenant,
    station: Option<&str>,
) -> AppResult<Vec<KitchenTicketView>> {
    let branch = tenant.branch(conn)?.id;
    let mut states: Vec<&str> = STATES[..3].to_vec();
    states.push(VOIDED);
    let items: Vec<OrderItem> = OrderItem::in_states(conn, tenant.company, branch, &states)?
        .into_iter()
        .filter(|i| station.is_none_or(|s| i.station == s))
        .collect();
    let recent = now() - chrono::Duration::minutes(VOIDED_SHOWN_MINUTES);
    let mut order_ids: Vec<i64> = items.iter().map(|i| i.order_id).collect();
    order_ids.dedup();
    let orders = Order::find_many(conn, tenant.company, &order_ids)?;
    let table_ids: Vec<i64> = orders.iter().filter_map(|o| o.table_id).collect();
    let tables = model::table_names(conn, tenant.company, &table_ids)?;
    let zone = tenant.zone();
    let mut tickets: Vec<KitchenTicketView> = Vec::new();
    let mut keys: Vec<(i64, i32)> = items.iter().map(|i| (i.order_id, i.round)).collect();
    keys.dedup();
    for (order_id, round) in keys {
        let Some(order) = orders.iter().find(|o| o.id == order_id) else {
            continue;
        };
        let own: Vec<&OrderItem> = items
            .iter()
            .filter(|i| i.order_id == order_id && i.round == round)
            .collect();
        let live = own.iter().any(|i| i.state != VOIDED)
            || own.iter().any(|i| i.voided_at.is_some_and(|t| t >= recent));
        if !live {
            continue;
        }
        tickets.push(KitchenTicketView {
            order_id,
            number: order.number,
            table: table_name(&tables, order.table_id),
            kind: order.kind.clone(),
            round,
            sent_at: own
                .iter()
                .map(|i| i.created_at)
                .min()
                .map(|t| zone.iso(t))
                .unwrap_or_default(),
            items: own.iter().map(|i| kitchen_item(i)).collect(),
        });
    }
    tickets.sort_by(|a, b| a.sent_at.cmp(&b.sent_at).then(a.order_id.cmp(&b.order_id)));
    Ok(tickets)
}

/// An item on a kitchen ticket.
fn kitchen_item(item: &OrderItem) -> KitchenItemView {
    KitchenItemView {
        id: item.id,
        name: item.name.clone(),
        quantity: qty_from_micros(item.quantity).to_string(),
        notes: item.notes.clone(),
        modifiers: serde_json::from_str(&item.modifiers).unwrap_or_default(),
        state: item.state.clone(),
        station: item.station.clone(),
        void_reason: item.void_reason.clone(),
    }
}
