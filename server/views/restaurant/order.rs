//! Restaurant views: an order with its items, the kitchen's tickets, a bill's answer and the
//! events the live screens receive.

use serde::Serialize;
use ts_rs::TS;

use crate::domain::money::qty_from_micros;
use crate::domain::states::{ItemState, OrderState};
use crate::models::restaurant::order::{Order, OrderItem};
use crate::util::time::Zone;

/// An item of an order.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct OrderItemView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub product_id: i64,
    pub name: String,
    /// Decimal text.
    pub quantity: String,
    pub notes: Option<String>,
    pub modifiers: Vec<String>,
    /// Kitchen station (`cocina`, `bar`…): its product's category's.
    pub station: String,
    pub round: i32,
    /// `pendiente`, `preparando`, `listo`, `entregado` or `anulado`.
    #[ts(as = "ItemState")]
    pub state: String,
    pub void_reason: Option<String>,
    /// The sale that billed it (`null` while unbilled).
    pub sale_id: Option<i64>,
    pub sent_at: String,
}

impl OrderItemView {
    /// The view of an item, its time in `zone`.
    pub fn of(item: &OrderItem, zone: Zone) -> OrderItemView {
        OrderItemView {
            id: item.id,
            product_id: item.product_id,
            name: item.name.clone(),
            quantity: qty_from_micros(item.quantity).to_string(),
            notes: item.notes.clone(),
            modifiers: serde_json::from_str(&item.modifiers).unwrap_or_default(),
            station: item.station.clone(),
            round: item.round,
            state: item.state.clone(),
            void_reason: item.void_reason.clone(),
            sale_id: item.sale_id,
            sent_at: zone.iso(item.created_at),
        }
    }
}

/// Where a delivery goes.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryView {
    pub name: String,
    pub phone: String,
    pub address: String,
    pub reference: String,
    pub expected_at: Option<String>,
}

/// An order with its items.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct OrderView {
    #[serde(rename = "_id")]
    pub id: i64,
    /// The number called at the counter (per company).
    pub number: i64,
    /// `table`, `express` or `delivery`.
    #[ts(type = "\"table\" | \"express\" | \"delivery\"")]
    pub kind: String,
    pub table_id: Option<i64>,
    pub table_name: Option<String>,
    pub client_id: Option<i64>,
    pub delivery: Option<DeliveryView>,
    /// `open`, `billed` or `cancelled`.
    #[ts(as = "OrderState")]
    pub state: String,
    pub bill_requested: bool,
    pub rounds: i32,
    pub opened_at: String,
    pub closed_at: Option<String>,
    /// Items not billed yet and not voided.
    pub to_bill: usize,
    pub items: Vec<OrderItemView>,
}

impl OrderView {
    /// The view of an order with its items and table name, times in `zone`.
    pub fn of(
        order: &Order,
        items: &[OrderItem],
        table_name: Option<String>,
        zone: Zone,
    ) -> OrderView {
        let delivery = order.delivery_name.as_ref().map(|name| DeliveryView {
            name: name.clone(),
            phone: order.delivery_phone.clone().unwrap_or_default(),
            address: order.delivery_address.clone().unwrap_or_default(),
            reference: order.delivery_reference.clone().unwrap_or_default(),
            expected_at: order.delivery_expected_at.map(|t| zone.iso(t)),
        });
        OrderView {
            id: order.id,
            number: order.number,
            kind: order.kind.clone(),
            table_id: order.table_id,
            table_name,
            client_id: order.client_id,
            delivery,
            state: order.state.clone(),
            bill_requested: order.bill_requested,
            rounds: order.rounds,
            opened_at: zone.iso(order.created_at),
            closed_at: order.closed_at.map(|t| zone.iso(t)),
            to_bill: items
                .iter()
                .filter(|i| i.sale_id.is_none() && i.state != ItemState::Anulado.as_str())
                .count(),
            items: items.iter().map(|i| OrderItemView::of(i, zone)).collect(),
        }
    }
}

/// An item on a kitchen ticket.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct KitchenItemView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub name: String,
    pub quantity: String,
    pub notes: Option<String>,
    pub modifiers: Vec<String>,
    /// As [`OrderItemView`]'s.
    #[ts(as = "ItemState")]
    pub state: String,
    pub station: String,
    pub void_reason: Option<String>,
}

/// A kitchen ticket: one round of one order.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct KitchenTicketView {
    pub order_id: i64,
    pub number: i64,
    /// The table's name (`null` for express and delivery orders).
    pub table: Option<String>,
    /// `table`, `express` or `delivery`.
    #[ts(type = "\"table\" | \"express\" | \"delivery\"")]
    pub kind: String,
    pub round: i32,
    pub sent_at: String,
    pub items: Vec<KitchenItemView>,
}

/// `POST /api/restaurant/order/{id}/bill`: the order after billing and the sale (the sales
/// note's view, or the factura's with its SRI state); `null` when nothing was left to bill and
/// the order was closed.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BillView {
    pub order: OrderView,
    #[ts(type = "SaleView | InvoiceView | null")]
    pub sale: serde_json::Value,
}

/// What an event of `GET /api/restaurant/events` carries in its `data:` line.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RestaurantEventView {
    pub seq: i64,
    /// `opened`, `items`, `state`, `void`, `move`, `joined`, `billRequested` or `billed`.
    #[serde(rename = "type")]
    pub kind: String,
    pub order_id: i64,
    pub order: OrderView,
}
