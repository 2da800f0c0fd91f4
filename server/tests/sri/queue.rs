//! The durable queue and its worker against the SRI stand-in over HTTP, on a real database:
//! the happy path, DEVUELTA and its correction, error 70, timeouts, HTTP errors, a worker killed
//! mid-request, and the limit of rejections per day. Each test counts, in the stand-in, how many
//! times each clave was sent, so a duplicate send fails the test.

use std::time::Duration;

use chrono::TimeDelta;
use mostrador::domain::document_status::DocumentStatus;
use mostrador::models::sri::document::{DocumentChanges, SriDocument};
use mostrador::sri::catalog::Environment;
use mostrador::sri::model::Comprobante;
use mostrador::sri::queue::{self, QueueError, next_ecuador_midnight};
use mostrador::sri::sign;
use mostrador::sri::simulator::{FaultMode, FaultRule};
use mostrador::sri::soap::{ClientConfig, Endpoints, ReceptionStatus, SriClient};
use mostrador::util::time::now;

use super::support::{SriTest, invoice};
use crate::util::{Backend, on_both_backends};

on_both_backends!(
    submit_checks_the_document_against_its_company,
    submitted_invoice_goes_through_en_proceso_to_autorizado,
    devuelta_35_is_corrected_and_resent_with_the_same_clave,
    error_70_leads_to_polling_never_to_a_resend,
    error_70_without_a_record_keeps_polling,
    timeout_after_the_sri_stored_it_is_resolved_by_an_authorization_query,
    http_errors_are_retried_only_after_asking_for_the_authorization,
    worker_killed_mid_send_is_replaced_without_a_duplicate,
    two_rejections_in_a_day_hold_the_next_send_until_the_next_day,
    a_lease_keeps_other_workers_out_until_it_expires,
    past_the_sri_window_a_document_never_sent_is_not_sent,
);

async fn submit_checks_the_document_against_its_company(backend: Backend) {
    let t = SriTest::new(backend, Duration::ZERO).await;

    let mut doc = invoice(1);
    doc.header_mut().issuer.ruc = "1791234567001".into();
    assert!(matches!(
        t.submit(doc).await,
        Err(QueueError::Mismatch {
            field: "header.issuer.ruc",
            ..
        })
    ));
    let mut doc = invoice(1);
    doc.header_mut().establishment = "002".into();
    assert!(matches!(
        t.submit(doc).await,
        Err(QueueError::Mismatch {
            field: "header.establishment",
            ..
        })
    ));
    // The emission point must be one of the branch's active points.
    let mut doc = invoice(1);
    doc.header_mut().emission_point = "009".into();
    assert!(matches!(
        t.submit(doc).await,
        Err(QueueError::Mismatch {
            field: "header.emissionPoint",
            ..
        })
    ));
    let mut doc = invoice(1);
    doc.header_mut().environment = Environment::Produccion;
    let err = t.submit(doc).await.unwrap_err();
    assert!(
        err.to_string()
            .contains("ambiente de producción y la empresa emite en pruebas"),
        "{err}"
    );
    let mut doc = invoice(1);
    if let Comprobante::Invoice(inv) = &mut doc {
        inv.buyer.id = "1710034066".into();
    }
    let err = t.submit(doc).await.unwrap_err();
    let QueueError::Build(build) = &err else {
        panic!("{err:?}")
    };
    assert!(
        build.field_errors().iter().any(|e| e.field == "buyer.id"),
        "{err}"
    );
    let mut doc = invoice(1);
    doc.header_mut().access_key = Some("1".repeat(49));
    assert!(
        t.submit(doc).await.is_err(),
        "a clave that does not match the document is refused"
    );

    let id = t.submit(invoice(1)).await.unwrap();
    let err = t.submit(invoice(1)).await.unwrap_err();
    assert!(matches!(err, QueueError::Duplicate(_)), "{err:?}");
    assert!(err.to_string().contains("001-002-000000001"), "{err}");

    let doc = t.doc(id).await;
    assert_eq!(doc.status, "signed");
    assert_eq!(
        (
            doc.doc_type.as_str(),
            doc.version.as_str(),
            doc.environment.as_str()
        ),
        ("01", "2.1.0", "1")
    );
    assert_eq!(
        (
            doc.establishment.as_str(),
            doc.emission_point.as_str(),
            doc.sequential
        ),
        ("001", "002", 1)
    );
    assert_eq!(doc.total.as_deref(), Some("12.80"));
    assert_eq!(doc.access_key.len(), 49);
    assert_eq!(
        &doc.access_key[24..39],
        "001002000000001",
        "estab, ptoEmi and secuencial in the clave"
    );
    assert!(
        doc.document_json.contains(&doc.access_key),
        "the stored model keeps its clave"
    );
    assert!(sign::verify(doc.signed_xml.as_bytes()).is_ok());
    assert_eq!(doc.attempts, 0);

    let other = t.app.company("1790000000001", "OTRA S.A.", 0).await;
    let other_id = other.scope();
    assert!(
        t.app
            .db(move |conn| queue::find(conn, other_id, id).unwrap())
            .await
            .is_none()
    );
    let err = t.resubmit(id, invoice(1)).await.unwrap_err();
    assert!(
        matches!(err, QueueError::NotCorrectable(_)),
        "a document not yet rejected is not replaced: {err:?}"
    );
}

