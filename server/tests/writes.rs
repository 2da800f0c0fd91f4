//! `Database::write`: each write lands whole or not at all, also when SQLite's writer commits many
//! of them together (group commit, `server/db/writer.rs`). A failing or panicking write is rolled
//! back alone; the writes committed with it stay, and every caller hears its own outcome only
//! after the commit.

use std::time::Duration;

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use mostrador::db::DbConnection;
use mostrador::error::AppError;

use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(
    a_failed_write_is_rolled_back_alone,
    writes_past_the_limit_wait_their_turn
);

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

fn insert(conn: &mut DbConnection, value: i64) -> Result<(), AppError> {
    diesel::sql_query(format!("INSERT INTO writer_probe (v) VALUES ({value})")).execute(conn)?;
    Ok(())
}

/// 120 writes queued behind a slow one (so that on SQLite they share a batch): every 7th inserts
/// and then fails, every 11th inserts and then panics. Exactly the others' rows are there, each
/// caller got its own result, and the database still takes writes afterwards.
async fn a_failed_write_is_rolled_back_alone(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.db(|conn| {
        conn.batch_execute("CREATE TABLE writer_probe (v BIGINT NOT NULL UNIQUE)")
            .unwrap()
    })
    .await;
    let db = app.state.db.clone();
    let slow = {
        let db = db.clone();
        tokio::spawn(async move {
            db.write(|conn| {
                std::thread::sleep(Duration::from_millis(150));
                insert(conn, 0)
            })
            .await
        })
    };
    tokio::time::sleep(Duration::from_millis(20)).await;
    let mut tasks = Vec::new();
    for i in 1..=120i64 {
        let db = db.clone();
        tasks.push(tokio::spawn(async move {
            db.write(move |conn| {
                insert(conn, i)?;
                if i % 7 == 0 {
                    return Err(AppError::BadRequest(format!("rechazada {i}")));
                }
                if i % 11 == 0 {
                    panic!("escritura {i} interrumpida");
                }
                Ok(i)
            })
            .await
        }));
    }
    slow.await.unwrap().expect("la escritura lenta se confirma");
    let mut expected = vec![0i64];
    for (i, task) in (1..=120i64).zip(tasks) {
        let result = task.await.unwrap();
        if i % 7 == 0 {
            match result {
                Err(AppError::BadRequest(message)) => assert_eq!(message, format!("rechazada {i}")),
                other => panic!("escritura {i}: se esperaba su propio error, llegó {other:?}"),
            }
        } else if i % 11 == 0 {
            assert!(
                matches!(result, Err(AppError::Internal(_))),
                "escritura {i}: un panic es un error interno, llegó {result:?}"
            );
        } else {
            assert_eq!(result.unwrap(), i);
            expected.push(i);
        }
    }
    let stored: Vec<i64> = app
        .db(|conn| {
            let mut rows: Vec<i64> = diesel::sql_query("SELECT v AS n FROM writer_probe")
                .load::<Count>(conn)
                .unwrap()
                .into_iter()
                .map(|c| c.n)
                .collect();
            rows.sort_unstable();
            rows
        })
        .await;
    assert_eq!(stored, expected, "solo las escrituras confirmadas quedan");

    // A duplicate is refused by the database itself, alone, and the next write still lands.
    let duplicate = db.write(|conn| insert(conn, 1)).await;
    assert!(duplicate.is_err());
    db.write(|conn| insert(conn, 1000)).await.unwrap();
    let n = app
        .db(|conn| {
            diesel::sql_query("SELECT COUNT(*) AS n FROM writer_probe")
                .get_result::<Count>(conn)
                .unwrap()
                .n
        })
        .await;
    assert_eq!(n, expected.len() as i64 + 1);
}

/// At most `Database::max_writers` write transactions run at once (SQLite: one, its writer;
/// PostgreSQL: twice the cores), even with a pool four times larger: the others wait for their
/// turn in the server, and every one of them lands.
async fn writes_past_the_limit_wait_their_turn(backend: Backend) {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let sqlite = matches!(backend, Backend::Sqlite);
    let app = TestApp::new(backend).await;
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let pool = u32::try_from(8 * cores).unwrap();
    let db = mostrador::db::Database::connect(&app.state.config.database_url, pool).unwrap();
    let limit = db.max_writers();
    assert_eq!(limit, if sqlite { 1 } else { 2 * cores });
    let (running, peak) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let writes: Vec<_> = (0..3 * limit + 2)
        .map(|_| {
            let (db, running, peak) = (db.clone(), running.clone(), peak.clone());
            tokio::spawn(async move {
                db.write(move |conn| {
                    let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                    peak.fetch_max(now, Ordering::SeqCst);
                    diesel::sql_query("SELECT 1").execute(conn)?;
                    std::thread::sleep(Duration::from_millis(40));
                    running.fetch_sub(1, Ordering::SeqCst);
                    Ok(())
                })
                .await
            })
        })
        .collect();
    for write in writes {
        write.await.unwrap().expect("cada escritura se confirma");
    }
    assert_eq!(
        peak.load(Ordering::SeqCst),
        limit,
        "escrituras a la vez: como mucho el límite, y lo alcanzan"
    );
}

