//! The product search's backend-specific parts. On SQLite a trigram index (the FTS5 table
//! `products_fts`, kept by triggers) finds the candidates of a search ([`candidates`]), which
//! the list then reads by id ([`id_among`], [`company_unindexed`]); PostgreSQL matches with the
//! list's plain `LIKE` (through its `pg_trgm` index where the extension is available), so
//! [`candidates`] answers `None` there. [`refresh_after_import`] readies both after a bulk
//! import.

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Text};

use super::schema::products;
use super::{DbBackend, DbConnection};

/// Most products a search may match for the list to go through the trigram index. Each match
/// costs a lookup by id, a few times what checking one entry of the `(company_id, search_text)`
/// index costs, so a term found nearly everywhere ("producto") is faster matched by walking that
/// index.
const INDEXED_MATCHES_MAX: usize = 20_000;

/// How many matches of one trigram [`candidates`] counts at most to tell a rare trigram from
/// a common one (a probe reads at most this many entries of the index).
const TRIGRAM_PROBE_MAX: i64 = 5_000;

/// The products whose search text may hold `term` (already folded), found through the trigram
/// index when that is worth it: on SQLite, for a term of at least 3 characters (the index is of
/// trigrams) with at most [`INDEXED_MATCHES_MAX`] candidates. `None`: match by `LIKE`. The
/// candidates are a superset: the list keeps only those whose search text holds the term.
///
/// A phrase query over all the term's trigrams reads the whole list of every trigram in it, and
/// in a catalogue where every name says "marca" the lists of "mar", "arc"… hold every product.
/// So each trigram is counted first, up to [`TRIGRAM_PROBE_MAX`], and the candidates are the
/// products holding the two rarest; only when even the rarest is common does the phrase run.
///
/// The ids are of every company (a SQLite file holds one shop, seldom more): checking the company
/// here would read each candidate once more, and the list reads them anyway.
pub fn candidates(conn: &mut DbConnection, term: &str) -> QueryResult<Option<Vec<i64>>> {
    if !matches!(conn, DbConnection::Sqlite(_)) || term.chars().count() < 3 {
        return Ok(None);
    }
    let chars: Vec<char> = term.chars().collect();
    let mut trigrams: Vec<String> = chars.windows(3).map(|w| w.iter().collect()).collect();
    trigrams.sort_unstable();
    trigrams.dedup();
    let mut counted = Vec::with_capacity(trigrams.len());
    for trigram in trigrams.iter().take(16) {
        if common_trigrams::known(trigram) {
            counted.push((TRIGRAM_PROBE_MAX, trigram));
            continue;
        }
        let found = diesel::sql_query(
            "SELECT count(*) AS id FROM \
             (SELECT 1 FROM products_fts WHERE search_text MATCH ? LIMIT ?)",
        )
        .bind::<Text, _>(fts_phrase(trigram))
        .bind::<BigInt, _>(TRIGRAM_PROBE_MAX)
        .get_result::<MatchedId>(conn)?
        .id;
        if found == 0 {
            return Ok(Some(Vec::new()));
        }
        if found >= TRIGRAM_PROBE_MAX {
            common_trigrams::remember(trigram);
        }
        counted.push((found, trigram));
    }
    counted.sort_unstable();
    // The index moves through the rarest trigram's list and skips ahead in the other's.
    let query = match counted.as_slice() {
        [(n, rarest), (_, second), ..] if *n < TRIGRAM_PROBE_MAX => {
            format!("{} AND {}", fts_phrase(rarest), fts_phrase(second))
        }
        [(n, rarest)] if *n < TRIGRAM_PROBE_MAX => fts_phrase(rarest),
        _ => fts_phrase(term),
    };
    let ids: Vec<i64> =
        diesel::sql_query("SELECT rowid AS id FROM products_fts WHERE search_text MATCH ? LIMIT ?")
            .bind::<Text, _>(query)
            .bind::<BigInt, _>(INDEXED_MATCHES_MAX as i64 + 1)
            .load::<MatchedId>(conn)?
            .into_iter()
            .map(|m| m.id)
            .collect();
    Ok((ids.len() <= INDEXED_MATCHES_MAX).then_some(ids))
}