async fn submitted_invoice_goes_through_en_proceso_to_autorizado(backend: Backend) {
    let t = SriTest::new(backend, Duration::from_millis(300)).await;
    let id = t.submit(invoice(10)).await.unwrap();
    let _worker = t.worker();
    let (doc, seen) = t.wait_for(id, DocumentStatus::Authorized).await;

    assert!(
        seen.contains(&"in_process".to_string()),
        "EN PROCESO before AUTORIZADO: {seen:?}"
    );
    assert_eq!(doc.attempts, 1);
    assert!(doc.polls >= 1);
    assert_eq!(t.sim.handle.receptions(&doc.access_key), 1);
    assert_eq!(
        doc.authorization_number.as_deref(),
        Some(doc.access_key.as_str())
    );
    assert!(
        doc.authorization_date
            .as_deref()
            .is_some_and(|d| d.ends_with("-05:00")),
        "{:?}",
        doc.authorization_date
    );
    assert!(doc.authorized_at.is_some());
    let xml = doc.authorized_xml.clone().unwrap();
    assert!(
        xml.starts_with(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?><autorizacion><estado>AUTORIZADO</estado>"
        ),
        "{xml}"
    );
    assert!(xml.contains(&format!(
        "<comprobante><![CDATA[{}]]></comprobante>",
        doc.signed_xml
    )));
    assert_eq!(doc.locked_by, None);

    let messages = t.messages(id).await;
    assert!(
        messages.iter().any(|m| m.identifier == "60"
            && m.kind == "INFORMATIVO"
            && m.stage == "authorization"
            && m.sri_status == "AUTORIZADO"),
        "{messages:?}"
    );

    tokio::time::sleep(Duration::from_millis(300)).await;
    let later = t.doc(id).await;
    assert_eq!(
        (later.status.as_str(), later.attempts),
        ("authorized", 1),
        "an authorized document is left alone"
    );
}

