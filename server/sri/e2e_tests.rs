//! The real SOAP client against the stand-in over HTTP on 127.0.0.1 (random ports).

use std::time::Duration;

use super::document::build_and_sign;
use super::fixtures::{self, context};
use super::sign::{SignOptions, sign};
use super::simulator::{self, FaultMode, FaultRule, RunningSimulator, SimulatorConfig};
use super::soap::{
    AuthorizationOutcome, ClientConfig, Endpoints, MessageKind, ReceptionStatus, SoapError,
    SriClient,
};
use super::testpki::TestPki;

async fn setup(delay_ms: u64) -> (RunningSimulator, SriClient) {
    let sim = simulator::spawn(SimulatorConfig {
        authorization_delay: Duration::from_millis(delay_ms),
        ..SimulatorConfig::default()
    })
    .await
    .unwrap();
    let mut config = ClientConfig::new(Endpoints::from_base(&sim.base_url()));
    config.timeout = Duration::from_millis(800);
    (sim, SriClient::new(config).unwrap())
}

fn signed_invoice(sequential: u32, numeric_code: &str) -> (String, String) {
    let mut doc = fixtures::invoice();
    doc.header_mut().sequential = sequential;
    doc.header_mut().numeric_code = Some(numeric_code.into());
    let signed = build_and_sign(
        &doc,
        &context(),
        &TestPki::get().identity(),
        &SignOptions::now(),
    )
    .unwrap();
    (signed.access_key.to_string(), signed.signed_xml)
}

fn signed_xml(xml: &str) -> String {
    sign(
        xml.as_bytes(),
        &TestPki::get().identity(),
        &SignOptions::now(),
    )
    .unwrap()
}

#[tokio::test]
async fn recibida_then_en_proceso_then_autorizado() {
    let (_sim, client) = setup(300).await;
    let (key, xml) = signed_invoice(1001, "11111111");
    let r = client.send(xml.as_bytes()).await.unwrap();
    assert_eq!(r.status, ReceptionStatus::Recibida, "{r:?}");
    let early = client.authorize(&key).await.unwrap();
    assert_eq!(early.outcome(), AuthorizationOutcome::Pending);
    tokio::time::sleep(Duration::from_millis(350)).await;
    let late = client.authorize(&key).await.unwrap();
    let AuthorizationOutcome::Authorized(a) = late.outcome() else {
        panic!("{late:?}")
    };
    assert_eq!(a.number.as_deref(), Some(key.as_str()));
    assert_eq!(
        a.document.as_deref(),
        Some(xml.as_str()),
        "the authorized XML is the signed one, byte for byte"
    );
    assert_eq!(a.environment.as_deref(), Some("PRUEBAS"));
    assert!(a.date_parsed().is_some());
    assert!(
        a.messages
            .iter()
            .any(|m| m.identifier == "60" && m.kind == MessageKind::Info)
    );
    assert_eq!(late.access_key, key);
}

#[tokio::test]
async fn every_document_type_is_authorized() {
    let (_sim, client) = setup(0).await;
    for doc in [
        fixtures::credit_note(),
        fixtures::guide(),
        fixtures::withholding(),
    ] {
        let signed = build_and_sign(
            &doc,
            &context(),
            &TestPki::get().identity(),
            &SignOptions::now(),
        )
        .unwrap();
        let r = client.send(signed.signed_xml.as_bytes()).await.unwrap();
        assert_eq!(r.status, ReceptionStatus::Recibida, "{r:?}");
        let a = client.authorize(signed.access_key.as_str()).await.unwrap();
        assert!(
            matches!(a.outcome(), AuthorizationOutcome::Authorized(_)),
            "{a:?}"
        );
    }
}

#[tokio::test]
async fn schema_invalid_document_is_devuelta_35() {
    let (_sim, client) = setup(0).await;
    let (key, xml) = signed_invoice(1002, "22222222");
    let broken = xml.replacen("<razonSocial>EMPRESA DE PRUEBA S.A.</razonSocial>", "", 1);
    let r = client.send(broken.as_bytes()).await.unwrap();
    assert_eq!(r.status, ReceptionStatus::Devuelta);
    assert_eq!(r.documents[0].access_key, key);
    let m = &r.documents[0].messages[0];
    assert_eq!(
        (m.identifier.as_str(), m.message.as_str()),
        ("35", "ARCHIVO NO CUMPLE ESTRUCTURA XML")
    );
    assert!(
        m.additional_info
            .as_deref()
            .unwrap_or("")
            .contains("nombreComercial"),
        "{m:?}"
    );
    let a = client.authorize(&key).await.unwrap();
    assert_eq!(
        a.outcome(),
        AuthorizationOutcome::NotFound,
        "a DEVUELTA document is not stored"
    );
}

