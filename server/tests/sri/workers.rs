//! Two app servers on one PostgreSQL: two workers with their own connection pools race for the
//! same due documents, and each document is still sent exactly once.

use std::time::Duration;

use mostrador::db::Database;
use mostrador::domain::document_status::DocumentStatus;

use super::support::{SriTest, invoice};
use crate::util::Backend;

const DOCUMENTS: u32 = 24;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_servers_on_one_postgresql_never_send_a_document_twice() {
    let Some(backend) = Backend::postgres() else {
        return;
    };
    let t = SriTest::new(backend, Duration::from_millis(100)).await;
    let mut ids = Vec::new();
    for n in 0..DOCUMENTS {
        ids.push(t.submit(invoice(100 + n)).await.unwrap());
    }
    // Every document is due at once, so both workers pick the same candidates and only the
    // conditional claim decides who takes each one.
    let second_server = Database::connect(&t.app.state.config.database_url, 4).unwrap();
    let _a = t.worker();
    let _b = t.worker_on(second_server);
    for id in &ids {
        let (doc, _) = t.wait_for(*id, DocumentStatus::Authorized).await;
        assert_eq!(
            t.sim.handle.receptions(&doc.access_key),
            1,
            "{} sent more than once",
            doc.access_key
        );
        assert_eq!(doc.attempts, 1);
    }
    assert_eq!(
        t.sim.handle.state().reception_requests,
        u64::from(DOCUMENTS)
    );
}
