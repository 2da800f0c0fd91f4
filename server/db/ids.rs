//! Ids of rows a write transaction is about to insert, taken before the inserts, so that rows that
//! reference each other (a sale, its lines, their kardex rows and payments) can go to the
//! database together in one [`super::batch::Batch`] instead of each insert waiting for the id of
//! the one it references.
//!
//! On PostgreSQL they come from the identity column's sequence (`nextval`: never handed out
//! twice; a rollback loses them, as it loses an insert's own), all tables in one statement. On
//! SQLite they follow the table's AUTOINCREMENT counter (`sqlite_sequence`), read inside the
//! writer's transaction, which holds the whole database: nothing else can take them before the
//! insert, and the insert moves the counter past them. So on SQLite an id is only reserved until
//! the transaction inserts it: take a table's ids once per write and insert every one of them.

use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Text};

use super::DbConnection;
use super::native::kept;

#[derive(QueryableByName)]
struct Taken {
    #[diesel(sql_type = BigInt)]
    slot: i64,
    #[diesel(sql_type = BigInt)]
    id: i64,
}

#[derive(QueryableByName)]
struct Counter {
    #[diesel(sql_type = BigInt)]
    seq: i64,
}

/// `n` new ids for each `(table, n)` of `wanted` (tables whose `id` is their identity or
/// AUTOINCREMENT key), in the order asked.
pub fn reserve(
    conn: &mut DbConnection,
    wanted: &[(&'static str, usize)],
) -> QueryResult<Vec<Vec<i64>>> {
    let mut ids: Vec<Vec<i64>> = wanted.iter().map(|(_, n)| Vec::with_capacity(*n)).collect();
    match conn {
        DbConnection::Postgres(pg) => {
            let tables: Vec<String> = wanted.iter().map(|(t, _)| (*t).to_string()).collect();
            let counts: Vec<i64> = wanted
                .iter()
                .map(|(_, n)| i64::try_from(*n).unwrap_or(i64::MAX))
                .collect();
            let taken: Vec<Taken> = kept(
                diesel::sql_query(
                    "SELECT k.i - 1 AS slot, nextval(pg_get_serial_sequence(k.t, 'id')) AS id \
                     FROM unnest($1::text[], $2::int8[]) WITH ORDINALITY AS k (t, n, i) \
                     CROSS JOIN LATERAL generate_series(1, k.n)",
                )
                .bind::<Array<Text>, _>(tables)
                .bind::<Array<BigInt>, _>(counts),
            )
            .load(pg)?;
            for t in taken {
                if let Some(list) = usize::try_from(t.slot).ok().and_then(|i| ids.get_mut(i)) {
                    list.push(t.id);
                }
            }
        }
        DbConnection::Sqlite(lite) => {
            for ((table, n), list) in wanted.iter().zip(ids.iter_mut()) {
                let last = kept(
                    diesel::sql_query("SELECT seq FROM sqlite_sequence WHERE name = ?")
                        .bind::<Text, _>(*table),
                )
                .get_result::<Counter>(lite)
                .optional()?
                .map_or(0, |c| c.seq);
                let n = i64::try_from(*n).unwrap_or(i64::MAX);
                list.extend((1..=n).map(|k| last + k));
            }
        }
    }
    Ok(ids)
}
