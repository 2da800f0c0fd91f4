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

on_both_backends!(a_failed_write_is_rolled_back_alone);

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