#[tokio::test]
async fn tampered_signature_is_devuelta_39() {
    let (_sim, client) = setup(0).await;
    let (_, xml) = signed_invoice(1003, "33333333");
    let tampered = xml.replacen("<propina>0.50</propina>", "<propina>0.60</propina>", 1);
    let r = client.send(tampered.as_bytes()).await.unwrap();
    assert_eq!(r.status, ReceptionStatus::Devuelta);
    let m = &r.documents[0].messages[0];
    assert_eq!(m.identifier, "39");
    assert!(
        m.additional_info
            .as_deref()
            .unwrap_or("")
            .contains("no corresponde"),
        "{m:?}"
    );
}

#[tokio::test]
async fn duplicates_get_70_43_and_45() {
    let (sim, client) = setup(300).await;
    let (key, xml) = signed_invoice(1004, "44444444");
    assert_eq!(
        client.send(xml.as_bytes()).await.unwrap().status,
        ReceptionStatus::Recibida
    );
    let again = client.send(xml.as_bytes()).await.unwrap();
    assert!(again.has_code("70"), "{again:?}");
    let (_, same_sequential) = signed_invoice(1004, "55555555");
    let r45 = client.send(same_sequential.as_bytes()).await.unwrap();
    assert!(r45.has_code("45"), "{r45:?}");
    tokio::time::sleep(Duration::from_millis(350)).await;
    assert!(matches!(
        client.authorize(&key).await.unwrap().outcome(),
        AuthorizationOutcome::Authorized(_)
    ));
    let after = client.send(xml.as_bytes()).await.unwrap();
    assert_eq!(after.status, ReceptionStatus::Devuelta);
    assert!(after.has_code("43"), "{after:?}");
    let state = sim.handle.state();
    assert_eq!(state.reception_requests, 4);
    assert_eq!(state.documents.len(), 1);
}

#[tokio::test]
async fn timeout_is_not_an_answer_and_the_document_may_exist() {
    let (sim, client) = setup(0).await;
    sim.handle
        .set_reception(FaultRule::always(FaultMode::HangAfterProcessing).times(1));
    let (key, xml) = signed_invoice(1005, "66666666");
    let err = client.send(xml.as_bytes()).await.unwrap_err();
    assert_eq!(err, SoapError::Timeout);
    assert!(err.may_have_been_received());
    // The state machine queries before resending: the SRI did get it.
    let a = client.authorize(&key).await.unwrap();
    assert!(
        matches!(a.outcome(), AuthorizationOutcome::Authorized(_)),
        "{a:?}"
    );
    let resend = client.send(xml.as_bytes()).await.unwrap();
    assert!(resend.has_code("43"));

    sim.handle
        .set_reception(FaultRule::always(FaultMode::Hang).times(1));
    let (key2, xml2) = signed_invoice(1006, "77777777");
    assert_eq!(
        client.send(xml2.as_bytes()).await.unwrap_err(),
        SoapError::Timeout
    );
    assert_eq!(
        client.authorize(&key2).await.unwrap().outcome(),
        AuthorizationOutcome::NotFound
    );
    assert_eq!(
        client.send(xml2.as_bytes()).await.unwrap().status,
        ReceptionStatus::Recibida
    );
}

#[tokio::test]
async fn http_500_is_a_soap_fault_not_an_answer() {
    let (sim, client) = setup(0).await;
    sim.handle
        .set_authorization(FaultRule::always(FaultMode::Error500));
    let err = client.authorize("1").await.unwrap_err();
    assert!(matches!(err, SoapError::Fault { .. }), "{err:?}");
    sim.handle.set_authorization(FaultRule::NORMAL);
    assert_eq!(
        client.authorize("1").await.unwrap().outcome(),
        AuthorizationOutcome::NotFound
    );
}

#[tokio::test]
async fn rejected_authorization_can_be_resent_with_the_same_clave() {
    let (sim, client) = setup(0).await;
    sim.handle.set_authorization(FaultRule::reject(2).times(1));
    let (key, xml) = signed_invoice(1007, "88888888");
    client.send(xml.as_bytes()).await.unwrap();
    let a = client.authorize(&key).await.unwrap();
    let AuthorizationOutcome::NotAuthorized(na) = a.outcome() else {
        panic!("{a:?}")
    };
    assert_eq!(na.messages[0].identifier, "2");
    assert_eq!(
        na.messages[0].message,
        "RUC DEL EMISOR SE ENCUENTRA NO ACTIVO"
    );
    assert_eq!(
        client.send(xml.as_bytes()).await.unwrap().status,
        ReceptionStatus::Recibida
    );
    assert!(matches!(
        client.authorize(&key).await.unwrap().outcome(),
        AuthorizationOutcome::Authorized(_)
    ));
}

