//! Restaurant: order rows (queries only; the rules are in `services::restaurant`).
//!
//! Every function takes the company; the branch scopes what a user sees (orders of the branch
//! they work in). The table of an order is read here with a small query of its own (the tables
//! themselves are `table.rs`'s).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::db::schema::restaurant_tables;
use crate::db::schema::{categories, products, restaurant_order_items, restaurant_orders};
use crate::domain::states::OrderState;
use crate::models::CompanyId;

/// `restaurant_orders.state` of an order being served.
pub const OPEN: &str = OrderState::Open.as_str();
/// An order whose items are all billed (its table is free).
pub const BILLED: &str = OrderState::Billed.as_str();
/// An order closed with nothing billed (every item voided).
pub const CANCELLED: &str = OrderState::Cancelled.as_str();

/// An order row.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = restaurant_orders)]
pub struct Order {
    pub id: i64,
    pub company_id: i64,
    pub branch_office_id: i64,
    pub number: i64,
    pub kind: String,
    pub table_id: Option<i64>,
    pub client_id: Option<i64>,
    pub delivery_name: Option<String>,
    pub delivery_phone: Option<String>,
    pub delivery_address: Option<String>,
    pub delivery_reference: Option<String>,
    pub delivery_expected_at: Option<NaiveDateTime>,
    pub state: String,
    pub bill_requested: bool,
    pub rounds: i32,
    pub user_id: i64,
    pub closed_at: Option<NaiveDateTime>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// A new order.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = restaurant_orders)]
pub struct NewOrder {
    pub company_id: i64,
    pub branch_office_id: i64,
    pub number: i64,
    pub kind: String,
    pub table_id: Option<i64>,
    pub client_id: Option<i64>,
    pub delivery_name: Option<String>,
    pub delivery_phone: Option<String>,
    pub delivery_address: Option<String>,
    pub delivery_reference: Option<String>,
    pub delivery_expected_at: Option<NaiveDateTime>,
    pub state: String,
    pub user_id: i64,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// An item of an order.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = restaurant_order_items)]
pub struct OrderItem {
    pub id: i64,
    pub company_id: i64,
    pub order_id: i64,
    pub product_id: i64,
    pub name: String,
    pub quantity: i64,
    pub notes: Option<String>,
    pub modifiers: String,
    pub station: String,
    pub round: i32,
    pub state: String,
    pub void_reason: Option<String>,
    pub voided_by: Option<i64>,
    pub voided_at: Option<NaiveDateTime>,
    pub sale_id: Option<i64>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// A new item (sent to the kitchen in a round).
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = restaurant_order_items)]
pub struct NewOrderItem {
    pub company_id: i64,
    pub order_id: i64,
    pub product_id: i64,
    pub name: String,
    pub quantity: i64,
    pub notes: Option<String>,
    pub modifiers: String,
    pub station: String,
    pub round: i32,
    pub state: String,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// What a list of orders may be filtered by.
#[derive(Debug, Clone, Default)]
pub struct OrderFilter {
    pub state: Option<String>,
    pub kind: Option<String>,
}

impl Order {
    /// The order `id` of the company's branch.
    pub fn find(
        conn: &mut DbConnection,
        company: CompanyId,
        branch: i64,
        id: i64,
    ) -> QueryResult<Option<Order>> {
        restaurant_orders::table
            .filter(restaurant_orders::company_id.eq(company.get()))
            .filter(restaurant_orders::branch_office_id.eq(branch))
            .filter(restaurant_orders::id.eq(id))
            .select(Order::as_select())
            .first(conn)
            .optional()
    }

    /// The open order on table `table_id`, if any.
    pub fn open_on_table(
        conn: &mut DbConnection,
        company: CompanyId,
        table_id: i64,
    ) -> QueryResult<Option<Order>> {
        restaurant_orders::table
            .filter(restaurant_orders::company_id.eq(company.get()))
            .filter(restaurant_orders::table_id.eq(table_id))
            .filter(restaurant_orders::state.eq(OPEN))
            .select(Order::as_select())
            .first(conn)
            .optional()
    }

    /// Inserts an order; the stored row.
    pub fn insert(conn: &mut DbConnection, new: &NewOrder) -> QueryResult<Order> {
        let id: i64 = diesel::insert_into(restaurant_orders::table)
            .values(new)
            .returning(restaurant_orders::id)
            .get_result(conn)?;
        restaurant_orders::table
            .find(id)
            .select(Order::as_select())
            .first(conn)
    }

