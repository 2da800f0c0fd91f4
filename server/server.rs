//! Starting the server: database and migrations, render engines, mail worker, SRI worker, HTTP
//! listener.

use std::sync::Arc;

use tokio::net::TcpListener;

use crate::app::{App, AppState};
use crate::config::Config;
use crate::controllers::ebilling::ride::mail::DocumentMail;
use crate::db::Database;
use crate::http::connection::{Listener, Peer};
use crate::mail::{Mailer, worker};
use crate::ssr::{PoolConfig, SsrPool, bundle};
use crate::util::task::supervise;

/// Builds the application state: opens the database, applies pending migrations, starts the
/// render engines (in the background).
pub fn build_state(config: Config) -> anyhow::Result<AppState> {
    let ssr = SsrPool::start(
        bundle::SERVER_JS,
        PoolConfig {
            engine: config.ssr_engine,
            workers: config.ssr_workers,
            queue: config.ssr_queue,
            timeout: config.ssr_timeout,
            memory_limit: config.ssr_memory_limit,
            cache_dir: config.ssr_cache_dir.clone(),
        },
    );
    tracing::info!(
        "motor de render: {} (SSR_ENGINE={}), {} hilos",
        config.ssr_engine.name(),
        config.ssr_engine,
        config.ssr_workers
    );
    build_state_with(config, ssr)
}

/// Like [`build_state`], with render engines already started (tests share one pool).
pub fn build_state_with(config: Config, ssr: SsrPool) -> anyhow::Result<AppState> {
    let db = Database::connect(&config.database_url, config.db_connections)?;
    let applied =
        crate::services::upgrade::run(&mut *db.get().map_err(|e| anyhow::anyhow!(e.to_string()))?)?;
    if !applied.is_empty() {
        tracing::info!(?applied, "migraciones aplicadas");
    }
    ensure_certificates_key(&db, &config)?;
    let mailer = Mailer::new(config.smtp_url.as_deref(), &config.mail_from)?;
    Ok(AppState(Arc::new(App {
        config,
        db,
        ssr,
        mailer,
        rides: Default::default(),
    })))
}

/// Refuses to start when companies' signing certificates are stored but `MOSTRADOR_SECRET` is
/// missing (they could not be opened to sign, and the queue would fail document after document);
/// otherwise installs the key that opens them (`services::signing::sealing`).
fn ensure_certificates_key(db: &Database, config: &Config) -> anyhow::Result<()> {
    if config.secret.is_none() {
        let mut conn = db.get().map_err(|e| anyhow::anyhow!(e.to_string()))?;
        if crate::models::ebilling::certificate::CompanyCertificate::any_stored(&mut conn)? {
            anyhow::bail!(
                "Hay certificados de firma electrónica guardados y falta la variable de entorno {0}: configure {0} con el mismo valor con que se guardaron (sin ella no se pueden descifrar ni firmar comprobantes)",
                crate::config::SECRET_VAR
            );
        }
    }
    crate::services::signing::sealing::install(config.secret.as_ref())
        .map_err(|e| anyhow::anyhow!(e.to_string()))
}

/// Serves until the process is stopped (Ctrl-C or SIGTERM), finishing requests in flight.
pub async fn serve(state: AppState) -> anyhow::Result<()> {
    let address = format!("{}:{}", state.config.host, state.config.port);
    let listener = TcpListener::bind(&address)
        .await
        .map_err(|e| anyhow::anyhow!("no se pudo escuchar en {address}: {e}"))?;
    let local = listener.local_addr()?;
    // The long-lived tasks start again if one panics (util::task).
    let mail_state = state.clone();
    supervise("correo", move || worker::run(mail_delivery(&mail_state)));
    // Sends electronic documents and polls their authorization; every server runs one, leases on
    // the rows keep them from working on the same document. Its HTTPS clients load the system's
    // certificate store (tens of milliseconds), so they are built off the start-up path.
    let (db, sri_config) = (state.db.clone(), state.config.sri.clone());
    supervise("SRI", move || {
        let (db, sri_config) = (db.clone(), sri_config.clone());
        async move {
            match tokio::task::spawn_blocking(move || {
                crate::sri::queue::worker::Worker::new(
                    db,
                    sri_config,
                    crate::services::ebilling::mail::on_authorized,
                )
            })
            .await
            {
                Ok(Ok(worker)) => worker.run().await,
                Ok(Err(err)) => {
                    tracing::error!(%err, "no se pudo crear el cliente del SRI: no se enviarán comprobantes")
                }
                Err(err) => tracing::error!(%err, "no se pudo iniciar el trabajador del SRI"),
            }
        }
    });
    // Continues the Lector's SRI look-ups whose server stopped (see services::lector::job).
    let (db, sri_config) = (state.db.clone(), state.config.sri.clone());
    supervise("lector", move || {
        crate::services::lector::job::resume_stale(db.clone(), sri_config.clone())
    });
    if !state.mailer.delivers() {
        tracing::info!(
            "SMTP_URL no configurada: los correos quedan en la tabla email_outbox y su enlace se muestra aquí"
        );
    }
    let app = crate::router::build(state);
    // Printed on stdout so scripts (tests, benchmarks) can find a random port.
    println!("Mostrador escuchando en http://{local}");
    listen(listener, app, shutdown_signal()).await
}

/// Serves `app` on `listener` until `shutdown` completes, finishing requests in flight. Each
/// connection is wrapped so hyper's own refusals come out as the app's Spanish JSON
/// ([`crate::http::connection`]).
pub async fn listen(
    listener: TcpListener,
    app: axum::Router,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    axum::serve(
        Listener(listener),
        app.into_make_service_with_connect_info::<Peer>(),
    )
    .with_graceful_shutdown(shutdown)
    .await?;
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            s.recv().await;
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    // The restaurant's live streams never end by themselves.
    crate::controllers::restaurant::events::close_streams();
}

/// What the mail worker of `state` works with: documents' messages are composed by the e-billing
/// controllers with this server's RIDE pages.
pub fn mail_delivery(state: &AppState) -> worker::Delivery<DocumentMail> {
    worker::Delivery {
        db: state.db.clone(),
        mailer: state.mailer.clone(),
        poll: state.config.mail_poll,
        documents: DocumentMail(state.clone()),
    }
}