#[tokio::test]
async fn wrong_amounts_are_not_authorized_52_and_wrong_clave_58() {
    let (_sim, client) = setup(0).await;
    let mut doc = fixtures::invoice();
    doc.header_mut().sequential = 1008;
    let built = super::document::build(&doc, &context()).unwrap();
    let wrong_total = built.xml.replace(
        "<importeTotal>12.80</importeTotal>",
        "<importeTotal>12.81</importeTotal>",
    );
    assert_ne!(wrong_total, built.xml);
    let xml = signed_xml(&wrong_total);
    assert_eq!(
        client.send(xml.as_bytes()).await.unwrap().status,
        ReceptionStatus::Recibida
    );
    let a = client.authorize(built.access_key.as_str()).await.unwrap();
    let AuthorizationOutcome::NotAuthorized(na) = a.outcome() else {
        panic!("{a:?}")
    };
    assert_eq!(na.messages[0].identifier, "52");
    assert!(
        na.messages[0]
            .additional_info
            .as_deref()
            .unwrap_or("")
            .contains("importeTotal")
    );

    let mut doc = fixtures::invoice();
    doc.header_mut().sequential = 1009;
    let built = super::document::build(&doc, &context()).unwrap();
    let other_sequential = built.xml.replace(
        "<secuencial>000001009</secuencial>",
        "<secuencial>000001010</secuencial>",
    );
    client
        .send(signed_xml(&other_sequential).as_bytes())
        .await
        .unwrap();
    let a = client.authorize(built.access_key.as_str()).await.unwrap();
    let AuthorizationOutcome::NotAuthorized(na) = a.outcome() else {
        panic!("{a:?}")
    };
    assert_eq!(na.messages[0].identifier, "58");
}

#[tokio::test]
async fn control_endpoint_over_http() {
    let (sim, client) = setup(0).await;
    let http = reqwest::Client::new();
    let post = |body: &'static str| {
        http.post(format!("{}/simulador/control", sim.base_url()))
            .header("Content-Type", "application/json")
            .body(body)
            .send()
    };
    let text = post(r#"{"reception": {"mode": "reject", "code": 65, "times": 1}, "delayMs": 0}"#)
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let state: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(state["receptionRequests"], 0);
    let (_, xml) = signed_invoice(1011, "12121212");
    let r = client.send(xml.as_bytes()).await.unwrap();
    assert!(r.has_code("65"), "{r:?}");
    assert_eq!(
        client.send(xml.as_bytes()).await.unwrap().status,
        ReceptionStatus::Recibida
    );
    let text = http
        .get(format!("{}/simulador/estado", sim.base_url()))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let state: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(state["documents"].as_array().map(Vec::len), Some(1));
    let bad = post(r#"{"recepcion": {}}"#).await.unwrap();
    assert!(bad.status().is_client_error());
}

#[tokio::test]
async fn the_same_comprobante_model_is_accepted_after_a_fix() {
    let (_sim, client) = setup(0).await;
    let (key, xml) = signed_invoice(1012, "13131313");
    let broken = xml.replacen("<ambiente>1</ambiente>", "<ambiente>3</ambiente>", 1);
    assert!(client.send(broken.as_bytes()).await.unwrap().has_code("35"));
    assert_eq!(
        client.send(xml.as_bytes()).await.unwrap().status,
        ReceptionStatus::Recibida
    );
    assert!(matches!(
        client.authorize(&key).await.unwrap().outcome(),
        AuthorizationOutcome::Authorized(_)
    ));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_duplicates_are_received_once() {
    let (sim, client) = setup(60_000).await;
    let (_, xml) = signed_invoice(1013, "14141414");
    let sends = (0..8).map(|_| {
        let client = client.clone();
        let xml = xml.clone();
        tokio::spawn(async move { client.send(xml.as_bytes()).await })
    });
    let mut received = 0;
    let mut in_process = 0;
    for s in sends {
        let r = s.await.unwrap().unwrap();
        if r.status == ReceptionStatus::Recibida {
            received += 1;
        } else if r.has_code("70") {
            in_process += 1;
        }
    }
    assert_eq!((received, in_process), (1, 7));
    assert_eq!(sim.handle.state().documents.len(), 1);
}