async fn devuelta_35_is_corrected_and_resent_with_the_same_clave(backend: Backend) {
    let t = SriTest::new(backend, Duration::ZERO).await;
    let id = t.submit(invoice(20)).await.unwrap();
    // A document damaged after signing (a faulty integration, a manual edit) fails the SRI's
    // schema check. Done before any worker runs.
    t.sql(format!(
        "UPDATE sri_documents SET signed_xml = REPLACE(signed_xml, '<importeTotal>12.80</importeTotal>', '<importeTotal>doce</importeTotal>') WHERE id = {id}"
    ))
    .await;
    let worker = t.worker();
    let (returned, _) = t.wait_for(id, DocumentStatus::Returned).await;
    let messages = t.messages(id).await;
    assert_eq!(messages.len(), 1, "{messages:?}");
    let m = &messages[0];
    assert_eq!(
        (
            m.identifier.as_str(),
            m.kind.as_str(),
            m.stage.as_str(),
            m.sri_status.as_str()
        ),
        ("35", "ERROR", "reception", "DEVUELTA")
    );
    assert_eq!(m.message, "ARCHIVO NO CUMPLE ESTRUCTURA XML");
    assert!(
        m.additional_info
            .as_deref()
            .is_some_and(|i| i.contains("importeTotal")),
        "{m:?}"
    );
    assert_eq!((returned.failed_attempts, returned.failed_today), (1, 1));

    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        t.sim.handle.receptions(&returned.access_key),
        1,
        "the same bytes are not resent by themselves"
    );

    let err = t.resubmit(id, invoice(21)).await.unwrap_err();
    assert!(
        matches!(
            err,
            QueueError::Mismatch {
                field: "header.sequential",
                ..
            }
        ),
        "{err:?}"
    );
    t.resubmit(id, invoice(20)).await.unwrap();
    let (authorized, _) = t.wait_for(id, DocumentStatus::Authorized).await;
    drop(worker);
    assert_eq!(
        authorized.access_key, returned.access_key,
        "the clave is kept"
    );
    assert_ne!(authorized.signed_xml, returned.signed_xml);
    assert!(
        authorized
            .authorized_xml
            .unwrap()
            .contains(&authorized.signed_xml)
    );
    assert_eq!(t.sim.handle.receptions(&authorized.access_key), 2);
    assert_eq!(authorized.attempts, 2);
}

async fn error_70_leads_to_polling_never_to_a_resend(backend: Backend) {
    let t = SriTest::new(backend, Duration::from_millis(600)).await;
    let id = t.submit(invoice(30)).await.unwrap();
    let stored = t.doc(id).await;
    // The SRI is already processing these bytes (another server sent them and lost the answer).
    let client =
        SriClient::new(ClientConfig::new(Endpoints::from_base(&t.sim.base_url()))).unwrap();
    assert_eq!(
        client
            .send(stored.signed_xml.as_bytes())
            .await
            .unwrap()
            .status,
        ReceptionStatus::Recibida
    );

    let _worker = t.worker();
    let (doc, _) = t.wait_for(id, DocumentStatus::Authorized).await;
    let messages = t.messages(id).await;
    assert!(
        messages
            .iter()
            .any(|m| m.identifier == "70" && m.stage == "reception"),
        "{messages:?}"
    );
    assert_eq!(
        t.sim.handle.receptions(&doc.access_key),
        2,
        "the earlier send and the worker's one, nothing after 70"
    );
    assert_eq!(doc.attempts, 1);
}

async fn error_70_without_a_record_keeps_polling(backend: Backend) {
    let t = SriTest::new(backend, Duration::ZERO).await;
    t.sim.handle.set_reception(FaultRule::reject(70).times(1));
    let id = t.submit(invoice(31)).await.unwrap();
    let _worker = t.worker();
    let (doc, _) = t.wait_for(id, DocumentStatus::InProcess).await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    let doc_later = t.doc(id).await;
    assert_eq!(
        doc_later.status, "in_process",
        "70 means: ask, do not resend"
    );
    assert!(doc_later.polls >= 3, "polls: {}", doc_later.polls);
    assert_eq!(t.sim.handle.receptions(&doc.access_key), 1);
    assert_eq!(doc_later.attempts, 1);
}