    /// One page of the branch's orders, newest first, filtered by state and kind.
    pub fn list(
        conn: &mut DbConnection,
        company: CompanyId,
        branch: i64,
        filter: &OrderFilter,
        params: &ListParams,
    ) -> QueryResult<Page<Order>> {
        let query = || {
            let mut q = restaurant_orders::table
                .filter(restaurant_orders::company_id.eq(company.get()))
                .filter(restaurant_orders::branch_office_id.eq(branch))
                .into_boxed();
            if let Some(state) = &filter.state {
                q = q.filter(restaurant_orders::state.eq(state.clone()));
            }
            if let Some(kind) = &filter.kind {
                q = q.filter(restaurant_orders::kind.eq(kind.clone()));
            }
            q
        };
        let total: i64 = query().count().get_result(conn)?;
        let results = query()
            .order(restaurant_orders::id.desc())
            .limit(params.limit)
            .offset(params.offset())
            .select(Order::as_select())
            .load(conn)?;
        Ok(Page {
            results,
            total,
            page: params.page,
            limit: params.limit,
        })
    }

    /// The orders `ids` of the company.
    pub fn find_many(
        conn: &mut DbConnection,
        company: CompanyId,
        ids: &[i64],
    ) -> QueryResult<Vec<Order>> {
        restaurant_orders::table
            .filter(restaurant_orders::company_id.eq(company.get()))
            .filter(restaurant_orders::id.eq_any(ids.to_vec()))
            .select(Order::as_select())
            .load(conn)
    }

    /// Moves the order to table `table_id`.
    pub fn set_table(conn: &mut DbConnection, id: i64, table_id: i64) -> QueryResult<usize> {
        diesel::update(restaurant_orders::table.find(id))
            .set((
                restaurant_orders::table_id.eq(Some(table_id)),
                restaurant_orders::updated_at.eq(crate::util::time::now()),
            ))
            .execute(conn)
    }

    /// Stores the number of rounds sent.
    pub fn set_rounds(conn: &mut DbConnection, id: i64, rounds: i32) -> QueryResult<usize> {
        diesel::update(restaurant_orders::table.find(id))
            .set((
                restaurant_orders::rounds.eq(rounds),
                restaurant_orders::updated_at.eq(crate::util::time::now()),
            ))
            .execute(conn)
    }

    /// Marks that the table asked for the bill.
    pub fn set_bill_requested(conn: &mut DbConnection, id: i64) -> QueryResult<usize> {
        diesel::update(restaurant_orders::table.find(id))
            .set((
                restaurant_orders::bill_requested.eq(true),
                restaurant_orders::updated_at.eq(crate::util::time::now()),
            ))
            .execute(conn)
    }

    /// Closes the order in `state` (billed or cancelled) at `at`.
    pub fn close(
        conn: &mut DbConnection,
        id: i64,
        state: &str,
        at: NaiveDateTime,
    ) -> QueryResult<usize> {
        diesel::update(restaurant_orders::table.find(id))
            .set((
                restaurant_orders::state.eq(state),
                restaurant_orders::closed_at.eq(Some(at)),
                restaurant_orders::updated_at.eq(at),
            ))
            .execute(conn)
    }

    /// The last order number of the company (0 before the first).
    pub fn last_number(conn: &mut DbConnection, company: CompanyId) -> QueryResult<i64> {
        restaurant_orders::table
            .filter(restaurant_orders::company_id.eq(company.get()))
            .select(diesel::dsl::max(restaurant_orders::number))
            .first::<Option<i64>>(conn)
            .map(|n| n.unwrap_or(0))
    }
}

impl OrderItem {
    /// The items of orders `order_ids` of the company, by order then id.
    pub fn of_orders(
        conn: &mut DbConnection,
        company: CompanyId,
        order_ids: &[i64],
    ) -> QueryResult<Vec<OrderItem>> {
        restaurant_order_items::table
            .filter(restaurant_order_items::company_id.eq(company.get()))
            .filter(restaurant_order_items::order_id.eq_any(order_ids.to_vec()))
            .order((
                restaurant_order_items::order_id.asc(),
                restaurant_order_items::id.asc(),
            ))
            .select(OrderItem::as_select())
            .load(conn)
    }

