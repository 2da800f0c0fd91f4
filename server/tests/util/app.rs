//! The application under test, with helpers to create companies, users and signed-in clients.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use axum::Router;
use mostrador::app::AppState;
use mostrador::cli::admin::{create_company, create_user};
use mostrador::cli::{CompanyAddArgs, UserAddArgs};
use mostrador::config::Config;
use mostrador::db::DbConnection;
use mostrador::models::company::Company;
use mostrador::models::user::{Role, User};
use mostrador::ssr::{PoolConfig, SsrPool, bundle};
use serde_json::json;

use super::PASSWORD;
use super::client::Client;
use super::db::{Backend, TestDb};
use super::smtp::SmtpSink;

/// One render pool for the whole test process: engines are independent of the database.
fn shared_pool() -> SsrPool {
    static POOL: OnceLock<SsrPool> = OnceLock::new();
    POOL.get_or_init(|| {
        SsrPool::start(
            bundle::SERVER_JS,
            PoolConfig {
                workers: 2,
                queue: 512,
                timeout: Duration::from_secs(5),
            },
        )
    })
    .clone()
}

/// A running app.
pub struct TestApp {
    pub state: AppState,
    pub router: Router,
    pub smtp: Option<SmtpSink>,
    _db: TestDb,
}

fn test_config(database_url: String, smtp_url: Option<String>) -> Config {
    let mut config = Config::from_env().expect("configuración");
    config.database_url = database_url;
    config.db_connections = 4;
    config.public_url = Some("http://mostrador.test".into());
    config.smtp_url = smtp_url;
    config.trust_proxy = true;
    config.mail_poll = Duration::from_millis(50);
    config
}

impl TestApp {
    /// An app on a fresh database, without SMTP (mail stays in the outbox).
    pub async fn new(backend: Backend) -> TestApp {
        Self::build(backend, false).await
    }

    /// An app whose mail goes to a real SMTP server process.
    pub async fn with_smtp(backend: Backend) -> TestApp {
        Self::build(backend, true).await
    }

    async fn build(backend: Backend, smtp: bool) -> TestApp {
        let db = TestDb::create(&backend);
        let sink = smtp.then(SmtpSink::start);
        let config = test_config(db.url.clone(), sink.as_ref().map(SmtpSink::url));
        let state = tokio::task::spawn_blocking(move || {
            mostrador::server::build_state_with(config, shared_pool())
        })
        .await
        .expect("tarea")
        .expect("estado de la app");
        if sink.is_some() {
            tokio::spawn(mostrador::mail::worker::run(state.clone()));
        }
        let router = mostrador::router::build(state.clone());
        TestApp {
            state,
            router,
            smtp: sink,
            _db: db,
        }
    }

    /// A new browser-like client with its own cookie jar and client address.
    pub fn client(&self) -> Client {
        static NEXT_IP: AtomicU32 = AtomicU32::new(1);
        let n = NEXT_IP.fetch_add(1, Ordering::Relaxed);
        Client::new(
            self.router.clone(),
            format!("10.{}.{}.{}", (n >> 16) & 255, (n >> 8) & 255, n & 255),
        )
    }

    /// Runs `f` on a database connection.
    pub async fn db<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut DbConnection) -> T + Send + 'static,
    ) -> T {
        self.state
            .db
            .run(move |conn| Ok(f(conn)))
            .await
            .expect("base de datos")
    }

    /// Creates a company (with its branch 001) and `extra_branches` more (002, 003…).
    pub async fn company(&self, ruc: &str, name: &str, extra_branches: usize) -> Company {
        let args = CompanyAddArgs {
            ruc: ruc.into(),
            name: name.into(),
            trade_name: None,
            address: "Quito".into(),
            regimen: "1".into(),
        };
        self.db(move |conn| {
            let company = create_company(conn, &args).expect("empresa");
            for n in 0..extra_branches {
                let code = format!("{:03}", n + 2);
                let at = mostrador::util::time::now();
                mostrador::models::branch_office::BranchOffice::insert(
                    conn,
                    &mostrador::models::branch_office::NewBranchOffice {
                        company_id: company.id,
                        code: &code,
                        name: &format!("Sucursal {code}"),
                        address: "Guayaquil",
                        created_at: at,
                        updated_at: at,
                    },
                )
                .expect("sucursal");
            }
            company
        })
        .await
    }

    /// Creates a verified user of the company with RUC `ruc` (access to `branch`, or to all).
    pub async fn user(&self, ruc: &str, email: &str, role: Role, branch: Option<&str>) -> User {
        let args = UserAddArgs {
            email: email.into(),
            password: PASSWORD.into(),
            name: format!("Usuario {email}"),
            role,
            company: ruc.into(),
            branch: branch.map(String::from),
        };
        self.db(move |conn| create_user(conn, &args).expect("usuario"))
            .await
    }

    /// A client signed in as `email` (password [`PASSWORD`]).
    pub async fn signed_in(&self, email: &str) -> Client {
        let mut client = self.client();
        let response = client
            .post_json(
                "/api/auth/login",
                json!({ "email": email, "password": PASSWORD }),
            )
            .await;
        assert_eq!(
            response.status.as_u16(),
            200,
            "inicio de sesión de {email}: {}",
            response.text()
        );
        client
    }
}
