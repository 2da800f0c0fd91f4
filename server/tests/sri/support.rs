//! What the queue tests share: an app on a fresh database with a company whose RUC is the examples'
//! issuer, the SRI stand-in on a random local port, fast worker settings pointing at it, and
//! helpers to submit documents and wait for their state.

use std::path::Path;
use std::time::{Duration, Instant};

use mostrador::config::SriConfig;
use mostrador::db::Database;
use mostrador::domain::document_status::DocumentStatus;
use mostrador::models::sri::document::SriDocument;
use mostrador::models::sri::message::SriDocumentMessage;
use mostrador::sri::model::Comprobante;
use mostrador::sri::queue::worker::{Worker, WorkerHandle};
use mostrador::sri::queue::{self, DocumentId, QueueError};
use mostrador::sri::simulator::{self, RunningSimulator, SimulatorConfig};
use mostrador::sri::validate::ecuador_today;

use crate::util::{Backend, TestApp};

/// RUC of the issuer in `server/sri/examples/*.json`.
pub const RUC: &str = "1790011001001";

/// An app, a company (branch 001) and an SRI stand-in.
pub struct SriTest {
    pub app: TestApp,
    pub sim: RunningSimulator,
    pub company_id: mostrador::models::CompanyId,
    pub branch_id: i64,
}

/// The example factura, dated today, with its own secuencial and a random código numérico.
pub fn invoice(sequential: u32) -> Comprobante {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("server/sri/examples/factura.json");
    let json = std::fs::read_to_string(path).expect("ejemplo de factura");
    let mut doc = Comprobante::from_json_dated(&json, ecuador_today()).expect("factura de ejemplo");
    let header = doc.header_mut();
    header.sequential = sequential;
    header.numeric_code = None;
    doc
}

impl SriTest {
    /// A stand-in that authorizes `delay` after reception.
    pub async fn new(backend: Backend, delay: Duration) -> SriTest {
        let sim = simulator::spawn(SimulatorConfig {
            authorization_delay: delay,
            ..SimulatorConfig::default()
        })
        .await
        .expect("simulador del SRI");
        let app = TestApp::new(backend).await;
        let company = app.company(RUC, "EMPRESA DE PRUEBA S.A.", 0).await.scope();
        let branch_id = app
            .db(move |conn| {
                mostrador::models::config::branch_office::BranchOffice::find_by_code(
                    conn, company, "001",
                )
                .expect("consulta")
                .expect("sucursal 001")
                .id
            })
            .await;
        // The fixtures issue from emission point 002 of branch 001.
        app.db(move |conn| {
            mostrador::models::config::emission_point::EmissionPoint::sync(
                conn,
                company,
                branch_id,
                &[
                    ("001".into(), "Caja 1".into()),
                    ("002".into(), "Caja 2".into()),
                ],
            )
            .expect("puntos de emisión")
        })
        .await;
        SriTest {
            app,
            sim,
            company_id: company,
            branch_id,
        }
    }

    /// Worker settings for tests: the stand-in's URL, short timeouts, delays and lease.
    pub fn config(&self) -> SriConfig {
        worker_config(&self.sim)
    }

    /// A worker on this app's database (stops when the handle is dropped).
    pub fn worker(&self) -> WorkerHandle {
        self.worker_on(self.app.state.db.clone())
    }

    /// A worker on another connection pool to the same database, like a second app server.
    pub fn worker_on(&self, db: Database) -> WorkerHandle {
        Worker::new(
            db,
            self.config(),
            mostrador::services::ebilling::mail::on_authorized,
        )
        .expect("trabajador")
        .spawn()
    }

    /// Submits a document for the company's branch 001.
    pub async fn submit(&self, doc: Comprobante) -> Result<DocumentId, QueueError> {
        let (company, branch) = (self.company_id, self.branch_id);
        let identity = super::testpki::TestPki::get().identity();
        self.app
            .db(move |conn| queue::submit(conn, company, branch, &doc, &identity))
            .await
    }

    /// Corrects a rejected document.
    pub async fn resubmit(&self, id: DocumentId, doc: Comprobante) -> Result<(), QueueError> {
        let company = self.company_id;
        let identity = super::testpki::TestPki::get().identity();
        self.app
            .db(move |conn| queue::resubmit_corrected(conn, company, id, &doc, &identity))
            .await
    }

    /// The stored row.
    pub async fn doc(&self, id: DocumentId) -> SriDocument {
        let company = self.company_id;
        self.app
            .db(move |conn| {
                queue::find(conn, company, id)
                    .expect("consulta")
                    .expect("documento")
            })
            .await
    }

    /// The stored SRI messages of a document.
    pub async fn messages(&self, id: DocumentId) -> Vec<SriDocumentMessage> {
        self.app
            .db(move |conn| queue::messages(conn, id).expect("mensajes"))
            .await
    }

    /// Waits (at most 15 s) until the document has `status`; returns every status seen on the way.
    pub async fn wait_for(
        &self,
        id: DocumentId,
        status: DocumentStatus,
    ) -> (SriDocument, Vec<String>) {
        let started = Instant::now();
        let mut seen: Vec<String> = Vec::new();
        loop {
            let doc = self.doc(id).await;
            if seen.last() != Some(&doc.status) {
                seen.push(doc.status.clone());
            }
            if doc.status == status.as_str() {
                return (doc, seen);
            }
            assert!(
                started.elapsed() < Duration::from_secs(15),
                "el comprobante no llegó a {status:?}; estados vistos: {seen:?}; último error: {:?}",
                doc.last_error
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Runs SQL on the test database (to simulate what only time or a crash can do).
    pub async fn sql(&self, statement: String) {
        use diesel::RunQueryDsl;
        self.app
            .db(move |conn| diesel::sql_query(statement).execute(conn).expect("SQL"))
            .await;
    }
}

/// Worker settings for tests against `sim`: its URL, short timeouts, delays and lease.
pub fn worker_config(sim: &RunningSimulator) -> SriConfig {
    SriConfig {
        base_url: Some(sim.base_url()),
        timeout: Duration::from_millis(1000),
        connect_timeout: Duration::from_millis(1000),
        authorization_delay: Duration::from_millis(50),
        retry_delay: Duration::from_millis(50),
        max_backoff: Duration::from_millis(200),
        poll_interval: Duration::from_millis(25),
        lease: Duration::from_secs(3),
        concurrency: 4,
        demo_stand_in: false,
    }
}