    /// Inserts a round's items.
    pub fn insert_many(conn: &mut DbConnection, items: &[NewOrderItem]) -> QueryResult<usize> {
        let mut n = 0;
        for item in items {
            n += diesel::insert_into(restaurant_order_items::table)
                .values(item)
                .execute(conn)?;
        }
        Ok(n)
    }

    /// Sets the kitchen state of item `id` of order `order_id`.
    pub fn set_state(
        conn: &mut DbConnection,
        company: CompanyId,
        order_id: i64,
        id: i64,
        state: &str,
    ) -> QueryResult<usize> {
        diesel::update(
            restaurant_order_items::table
                .filter(restaurant_order_items::company_id.eq(company.get()))
                .filter(restaurant_order_items::order_id.eq(order_id))
                .filter(restaurant_order_items::id.eq(id)),
        )
        .set((
            restaurant_order_items::state.eq(state),
            restaurant_order_items::updated_at.eq(crate::util::time::now()),
        ))
        .execute(conn)
    }

    /// Voids item `id` of order `order_id` with `reason`, by user `user_id`.
    pub fn void(
        conn: &mut DbConnection,
        company: CompanyId,
        order_id: i64,
        id: i64,
        reason: &str,
        user_id: i64,
        state: &str,
    ) -> QueryResult<usize> {
        let at = crate::util::time::now();
        diesel::update(
            restaurant_order_items::table
                .filter(restaurant_order_items::company_id.eq(company.get()))
                .filter(restaurant_order_items::order_id.eq(order_id))
                .filter(restaurant_order_items::id.eq(id)),
        )
        .set((
            restaurant_order_items::state.eq(state),
            restaurant_order_items::void_reason.eq(Some(reason)),
            restaurant_order_items::voided_by.eq(Some(user_id)),
            restaurant_order_items::voided_at.eq(Some(at)),
            restaurant_order_items::updated_at.eq(at),
        ))
        .execute(conn)
    }

    /// Marks items `ids` of order `order_id` billed by sale `sale_id`, only those not billed yet:
    /// how many were marked.
    pub fn mark_billed(
        conn: &mut DbConnection,
        company: CompanyId,
        order_id: i64,
        ids: &[i64],
        sale_id: i64,
    ) -> QueryResult<usize> {
        diesel::update(
            restaurant_order_items::table
                .filter(restaurant_order_items::company_id.eq(company.get()))
                .filter(restaurant_order_items::order_id.eq(order_id))
                .filter(restaurant_order_items::id.eq_any(ids.to_vec()))
                .filter(restaurant_order_items::sale_id.is_null()),
        )
        .set((
            restaurant_order_items::sale_id.eq(Some(sale_id)),
            restaurant_order_items::updated_at.eq(crate::util::time::now()),
        ))
        .execute(conn)
    }

    /// Splits `quantity` units off `item` (still to bill) into a new item of the same round,
    /// state, notes and modifiers; the item keeps the rest. 0 when the item changed meanwhile
    /// (billed, voided or its quantity changed), else 1.
    pub fn split(
        conn: &mut DbConnection,
        company: CompanyId,
        item: &OrderItem,
        quantity: i64,
        voided: &str,
    ) -> QueryResult<usize> {
        let at = crate::util::time::now();
        let kept = diesel::update(
            restaurant_order_items::table
                .filter(restaurant_order_items::company_id.eq(company.get()))
                .filter(restaurant_order_items::id.eq(item.id))
                .filter(restaurant_order_items::quantity.eq(item.quantity))
                .filter(restaurant_order_items::sale_id.is_null())
                .filter(restaurant_order_items::state.ne(voided)),
        )
        .set((
            restaurant_order_items::quantity.eq(item.quantity - quantity),
            restaurant_order_items::updated_at.eq(at),
        ))
        .execute(conn)?;
        if kept == 0 {
            return Ok(0);
        }
        diesel::insert_into(restaurant_order_items::table)
            .values(NewOrderItem {
                company_id: item.company_id,
                order_id: item.order_id,
                product_id: item.product_id,
                name: item.name.clone(),
                quantity,
                notes: item.notes.clone(),
                modifiers: item.modifiers.clone(),
                station: item.station.clone(),
                round: item.round,
                state: item.state.clone(),
                created_at: item.created_at,
                updated_at: at,
            })
            .execute(conn)
    }