async fn timeout_after_the_sri_stored_it_is_resolved_by_an_authorization_query(backend: Backend) {
    let t = SriTest::new(backend, Duration::ZERO).await;
    t.sim
        .handle
        .set_reception(FaultRule::always(FaultMode::HangAfterProcessing).times(1));
    let id = t.submit(invoice(40)).await.unwrap();
    let _worker = t.worker();
    let (doc, seen) = t.wait_for(id, DocumentStatus::Authorized).await;
    assert!(seen.contains(&"sending".to_string()), "{seen:?}");
    assert_eq!(
        t.sim.handle.receptions(&doc.access_key),
        1,
        "no second send after the timeout"
    );
    assert_eq!(doc.attempts, 1);
    assert_eq!(doc.last_error, None);
}

async fn http_errors_are_retried_only_after_asking_for_the_authorization(backend: Backend) {
    let t = SriTest::new(backend, Duration::ZERO).await;
    t.sim
        .handle
        .set_reception(FaultRule::always(FaultMode::Error500).times(2));
    let id = t.submit(invoice(41)).await.unwrap();
    let _worker = t.worker();
    let (doc, _) = t.wait_for(id, DocumentStatus::Authorized).await;
    assert_eq!(t.sim.handle.receptions(&doc.access_key), 3);
    assert_eq!(doc.attempts, 3);
    // One query before each resend, then the one that found it authorized.
    assert!(
        t.sim.handle.state().authorization_requests >= 3,
        "{:?}",
        t.sim.handle.state()
    );
}

