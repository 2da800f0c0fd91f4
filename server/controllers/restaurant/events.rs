//! `GET /api/restaurant/events`: the live events of the user's company and branch as
//! Server-Sent Events (admin and user). Every event is `id: <seq>` and `data: <json>`
//! ([`crate::views::restaurant::order::RestaurantEventView`]); a client resumes with the
//! `Last-Event-ID` header (what `EventSource` sends when it reconnects) or `?after=<seq>`, and
//! first receives what it missed, read from the database, then the live ones. Without either it
//! receives the events from now on.
//!
//! The stream holds no database connection while it waits: it is woken by the process's hub
//! ([`crate::db::notify`]) — PostgreSQL's notifications from any app server, SQLite's wake after
//! the commit and poll — and then asks for the events after the last one it sent, which the
//! server's streams share one read of ([`crate::services::restaurant::feed`]). A `ping` event
//! every 15 s keeps proxies from closing it and tells the screen the connection is alive: a
//! screen that hears nothing for a while reconnects (a Wi-Fi that dropped silently leaves a
//! connection that never errors).

use std::collections::VecDeque;
use std::convert::Infallible;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use axum::Extension;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use futures_util::Stream;
use serde::Deserialize;
use tokio::sync::{broadcast, watch};

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::db::notify;
use crate::error::{AppError, AppResult};
use crate::http::form::QueryParams;
use crate::models::restaurant::event::Event;
use crate::services::restaurant::feed::EventFeed;

/// Keep-alive `ping` interval (the screens' watchdog allows a bit more than twice this).
const KEEP_ALIVE: Duration = Duration::from_secs(15);
/// Longest wait without a wake before the stream looks at the table anyway (a listener that
/// lost its connection reconnects and wakes everyone; this bounds the worst case).
const RECHECK: Duration = Duration::from_secs(15);
/// How soon a browser reconnects after the stream drops (`retry:`).
const RETRY: Duration = Duration::from_secs(1);

/// `?after=<seq>`.
#[derive(Debug, Deserialize)]
pub struct EventsQuery {
    pub after: Option<String>,
}

/// Set when the server shuts down: open streams end so the graceful shutdown does not wait for
/// them (their clients reconnect to another server, or to this one once it is back).
fn closing() -> &'static watch::Sender<bool> {
    static CLOSING: OnceLock<watch::Sender<bool>> = OnceLock::new();
    CLOSING.get_or_init(|| watch::channel(false).0)
}

/// Ends every open stream of this process (called when the server shuts down).
pub fn close_streams() {
    closing().send_replace(true);
}

/// A sequence from the header or the query: a non-negative integer.
fn sequence(raw: &str) -> AppResult<i64> {
    raw.trim()
        .parse::<i64>()
        .ok()
        .filter(|n| *n >= 0)
        .ok_or_else(|| {
            AppError::field(
                "after",
                "La secuencia debe ser un número entero no negativo",
            )
        })
}

/// What a stream keeps between events.
struct Feed {
    state: AppState,
    /// This server's copy of the recent events, shared by its streams (an extension the router
    /// adds, so that the app's state does not name the restaurant).
    tails: Arc<EventFeed>,
    tenant: Tenant,
    branch: i64,
    company: i64,
    /// Every event of the branch up to this sequence was read (sent or pending).
    last: i64,
    /// When the wake (or the recheck) that the next read answers was received.
    woke: Instant,
    pending: VecDeque<Event>,
    wakes: broadcast::Receiver<i64>,
    closing: watch::Receiver<bool>,
    started: bool,
}

impl Feed {
    /// The next event to send, or `None` when the stream ends (server closing, database gone).
    async fn next(&mut self) -> Option<SseEvent> {
        if !self.started {
            self.started = true;
            return Some(SseEvent::default().comment("conectado").retry(RETRY));
        }
        loop {
            if *self.closing.borrow() {
                return None;
            }
            if let Some(e) = self.pending.pop_front() {
                return Some(SseEvent::default().id(e.seq.to_string()).data(e.payload));
            }
            let read = self
                .tails
                .after(
                    &self.state.db,
                    &self.tenant,
                    self.branch,
                    self.last,
                    self.woke,
                )
                .await;
            match read {
                Ok(read) => {
                    self.last = self.last.max(read.through);
                    if !read.events.is_empty() {
                        self.pending.extend(read.events);
                        continue;
                    }
                }
                Err(err) => {
                    tracing::warn!(%err, "eventos del restaurante: lectura fallida, se cierra el flujo");
                    return None;
                }
            }
            if !self.wait().await {
                return None;
            }
        }
    }

    /// Waits for a wake of this company (or of all), the recheck interval, or the server
    /// closing (`false`). Wakes queued meanwhile are taken together: one read serves them all.
    async fn wait(&mut self) -> bool {
        let deadline = tokio::time::sleep(RECHECK);
        tokio::pin!(deadline);
        loop {
            tokio::select! {
                woke = self.wakes.recv() => match woke {
                    Ok(c) if c == self.company || c == notify::ALL => break,
                    Ok(_) => continue,
                    Err(broadcast::error::RecvError::Lagged(_)) => break,
                    Err(broadcast::error::RecvError::Closed) => return false,
                },
                () = &mut deadline => break,
                _ = self.closing.changed() => return false,
            }
        }
        while self.wakes.try_recv().is_ok() {}
        self.woke = Instant::now();
        true
    }
}

/// `GET /api/restaurant/events`: see the module comment.
pub async fn events(
    State(state): State<AppState>,
    Extension(tails): Extension<Arc<EventFeed>>,
    CurrentUser(auth): CurrentUser,
    headers: HeaderMap,
    QueryParams(query): QueryParams<EventsQuery>,
) -> AppResult<(
    [(&'static str, &'static str); 2],
    Sse<impl Stream<Item = Result<SseEvent, Infallible>>>,
)> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let header = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .filter(|v| !v.trim().is_empty());
    let after = match (
        header,
        query.after.as_deref().filter(|v| !v.trim().is_empty()),
    ) {
        (Some(h), _) => Some(sequence(h)?),
        (None, Some(q)) => Some(sequence(q)?),
        (None, None) => None,
    };
    // Subscribed before reading where to start: a commit in between wakes this stream.
    let wakes = state.db.events().subscribe();
    let start = tenant.clone();
    let (branch, last) = state
        .db
        .run(move |conn| {
            let branch = start.branch(conn)?.id;
            let last = match after {
                Some(seq) => seq,
                None => Event::last_seq(conn, start.company)?,
            };
            Ok((branch, last))
        })
        .await?;
    let feed = Feed {
        state: state.clone(),
        tails,
        company: tenant.company.get(),
        tenant,
        branch,
        last,
        woke: Instant::now(),
        pending: VecDeque::new(),
        wakes,
        closing: closing().subscribe(),
        started: false,
    };
    let stream = futures_util::stream::unfold(feed, |mut feed| async move {
        feed.next().await.map(|e| (Ok(e), feed))
    });
    // A proxy (nginx) passes each event on as it comes instead of buffering the stream; and,
    // like every API answer, nothing of it is stored (the SSE default is only `no-cache`).
    Ok((
        [("x-accel-buffering", "no"), ("cache-control", "no-store")],
        Sse::new(stream).keep_alive(
            KeepAlive::new()
                .interval(KEEP_ALIVE)
                .event(SseEvent::default().event("ping").data("")),
        ),
    ))
}