    /// Moves the items of order `from` still to bill (not billed, not voided) to order `to`,
    /// as they are (state, round, station): how many moved.
    pub fn move_unbilled(
        conn: &mut DbConnection,
        company: CompanyId,
        from: i64,
        to: i64,
        voided: &str,
    ) -> QueryResult<usize> {
        diesel::update(
            restaurant_order_items::table
                .filter(restaurant_order_items::company_id.eq(company.get()))
                .filter(restaurant_order_items::order_id.eq(from))
                .filter(restaurant_order_items::sale_id.is_null())
                .filter(restaurant_order_items::state.ne(voided)),
        )
        .set((
            restaurant_order_items::order_id.eq(to),
            restaurant_order_items::updated_at.eq(crate::util::time::now()),
        ))
        .execute(conn)
    }

    /// The items of the branch's kitchen: of orders not cancelled, in state `states`.
    pub fn in_states(
        conn: &mut DbConnection,
        company: CompanyId,
        branch: i64,
        states: &[&str],
    ) -> QueryResult<Vec<OrderItem>> {
        let orders = restaurant_orders::table
            .filter(restaurant_orders::company_id.eq(company.get()))
            .filter(restaurant_orders::branch_office_id.eq(branch))
            .filter(restaurant_orders::state.ne(CANCELLED))
            .select(restaurant_orders::id);
        restaurant_order_items::table
            .filter(restaurant_order_items::company_id.eq(company.get()))
            .filter(
                restaurant_order_items::state
                    .eq_any(states.iter().map(|s| s.to_string()).collect::<Vec<_>>()),
            )
            .filter(restaurant_order_items::order_id.eq_any(orders))
            .order((
                restaurant_order_items::order_id.asc(),
                restaurant_order_items::id.asc(),
            ))
            .select(OrderItem::as_select())
            .load(conn)
    }
}

/// The active table `table_id` of the company's branch: `(id, name)`.
pub fn table_of_branch(
    conn: &mut DbConnection,
    company: CompanyId,
    branch: i64,
    table_id: i64,
) -> QueryResult<Option<(i64, String)>> {
    restaurant_tables::table
        .filter(restaurant_tables::company_id.eq(company.get()))
        .filter(restaurant_tables::branch_office_id.eq(branch))
        .filter(restaurant_tables::id.eq(table_id))
        .filter(restaurant_tables::active.eq(true))
        .select((restaurant_tables::id, restaurant_tables::name))
        .first(conn)
        .optional()
}

/// The names of tables `ids` of the company: `(id, name)`.
pub fn table_names(
    conn: &mut DbConnection,
    company: CompanyId,
    ids: &[i64],
) -> QueryResult<Vec<(i64, String)>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    restaurant_tables::table
        .filter(restaurant_tables::company_id.eq(company.get()))
        .filter(restaurant_tables::id.eq_any(ids.to_vec()))
        .select((restaurant_tables::id, restaurant_tables::name))
        .load(conn)
}

/// A product as an order item takes it: `(id, name, kind, active, station of its category)`.
pub type MenuProduct = (i64, String, String, bool, Option<String>);

/// The products `ids` of the company with the station of their category.
pub fn menu_products(
    conn: &mut DbConnection,
    company: CompanyId,
    ids: &[i64],
) -> QueryResult<Vec<MenuProduct>> {
    let rows: Vec<(i64, String, String, bool, Option<i64>)> = products::table
        .filter(products::company_id.eq(company.get()))
        .filter(products::id.eq_any(ids.to_vec()))
        .select((
            products::id,
            products::name,
            products::kind,
            products::active,
            products::category_id,
        ))
        .load(conn)?;
    let category_ids: Vec<i64> = rows.iter().filter_map(|r| r.4).collect();
    let stations: Vec<(i64, String)> = if category_ids.is_empty() {
        Vec::new()
    } else {
        categories::table
            .filter(categories::company_id.eq(company.get()))
            .filter(categories::id.eq_any(category_ids))
            .select((categories::id, categories::station))
            .load(conn)?
    };
    Ok(rows
        .into_iter()
        .map(|(id, name, kind, active, category)| {
            let station = category.and_then(|c| {
                stations
                    .iter()
                    .find(|(id, _)| *id == c)
                    .map(|(_, s)| s.clone())
            });
            (id, name, kind, active, station)
        })
        .collect())
}