async fn worker_killed_mid_send_is_replaced_without_a_duplicate(backend: Backend) {
    let t = SriTest::new(backend, Duration::ZERO).await;
    t.sim
        .handle
        .set_reception(FaultRule::always(FaultMode::HangAfterProcessing).times(1));
    let id = t.submit(invoice(50)).await.unwrap();
    let key = t.doc(id).await.access_key;
    let first = t.worker();
    // The SRI has the document; the first server is waiting for an answer that will not come.
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    while !t
        .sim
        .handle
        .state()
        .documents
        .iter()
        .any(|d| d.access_key == key)
    {
        assert!(
            std::time::Instant::now() < deadline,
            "the stand-in never received the document"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    drop(first);
    let stranded = t.doc(id).await;
    assert_eq!(stranded.status, "sending");
    assert!(
        stranded.locked_by.is_some() && stranded.locked_until.is_some_and(|l| l > now()),
        "its lease outlives it"
    );

    let _second = t.worker();
    let (doc, _) = t.wait_for(id, DocumentStatus::Authorized).await;
    assert_eq!(
        t.sim.handle.receptions(&key),
        1,
        "the new worker asked instead of resending"
    );
    assert_eq!(doc.attempts, 1);
}

async fn two_rejections_in_a_day_hold_the_next_send_until_the_next_day(backend: Backend) {
    let t = SriTest::new(backend, Duration::ZERO).await;
    t.sim
        .handle
        .set_authorization(FaultRule::reject(52).times(2));
    let id = t.submit(invoice(60)).await.unwrap();
    let _worker = t.worker();
    let (first, _) = t.wait_for(id, DocumentStatus::NotAuthorized).await;
    assert_eq!(first.failed_today, 1);
    let messages = t.messages(id).await;
    assert!(
        messages.iter().any(|m| m.identifier == "52"
            && m.stage == "authorization"
            && m.sri_status == "NO AUTORIZADO"),
        "{messages:?}"
    );

    t.resubmit(id, invoice(60)).await.unwrap();
    let (second, _) = t.wait_for(id, DocumentStatus::NotAuthorized).await;
    assert_eq!((second.failed_today, second.failed_attempts), (2, 2));
    assert_eq!(t.sim.handle.receptions(&second.access_key), 2);

    t.resubmit(id, invoice(60)).await.unwrap();
    let held = t.doc(id).await;
    assert_eq!(held.status, "signed");
    assert_eq!(held.next_attempt_at, next_ecuador_midnight(now()));
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        t.sim.handle.receptions(&held.access_key),
        2,
        "no third send today"
    );
    assert_eq!(t.doc(id).await.status, "signed");

    // The next day (moved back in the database, since the clock cannot be): the count starts over.
    t.sql(format!(
        "UPDATE sri_documents SET failed_day = '2000-01-01', next_attempt_at = '2000-01-01 00:00:00' WHERE id = {id}"
    ))
    .await;
    let (doc, _) = t.wait_for(id, DocumentStatus::Authorized).await;
    assert_eq!(t.sim.handle.receptions(&doc.access_key), 3);
    assert_eq!(doc.failed_attempts, 2);
}

async fn a_lease_keeps_other_workers_out_until_it_expires(backend: Backend) {
    let t = SriTest::new(backend, Duration::ZERO).await;
    let id = t.submit(invoice(70)).await.unwrap();
    let hour = TimeDelta::hours(1);
    let claimed = t
        .app
        .db(move |conn| SriDocument::claim(conn, "a", 10, hour).unwrap())
        .await;
    assert_eq!(claimed.iter().map(|d| d.id).collect::<Vec<_>>(), vec![id]);
    assert_eq!(claimed[0].locked_by.as_deref(), Some("a"));
    assert!(
        t.app
            .db(move |conn| SriDocument::claim(conn, "b", 10, hour).unwrap())
            .await
            .is_empty()
    );

    // Worker "a" dies; once its lease has run out, "b" takes the document over…
    t.sql(format!(
        "UPDATE sri_documents SET locked_until = '2000-01-01 00:00:00' WHERE id = {id}"
    ))
    .await;
    let taken = t
        .app
        .db(move |conn| SriDocument::claim(conn, "b", 10, hour).unwrap())
        .await;
    assert_eq!(taken.len(), 1);
    // …and whatever "a" would still write is refused.
    let late = DocumentChanges {
        status: Some("authorized".into()),
        ..DocumentChanges::default()
    };
    assert!(
        !t.app
            .db(move |conn| SriDocument::update_leased(conn, id, "a", false, &late).unwrap())
            .await
    );
    let mine = DocumentChanges {
        attempts: Some(1),
        ..DocumentChanges::default()
    };
    assert!(
        t.app
            .db(move |conn| SriDocument::update_leased(conn, id, "b", true, &mine).unwrap())
            .await
    );
    assert_eq!(t.doc(id).await.status, "signed");
}

/// Past the SRI's 72 h window a document that never reached the SRI is not sent any more: it
/// stays signed with a Spanish `last_error`, nothing reaches the stand-in, and the worker does
/// not pick it up again.
async fn past_the_sri_window_a_document_never_sent_is_not_sent(backend: Backend) {
    let t = SriTest::new(backend, Duration::ZERO).await;
    let id = t.submit(invoice(1)).await.expect("submit");
    let old = now() - TimeDelta::hours(73);
    t.app
        .db(move |conn| {
            use diesel::prelude::*;
            use mostrador::db::schema::sri_documents;
            diesel::update(sri_documents::table.find(id))
                .set(sri_documents::created_at.eq(old))
                .execute(conn)
                .expect("fecha")
        })
        .await;
    // A second document, on time, still goes out.
    let fresh = t.submit(invoice(2)).await.expect("submit");
    let _worker = t.worker();
    t.wait_for(fresh, DocumentStatus::Authorized).await;
    let started = std::time::Instant::now();
    let doc = loop {
        let doc = t.doc(id).await;
        if doc.last_error.is_some() {
            break doc;
        }
        assert!(started.elapsed() < Duration::from_secs(15), "{doc:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(doc.status, "signed");
    let error = doc.last_error.clone().unwrap();
    assert!(error.starts_with("Fuera del plazo del SRI"), "{error}");
    assert!(error.contains("72 horas"), "{error}");
    assert_eq!(t.sim.handle.receptions(&doc.access_key), 0);
    assert!(doc.next_attempt_at > now() + TimeDelta::days(365));
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(t.sim.handle.receptions(&doc.access_key), 0);
    assert_eq!(t.doc(id).await.attempts, 0, "nunca se intentó enviar");
}