/// The trigrams a probe found in at least [`TRIGRAM_PROBE_MAX`] products, so that later
/// searches skip their probes, the dearest ones (each reads that many entries of the index):
/// "mar", "pro", "cto" come up in most searches of a catalogue that says "marca" and "producto"
/// everywhere. One set for the process, whatever the database: a trigram wrongly held common
/// (of another file, or rare since) is only left out of the candidates' query, which is then
/// less selective but still finds every product holding the term.
mod common_trigrams {
    use std::collections::BTreeSet;
    use std::sync::Mutex;

    /// Bound of the set; past it, it starts over.
    const MAX: usize = 10_000;
    static COMMON: Mutex<BTreeSet<String>> = Mutex::new(BTreeSet::new());

    pub fn known(trigram: &str) -> bool {
        COMMON.lock().is_ok_and(|set| set.contains(trigram))
    }

    pub fn remember(trigram: &str) {
        if let Ok(mut set) = COMMON.lock() {
            if set.len() >= MAX {
                set.clear();
            }
            set.insert(trigram.to_string());
        }
    }
}

/// `text` as an FTS5 phrase: quoted, which the trigram tokenizer matches as a substring.
fn fts_phrase(text: &str) -> String {
    format!("\"{}\"", text.replace('"', "\"\""))
}

/// `products.id` among `ids`, as one JSON array bound to one placeholder (SQLite): an `IN` list
/// of a thousand placeholders took longer to build and prepare than to run.
pub fn id_among(
    ids: &[i64],
) -> Box<dyn BoxableExpression<products::table, DbBackend, SqlType = Bool>> {
    let list = serde_json::to_string(ids).unwrap_or_else(|_| "[]".into());
    Box::new(
        diesel::dsl::sql::<Bool>("products.id IN (SELECT value FROM json_each(")
            .bind::<Text, _>(list)
            .sql("))"),
    )
}

/// The company condition of a list whose products are found by id ([`id_among`]), written so
/// that SQLite cannot use an index for it (the unary `+`): with the plain condition it walked all
/// the company's products through the `company_id` index and tested each against the ids.
pub fn company_unindexed(
    company: i64,
) -> Box<dyn BoxableExpression<products::table, DbBackend, SqlType = Bool>> {
    Box::new(diesel::dsl::sql::<Bool>("+products.company_id = ").bind::<BigInt, _>(company))
}

/// Readies the search for a catalogue a bulk import has just changed. SQLite: merges the
/// trigram index into one segment (every insert adds a small segment and FTS5 merges them only
/// little by little, so right after 100,000 inserts a search walks dozens of segments).
/// Both backends refresh the planner's statistics (SQLite all of them, sampled as its
/// `analysis_limit` allows; PostgreSQL those of the tables the import wrote): planned with the
/// figures of an empty catalogue, PostgreSQL's search took 108 ms instead of 12 on 100,000
/// products, and SQLite, with no figures at all, read every product of the company to find ten
/// by id (autovacuum, where it runs at all, gets to it only later).
pub fn refresh_after_import(conn: &mut DbConnection) -> QueryResult<()> {
    use diesel::connection::SimpleConnection;
    match conn {
        DbConnection::Sqlite(c) => {
            c.batch_execute("INSERT INTO products_fts (products_fts) VALUES ('optimize'); ANALYZE;")
        }
        DbConnection::Postgres(c) => {
            c.batch_execute("ANALYZE products, product_barcodes, stocks, kardex, categories")
        }
    }
}

#[derive(QueryableByName)]
struct MatchedId {
    #[diesel(sql_type = BigInt)]
    id: i64,
}
