//! This server's recent restaurant events, read once per wake for all of its open streams.
//!
//! Without it, every open kitchen or floor screen (an SSE stream) read `restaurant_events` on
//! every wake: 25 screens on a server and 40 events a second cost 1,000 queries a second for the
//! same rows. A [`Tail`] per company and branch keeps the events it read last; a stream that was
//! woken at instant `w` asks the tail for what came after its last sequence, and the tail reads
//! the table only if its last read started before `w` — a read that started after the wake sees
//! what the wake announced, because a wake is sent after the commit (PostgreSQL delivers its
//! notification at commit; SQLite's writer wakes after it). Streams woken together queue on the
//! tail's lock, and the first one's read serves the rest.
//!
//! Why a per-server copy is safe: the table stays the only source. A company's events commit in
//! sequence order (their transaction holds the company's event counter), so a read that returned
//! events up to sequence `n` saw every event of the branch up to `n`, and the tail holds, without
//! gaps, every event of the branch after its `floor` up to its `through`. A stream behind the
//! floor (it resumes from an old sequence) reads the table itself. Nothing here is needed by
//! another server: one without the tail reads the same rows.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use crate::auth::roles::Tenant;
use crate::db::Database;
use crate::error::AppResult;
use crate::models::restaurant::event::Event;
use crate::services::restaurant::events;

/// Most events a tail keeps (the newest).
const KEEP: usize = 1024;

/// The events of one company's branch this server read last. It starts at the company's last
/// sequence read from the table (never at a sequence a client sent: a made-up `after` must not
/// move the tail that every screen of the branch reads).
#[derive(Debug, Default)]
struct Tail {
    /// `false` until the first read of the company's last sequence.
    started: bool,
    /// Every event of the branch with `floor < seq <= through`, in order.
    events: VecDeque<Event>,
    floor: i64,
    through: i64,
    /// When the last read that reached the end of the table started (`None`: never, or the last
    /// read filled a whole batch and there may be more).
    read_at: Option<Instant>,
}

/// A tail shared by the streams of its branch; a stream holds its lock while it reads.
type SharedTail = Arc<tokio::sync::Mutex<Tail>>;

/// The tails of this server, by (company, branch).
#[derive(Debug, Default)]
pub struct EventFeed {
    tails: Mutex<HashMap<(i64, i64), SharedTail>>,
}

/// What a stream reads: the events to send, and the sequence up to which it has then seen every
/// event of its branch (where its next read starts; past its last event when the events in
/// between were other branches').
#[derive(Debug)]
pub struct Read {
    pub events: Vec<Event>,
    pub through: i64,
}

impl EventFeed {
    /// The branch's events after sequence `last` (at most [`events::BATCH`]), as of a wake
    /// received at `woke`: from the tail when its last read started after `woke`, else after one
    /// read of the table (shared with the streams waiting meanwhile).
    pub async fn after(
        &self,
        db: &Database,
        tenant: &Tenant,
        branch: i64,
        last: i64,
        woke: Instant,
    ) -> AppResult<Read> {
        let key = (tenant.company.get(), branch);
        let tail = {
            let mut tails = self.tails.lock().unwrap_or_else(|e| e.into_inner());
            tails.entry(key).or_default().clone()
        };
        let mut tail = tail.lock().await;
        if !tail.started {
            let company = tenant.company;
            let seq = db
                .run(move |conn| Ok(Event::last_seq(conn, company)?))
                .await?;
            (tail.floor, tail.through, tail.started) = (seq, seq, true);
        }
        if last < tail.floor {
            // Behind what the tail holds: this stream reads its own way up. A read that did not
            // fill a batch saw every event up to now, so at least up to the tail's floor.
            let tenant = tenant.clone();
            let events = db
                .run(move |conn| events::after(conn, &tenant, branch, last))
                .await?;
            let newest = events.last().map_or(last, |e| e.seq);
            let through = if (events.len() as i64) < events::BATCH {
                newest.max(tail.floor)
            } else {
                newest
            };
            return Ok(Read { events, through });
        }
        if tail.read_at.is_none_or(|at| at < woke) {
            let started = Instant::now();
            let (tenant, through) = (tenant.clone(), tail.through);
            let read = db
                .run(move |conn| events::after(conn, &tenant, branch, through))
                .await?;
            let full = read.len() as i64 >= events::BATCH;
            if let Some(newest) = read.last() {
                tail.through = newest.seq;
            }
            tail.events.extend(read);
            while tail.events.len() > KEEP {
                if let Some(old) = tail.events.pop_front() {
                    tail.floor = old.seq;
                }
            }
            tail.read_at = (!full).then_some(started);
        }
        let events: Vec<Event> = tail
            .events
            .iter()
            .filter(|e| e.seq > last)
            .take(events::BATCH as usize)
            .cloned()
            .collect();
        let through = if events.len() as i64 >= events::BATCH {
            events.last().map_or(last, |e| e.seq)
        } else {
            last.max(tail.through)
        };
        Ok(Read { events, through })
    }
}