/// On SQLite the checkpointer keeps disk space reserved past the end of the WAL
/// (`server/db/wal_space.rs`), so that the writer's appends do not wait for the file system to
/// allocate blocks while a checkpoint's `fsync` holds its lock; the WAL's size stays SQLite's own.
#[cfg(target_os = "linux")]
#[tokio::test]
async fn sqlite_keeps_space_reserved_past_the_end_of_the_wal() {
    use std::os::unix::fs::MetadataExt;

    let app = TestApp::new(Backend::Sqlite).await;
    let db_path = app
        .state
        .config
        .database_url
        .strip_prefix("sqlite://")
        .expect("una base SQLite")
        .to_owned();
    let wal = format!("{db_path}-wal");
    app.state
        .db
        .write(|conn| {
            conn.batch_execute("CREATE TABLE wal_probe (v BIGINT NOT NULL)")?;
            Ok(())
        })
        .await
        .unwrap();
    // The checkpointer runs every quarter second.
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    let (size, reserved) = loop {
        let meta = std::fs::metadata(&wal).expect("el WAL existe tras una escritura");
        let (size, reserved) = (meta.len(), meta.blocks() * 512);
        if reserved >= size + (32 << 20) || std::time::Instant::now() > deadline {
            break (size, reserved);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(
        reserved >= size + (32 << 20),
        "el WAL mide {size} bytes y solo tiene {reserved} reservados"
    );
    assert!(
        size < 8 << 20,
        "la reserva no cambia el tamaño del WAL: {size}"
    );
}

/// Under a steady stream of writes while readers hold snapshots, SQLite's WAL never restarts by
/// itself and grew without bound; the checkpointer resets it past `WAL_LIMIT`
/// (`server/db/writer.rs`), closing the readers' gate so that a stream of reads cannot keep it
/// failing (`server/db/read_gate.rs`). Writes 4 × the limit in 256 KB rows with four readers each
/// starting a new read transaction as soon as the last ends; the WAL's length, sampled all along,
/// stays within half a limit of it (without the gate it reached twice the limit on a loaded
/// machine), and once the writer is idle it goes back to zero.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sqlite_wal_stays_bounded_under_writes_and_reads() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

    use mostrador::db::WAL_LIMIT;

    let app = TestApp::new(Backend::Sqlite).await;
    let db_path = app
        .state
        .config
        .database_url
        .strip_prefix("sqlite://")
        .expect("una base SQLite")
        .to_owned();
    let wal = format!("{db_path}-wal");
    let length = move || std::fs::metadata(&wal).map_or(0, |m| m.len());
    let db = app.state.db.clone();
    db.write(|conn| {
        conn.batch_execute("CREATE TABLE wal_fill (id INTEGER PRIMARY KEY, data BLOB NOT NULL)")?;
        Ok(())
    })
    .await
    .unwrap();

    let done = Arc::new(AtomicBool::new(false));
    let longest = Arc::new(AtomicU64::new(0));
    let mut readers = Vec::new();
    for _ in 0..4 {
        let (db, done) = (db.clone(), done.clone());
        readers.push(tokio::spawn(async move {
            while !done.load(Ordering::Relaxed) {
                db.run(|conn| {
                    conn.transaction(|conn| {
                        diesel::sql_query("SELECT COUNT(*) AS n FROM wal_fill")
                            .get_result::<Count>(conn)?;
                        std::thread::sleep(Duration::from_millis(20));
                        diesel::sql_query("SELECT COUNT(*) AS n FROM wal_fill")
                            .get_result::<Count>(conn)
                    })
                    .map_err(AppError::from)
                })
                .await
                .unwrap();
            }
        }));
    }
    let sampler = {
        let (done, longest, length) = (done.clone(), longest.clone(), length.clone());
        tokio::spawn(async move {
            while !done.load(Ordering::Relaxed) {
                longest.fetch_max(length(), Ordering::Relaxed);
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        })
    };
    const ROW: usize = 256 << 10;
    let rows = 4 * WAL_LIMIT / ROW as u64;
    for _ in 0..rows {
        db.write(|conn| {
            diesel::sql_query("INSERT INTO wal_fill (data) VALUES (zeroblob(262144))")
                .execute(conn)?;
            Ok(())
        })
        .await
        .unwrap();
    }
    done.store(true, Ordering::Relaxed);
    for reader in readers {
        reader.await.unwrap();
    }
    sampler.await.unwrap();
    let longest = longest.load(Ordering::Relaxed);
    println!(
        "WAL más largo: {longest} bytes tras escribir {} bytes",
        rows * ROW as u64
    );
    assert!(
        longest <= WAL_LIMIT + WAL_LIMIT / 2,
        "el WAL llegó a {longest} bytes tras escribir {} bytes (límite {WAL_LIMIT})",
        rows * ROW as u64
    );
    // Idle: the next ticks reset it.
    let mut idle = length();
    for _ in 0..40 {
        if idle == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        idle = length();
    }
    assert_eq!(idle, 0, "con el escritor inactivo el WAL vuelve a cero");
}
