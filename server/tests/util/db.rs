//! A fresh database per test: a SQLite file in a temporary folder, or a new PostgreSQL schema
//! (dropped afterwards) reached through `search_path` in the connection URL.

use diesel::{Connection, PgConnection, RunQueryDsl};
use tempfile::TempDir;

/// Which backend a test runs on.
#[derive(Debug, Clone)]
pub enum Backend {
    Sqlite,
    /// Server URL from `TEST_DATABASE_URL`.
    Postgres(String),
}

impl Backend {
    /// PostgreSQL when `TEST_DATABASE_URL` is set; otherwise says the test is skipped.
    pub fn postgres() -> Option<Backend> {
        match std::env::var("TEST_DATABASE_URL") {
            Ok(url) if !url.is_empty() => Some(Backend::Postgres(url)),
            _ => {
                eprintln!("omitida en PostgreSQL: TEST_DATABASE_URL no está definida");
                None
            }
        }
    }
}

/// A database that exists for one test.
pub struct TestDb {
    pub url: String,
    cleanup: Cleanup,
}

enum Cleanup {
    Sqlite(#[allow(dead_code)] TempDir),
    Postgres { server: String, schema: String },
}

impl TestDb {
    /// Creates an empty database (migrations are applied by the app).
    pub fn create(backend: &Backend) -> TestDb {
        match backend {
            Backend::Sqlite => {
                let dir = tempfile::tempdir().expect("carpeta temporal");
                let url = format!("sqlite://{}", dir.path().join("test.db").display());
                TestDb {
                    url,
                    cleanup: Cleanup::Sqlite(dir),
                }
            }
            Backend::Postgres(server) => {
                let token = mostrador::util::random::token()
                    .to_lowercase()
                    .replace(['-', '_'], "");
                let schema = format!("t_{}", &token[..16]);
                let mut conn =
                    PgConnection::establish(server).expect("conexión a TEST_DATABASE_URL");
                diesel::sql_query(format!("CREATE SCHEMA {schema}"))
                    .execute(&mut conn)
                    .expect("crear esquema");
                let separator = if server.contains('?') { '&' } else { '?' };
                let url = format!("{server}{separator}options=-csearch_path%3D{schema}");
                TestDb {
                    url,
                    cleanup: Cleanup::Postgres {
                        server: server.clone(),
                        schema,
                    },
                }
            }
        }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let Cleanup::Postgres { server, schema } = &self.cleanup
            && let Ok(mut conn) = PgConnection::establish(server)
        {
            let _ = diesel::sql_query(format!("DROP SCHEMA {schema} CASCADE")).execute(&mut conn);
        }
    }
}
