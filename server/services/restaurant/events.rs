//! Restaurant: the events kitchen and floor screens follow.
//!
//! Every change to an order is one write transaction that starts by locking the company's event
//! counter (`CompanyDoc::RestaurantEvent`), makes its change, and inserts one `restaurant_events`
//! row per order it changed (one, or two when tables are joined) with the next sequence and the
//! order as the screens show it ([`Shown`], given by the controllers: this service builds no
//! view) — so a company's events commit in
//! sequence order and a screen that asks for what came after sequence N misses nothing. The same
//! transaction sends the PostgreSQL notification (delivered at commit to every app server); on
//! SQLite the process's streams are woken after the commit ([`change`]). Restaurant writes of a
//! company queue on that counter; lock order: the event counter, then (billing) the sale's
//! emission point counter, stock and the cash shift, as a sale takes them.

use crate::auth::roles::Tenant;
use crate::db::{Database, DbConnection, notify};
use crate::error::AppResult;
use crate::models::restaurant::event::{Event, NewEvent};
use crate::models::restaurant::order::Order;
use crate::services::sales::sequence::{self, CompanyDoc};
use crate::util::time::now;

/// Most events one read of the stream sends at once.
pub const BATCH: i64 = 200;

/// How the screens see an order: what a change answers and what its event records, read in the
/// change's own transaction. The controllers implement it with their view of the order.
pub trait Shown: Send + Sized + 'static {
    /// `order` as it is shown (its items and table read now).
    fn show(conn: &mut DbConnection, tenant: &Tenant, order: &Order) -> AppResult<Self>;
    /// The order's id.
    fn id(&self) -> i64;
    /// The event's payload (JSON): the order as shown, with the event's sequence and type.
    fn event(&self, seq: i64, kind: &str) -> AppResult<String>;
}

/// What a change did: the order it changed (as shown, recorded in the event) and the event's
/// type; `None` when nothing changed (no event: e.g. a bill retried with its key).
pub struct Changed<V, R> {
    pub event: Option<&'static str>,
    pub order: V,
    pub extra: R,
}

/// Runs `f` in one write transaction under the company's event counter and records the event it
/// names; wakes this process's streams after the commit. `f` receives the user's branch id.
pub async fn change<V, R, F>(db: &Database, tenant: &Tenant, f: F) -> AppResult<(V, R)>
where
    V: Shown,
    R: Send + 'static,
    F: FnOnce(&mut DbConnection, &Tenant, i64) -> AppResult<Changed<V, R>> + Send + 'static,
{
    change_also(db, tenant, move |conn, tenant, branch| {
        Ok((f(conn, tenant, branch)?, Vec::new()))
    })
    .await
}

/// [`change`] of a write that also changed other orders (joining tables closes one): `f` answers
/// the main change and, for each other order, its event type and how it is shown. Each gets its
/// own event, the others' first, all in the one transaction.
pub async fn change_also<V, R, F>(db: &Database, tenant: &Tenant, f: F) -> AppResult<(V, R)>
where
    V: Shown,
    R: Send + 'static,
    F: FnOnce(
            &mut DbConnection,
            &Tenant,
            i64,
        ) -> AppResult<(Changed<V, R>, Vec<(&'static str, V)>)>
        + Send
        + 'static,
{
    let tenant = tenant.clone();
    let company = tenant.company;
    let (changed, recorded) = db
        .write(move |conn| {
            let mut counter =
                sequence::lock_company(conn, tenant.company, CompanyDoc::RestaurantEvent)?;
            let branch = tenant.branch(conn)?.id;
            let (changed, others) = f(conn, &tenant, branch)?;
            let Some(kind) = changed.event else {
                return Ok((changed, false));
            };
            for (other_kind, order) in others {
                record(conn, &tenant, branch, &mut counter, other_kind, &order)?;
            }
            record(conn, &tenant, branch, &mut counter, kind, &changed.order)?;
            notify::in_transaction(conn, tenant.company.get())?;
            Ok((changed, true))
        })
        .await?;
    if recorded {
        db.wake_events(company.get());
    }
    Ok((changed.order, changed.extra))
}

/// Inserts the next event of the company: `kind` of `order`.
fn record(
    conn: &mut DbConnection,
    tenant: &Tenant,
    branch: i64,
    counter: &mut sequence::CompanyCounter,
    kind: &str,
    order: &impl Shown,
) -> AppResult<()> {
    let seq = sequence::advance_company(conn, counter)?;
    let order_id = order.id();
    let payload = order.event(seq, kind)?;
    Event::insert(
        conn,
        &NewEvent {
            company_id: tenant.company.get(),
            branch_office_id: branch,
            seq,
            order_id: Some(order_id),
            kind: kind.into(),
            payload,
            created_at: now(),
        },
    )?;
    Ok(())
}

/// The events of the user's branch after sequence `after` (at most [`BATCH`]).
pub fn after(
    conn: &mut DbConnection,
    tenant: &Tenant,
    branch: i64,
    after: i64,
) -> AppResult<Vec<Event>> {
    Ok(Event::after(conn, tenant.company, branch, after, BATCH)?)
}
