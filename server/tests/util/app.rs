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
use mostrador::models::auth::user::{Role, User};
use mostrador::models::config::company::Company;
use mostrador::ssr::engine::DEFAULT_MEMORY_LIMIT;
use mostrador::ssr::{EngineKind, PoolConfig, SsrPool, bundle};
use serde_json::json;

use super::PASSWORD;
use super::client::Client;
use super::db::{Backend, TestDb};
use super::smtp::SmtpSink;

/// One render pool per engine for the whole test process: engines are independent of the
/// database.
pub fn shared_pool(engine: EngineKind) -> SsrPool {
    static QUICKJS: OnceLock<SsrPool> = OnceLock::new();
    static V8: OnceLock<SsrPool> = OnceLock::new();
    let pool = match engine {
        EngineKind::QuickJs => &QUICKJS,
        EngineKind::V8 => &V8,
    };
    pool.get_or_init(|| {
        SsrPool::start(
            bundle::SERVER_JS,
            PoolConfig {
                engine,
                workers: 2,
                queue: 512,
                timeout: Duration::from_secs(5),
                memory_limit: DEFAULT_MEMORY_LIMIT,
                cache_dir: None,
            },
        )
    })
    .clone()
}

/// Whether V8 must be there (`MOSTRADOR_REQUIRE_V8`, which .ci/run sets after installing
/// libnode): then a binary without it fails the V8 tests instead of skipping them.
fn v8_required() -> bool {
    std::env::var("MOSTRADOR_REQUIRE_V8").is_ok_and(|v| !v.is_empty() && v != "0")
}

/// The V8 engine when this binary has it; otherwise says the test is skipped (or fails it when
/// V8 is required).
pub fn v8_engine() -> Option<EngineKind> {
    if EngineKind::V8.built_in() {
        return Some(EngineKind::V8);
    }
    assert!(
        !v8_required(),
        "MOSTRADOR_REQUIRE_V8 está definida pero este binario se compiló sin V8 (sin libnode)"
    );
    eprintln!("omitida en V8: este binario se compiló sin libnode (bash scripts/fetch-libnode.sh)");
    None
}

/// The engine of the tests that do not choose one: `SSR_ENGINE`, else the binary's default (V8
/// when built in), as the server does.
pub fn default_engine() -> EngineKind {
    match std::env::var("SSR_ENGINE") {
        Ok(v) if !v.is_empty() => v.parse().expect("SSR_ENGINE"),
        _ => EngineKind::preferred(),
    }
}

/// Declares each listed `async fn name(engine: EngineKind)` as a test on QuickJS and on V8 (the
/// V8 variant is skipped, saying so, when the binary was built without libnode).
macro_rules! on_each_engine {
    ($($name:ident),* $(,)?) => {
        mod quickjs {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::$name(mostrador::ssr::EngineKind::QuickJs).await
                }
            )*
        }
        mod v8 {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    if let Some(engine) = crate::util::app::v8_engine() {
                        super::$name(engine).await
                    }
                }
            )*
        }
    };
}
pub(crate) use on_each_engine;

/// A running app.
pub struct TestApp {
    pub state: AppState,
    pub router: Router,
    pub smtp: Option<SmtpSink>,
    _db: TestDb,
}

/// `MOSTRADOR_SECRET` of every test app (certificates stored by one test app open in another of
/// the same process).
pub const TEST_SECRET: &str = "secreto-de-pruebas-de-mostrador-0123456789";

fn test_config(database_url: String, smtp_url: Option<String>) -> Config {
    let mut config = Config::from_env().expect("configuración");
    config.database_url = database_url;
    config.db_connections = 4;
    config.public_url = Some("http://mostrador.test".into());
    config.smtp_url = smtp_url;
    config.trust_proxy = true;
    config.mail_poll = Duration::from_millis(50);
    config.secret = Some(mostrador::config::Secret::new(TEST_SECRET).expect("secreto de prueba"));
    config
}

impl TestApp {
    /// An app on a fresh database, without SMTP (mail stays in the outbox).
    pub async fn new(backend: Backend) -> TestApp {
        Self::build(backend, false, default_engine()).await
    }

    /// An app that renders its pages with `engine`.
    pub async fn with_engine(backend: Backend, engine: EngineKind) -> TestApp {
        Self::build(backend, false, engine).await
    }

    /// An app whose mail goes to a real SMTP server process.
    pub async fn with_smtp(backend: Backend) -> TestApp {
        Self::build(backend, true, default_engine()).await
    }

    async fn build(backend: Backend, smtp: bool, engine: EngineKind) -> TestApp {
        let db = TestDb::create(&backend);
        let sink = smtp.then(SmtpSink::start);
        let mut config = test_config(db.url.clone(), sink.as_ref().map(SmtpSink::url));
        config.ssr_engine = engine;
        let state = tokio::task::spawn_blocking(move || {
            mostrador::server::build_state_with(config, shared_pool(engine))
        })
        .await
        .expect("tarea")
        .expect("estado de la app");
        if sink.is_some() {
            tokio::spawn(mostrador::mail::worker::run(
                mostrador::server::mail_delivery(&state),
            ));
        }
        let router = mostrador::router::build(state.clone());
        TestApp {
            state,
            router,
            smtp: sink,
            _db: db,
        }
    }

    /// The same app (same database and settings) rendering with `engine` instead: a client
    /// moved to it with [`TestApp::client_on`] sees the same data and session.
    pub async fn router_with_engine(&self, engine: EngineKind) -> Router {
        self.router_with(move |config| config.ssr_engine = engine)
            .await
    }

    /// The same app (same database) with its settings changed by `change` (e.g. behind HTTPS).
    pub async fn router_with(&self, change: impl FnOnce(&mut Config)) -> Router {
        let mut config = self.state.config.clone();
        change(&mut config);
        let engine = config.ssr_engine;
        let state = tokio::task::spawn_blocking(move || {
            mostrador::server::build_state_with(config, shared_pool(engine))
        })
        .await
        .expect("tarea")
        .expect("estado de la app");
        mostrador::router::build(state)
    }

    /// A client of `router` carrying `client`'s cookies (session, CSRF token).
    pub fn client_on(&self, router: Router, client: &Client) -> Client {
        let mut moved = Client::new(router, "10.255.0.1".into());
        moved.cookies = client.cookies.clone();
        moved
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
                mostrador::models::config::branch_office::BranchOffice::insert(
                    conn,
                    &mostrador::models::config::branch_office::NewBranchOffice {
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
