//! The buyer's e-mail of an authorized factura (issue 23): queued in the transaction that stores
//! AUTORIZADO, once per document; delivered to a real SMTP server with the authorized XML and the
//! RIDE (self-contained HTML) attached and a signed, expiring link that opens the RIDE without a
//! session; a tampered or expired link is refused; `POST /api/ebilling/documents/{id}/email`
//! queues it again (another company gets 404); a consumidor final without e-mail gets nothing; an
//! authorized nota de crédito reaches its buyer (the client of the credit note) the same way, and
//! an authorized guía de remisión each destinatario that gave an e-mail on its form.

use std::time::{Duration, Instant};

use base64::Engine as _;
use mostrador::config::Secret;
use mostrador::models::mail::outbox;
use mostrador::services::ebilling::ride_link::{EXPIRED, INVALID, LinkKey};
use mostrador::sri::queue::worker::{Worker, WorkerHandle};
use mostrador::sri::simulator::{self, RunningSimulator, SimulatorConfig};
use serde_json::{Value, json};

use crate::ebilling::support::upload_certificate;
use crate::sales::support::{Shop, cash_sale};
use crate::sri::support::worker_config;
use crate::util::app::TEST_SECRET;
use crate::util::smtp::find_link;
use crate::util::{Backend, Client, TestApp, on_both_backends};

on_both_backends!(
    authorized_factura_reaches_the_buyer_with_xml_ride_and_link,
    consumidor_final_without_email_gets_no_mail,
    authorized_credit_note_reaches_the_buyer_with_xml_and_ride,
    authorized_guide_reaches_each_recipient_with_xml_and_ride,
);

/// A shop with its certificate, the SRI stand-in and an SMTP sink; the SRI worker starts with
/// [`EShop::start_worker`].
struct EShop {
    app: TestApp,
    shop: Shop,
    sim: RunningSimulator,
    worker: Option<WorkerHandle>,
}

impl EShop {
    async fn open(backend: Backend) -> EShop {
        let sim = simulator::spawn(SimulatorConfig {
            authorization_delay: Duration::from_millis(100),
            ..SimulatorConfig::default()
        })
        .await
        .expect("simulador del SRI");
        let app = TestApp::with_smtp(backend).await;
        let shop = Shop::open(&app).await;
        upload_certificate(&app, shop.tenants.admin_a).await;
        EShop {
            app,
            shop,
            sim,
            worker: None,
        }
    }

    fn start_worker(&mut self) {
        self.worker = Some(
            Worker::new(
                self.app.state.db.clone(),
                worker_config(&self.sim),
                mostrador::services::ebilling::mail::on_authorized,
            )
            .expect("trabajador")
            .spawn(),
        );
    }

    /// A client identified by cédula with `email`; its id.
    async fn client(&mut self, email: &str) -> i64 {
        let r = self
            .shop
            .user
            .post_json(
                "/api/clients/register",
                json!({ "idType": "cedula", "identification": "1710034065", "name": "Juana Pérez",
                        "email": email, "address": "Av. Amazonas N34-12" }),
            )
            .await;
        assert_eq!(r.status, 201, "{}", r.text());
        r.json()["_id"].as_i64().unwrap()
    }

    /// Registers a factura of 2 × 1.00 at 0 % for `client` (consumidor final when `None`), without
    /// información adicional (the e-mail comes from the client); `(sale id, document id, clave)`.
    async fn factura(&mut self, key: &str, client: Option<i64>) -> (i64, i64, String) {
        let bread = self
            .shop
            .product(&format!("P-{key}"), "Pan", "1.00", "0", "100", "0.50")
            .await;
        let mut body = cash_sale(key, &[(bread, "2")], "2.00", "2.00");
        body["clientId"] = json!(client);
        let r = self
            .shop
            .cashier
            .post_json("/api/sales/invoice/register", body)
            .await;
        assert_eq!(r.status, 201, "{}", r.text());
        let sale = r.json();
        (
            sale["_id"].as_i64().unwrap(),
            sale["documentId"].as_i64().unwrap(),
            sale["accessKey"].as_str().unwrap().to_string(),
        )
    }
}

/// Asks for the factura until it is AUTORIZADO (at most 20 s).
async fn wait_authorized(client: &mut Client, id: i64) -> Value {
    let started = Instant::now();
    loop {
        let view = client.get(&format!("/api/sales/invoice/{id}")).await.json();
        if view["statusCode"] == "authorized" {
            return view;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "la factura no llegó a AUTORIZADO: {view}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The raw messages to `to` received so far.
fn raw_messages(app: &TestApp, to: &str) -> Vec<String> {
    app.smtp
        .as_ref()
        .expect("SMTP")
        .messages()
        .into_iter()
        .filter(|m| m.lines().next().is_some_and(|l| l.contains(to)))
        .collect()
}

/// The attachments of a raw MIME message (all base64): `(file name, content type, bytes)`.
fn attachments(raw: &str) -> Vec<(String, String, Vec<u8>)> {
    let raw = raw.replace("\r\n", "\n");
    let mut found = Vec::new();
    for part in raw.split("\n--") {
        let Some((headers, body)) = part.split_once("\n\n") else {
            continue;
        };
        let headers = headers.replace("\n ", " ").replace("\n\t", " ");
        // A long name is written as an RFC 2231 parameter (`filename*0="…"`).
        let Some(name) = headers
            .split("filename=\"")
            .nth(1)
            .or_else(|| headers.split("filename*0=\"").nth(1))
            .and_then(|rest| rest.split('"').next())
        else {
            continue;
        };
        let kind = headers
            .lines()
            .find_map(|l| l.strip_prefix("Content-Type: "))
            .unwrap_or_default()
            .to_string();
        assert!(
            headers.contains("Content-Transfer-Encoding: base64"),
            "{headers}"
        );
        let encoded: String = body.chars().filter(|c| !c.is_whitespace()).collect();
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(encoded)
            .expect("base64");
        found.push((name.to_string(), kind, bytes));
    }
    found
}

/// What the buyer's e-mail of an authorized document must say and carry.
struct Mail<'a> {
    /// The decoded message.
    text: &'a str,
    /// «Factura 001-001-…», «Nota de crédito 001-001-…».
    header: &'a str,
    /// «USD 2.00» (a guía has none, and its message says no total).
    total: Option<&'a str>,
    key: &'a str,
    document: i64,
    authorization: &'a str,
}

impl Mail<'_> {
    /// The message to `to` is the only one; it names the issuer, the document, its total, its
    /// authorization and clave, and carries the authorized XML (the API's, `<clave>.xml`) and the
    /// RIDE (`<clave>.html`, with the authorization and the inline Code 128, without scripts).
    async fn check(&self, app: &TestApp, cashier: &mut Client, to: &str) {
        let text = self.text;
        for part in ["EMPRESA A S.A.", self.header, self.authorization, self.key] {
            assert!(text.contains(part), "{part}:\n{text}");
        }
        match self.total {
            Some(total) => assert!(text.contains(total), "{total}:\n{text}"),
            None => assert!(!text.contains("Valor total"), "{text}"),
        }
        let raw = raw_messages(app, to);
        assert_eq!(raw.len(), 1, "un solo correo por comprobante");
        let files = attachments(&raw[0]);
        assert_eq!(files.len(), 2, "{files:?}");
        let key = self.key;
        let (xml_name, xml_type, xml) = &files[0];
        assert_eq!(xml_name, &format!("{key}.xml"));
        assert!(xml_type.starts_with("application/xml"), "{xml_type}");
        let api_xml = cashier
            .get(&format!("/api/ebilling/documents/{}/xml", self.document))
            .await;
        assert_eq!(api_xml.status, 200);
        assert_eq!(String::from_utf8(xml.clone()).unwrap(), api_xml.text());
        let (ride_name, ride_type, ride) = &files[1];
        assert_eq!(ride_name, &format!("{key}.html"));
        assert!(ride_type.starts_with("text/html"), "{ride_type}");
        let ride = String::from_utf8(ride.clone()).unwrap();
        assert!(ride.contains(self.authorization), "{ride}");
        assert!(ride.contains("<svg"), "Code 128 en línea");
        assert!(
            !ride.contains("<script"),
            "el RIDE adjunto no lleva scripts"
        );
    }
}

async fn authorized_factura_reaches_the_buyer_with_xml_ride_and_link(backend: Backend) {
    let mut e = EShop::open(backend).await;
    let juana = e.client("Juana@Example.com").await;
    e.start_worker();
    let (sale, document, key) = e.factura("m-1", Some(juana)).await;
    let done = wait_authorized(&mut e.shop.cashier, sale).await;
    let authorization = done["authorizationNumber"].as_str().unwrap().to_string();

    let sink = e.app.smtp.as_ref().unwrap();
    let text = sink.wait_for("juana@example.com").await;
    let header = "Factura 001-001-000000001";
    let mail = Mail {
        text: &text,
        header,
        total: Some("USD 2.00"),
        key: &key,
        document,
        authorization: &authorization,
    };
    mail.check(&e.app, &mut e.shop.cashier, "juana@example.com")
        .await;

    // Exactly once: a second attempt (another server storing the same state) queues nothing.
    let again = e
        .app
        .db(move |conn| outbox::for_document(conn, document).expect("bandeja"))
        .await;
    assert_eq!(again.len(), 1);
    assert!(again[0].sri_automatic);
    let queued = e
        .app
        .db(move |conn| {
            mostrador::services::ebilling::mail::on_authorized(conn, document).expect("correo")
        })
        .await;
    assert!(!queued, "el correo automático se encola una sola vez");

    // The link opens the RIDE without a session, and nothing else.
    let link = find_link(&text, "/ride/");
    let path = link
        .strip_prefix("http://mostrador.test")
        .expect("enlace con PUBLIC_URL")
        .to_string();
    assert!(path.starts_with(&format!("/ride/{key}?expira=")), "{path}");
    let mut visitor = e.app.client();
    let page = visitor.get(&path).await;
    assert_eq!(page.status, 200, "{}", page.text());
    let html = page.text();
    assert!(html.contains(&authorization), "{html}");
    assert!(!html.contains("<script"), "{html}");
    assert!(
        !html.contains("/admin/"),
        "sin menú ni enlaces de la app: {html}"
    );
    // Served again from the RIDE cache, identical.
    assert_eq!(visitor.get(&path).await.text(), html);

    // A tampered link (signature, clave or expiry changed) is refused with 403.
    let flip = |c: char| if c == '0' { '1' } else { '0' };
    let mut tampered = path.clone();
    let last = tampered.pop().unwrap();
    tampered.push(flip(last));
    let (expires, signature) = {
        let query = path.split_once('?').unwrap().1;
        let get = |name: &str| {
            query
                .split('&')
                .find_map(|p| p.strip_prefix(&format!("{name}=")))
                .unwrap()
                .to_string()
        };
        (get("expira"), get("firma"))
    };
    let later: i64 = expires.parse::<i64>().unwrap() + 86_400;
    for bad in [
        tampered,
        format!("/ride/{key}?expira={later}&firma={signature}"),
        format!("/ride/{key}"),
        format!("/ride/{key}?expira={expires}"),
    ] {
        let r = visitor.get(&bad).await;
        assert_eq!(r.status, 403, "{bad}");
        assert!(r.text().contains("no es válido"), "{bad}: {}", r.text());
        // Nothing of the document (the clave is in the address itself).
        assert!(!r.text().contains("EMPRESA A"), "{}", r.text());
        assert!(!r.text().contains("VALOR TOTAL"));
    }
    // An expired link, genuinely signed, is 410.
    let link_key = LinkKey::derive(&Secret::new(TEST_SECRET).unwrap()).unwrap();
    let past = chrono::Utc::now().timestamp() - 60;
    let expired = format!(
        "/ride/{key}?expira={past}&firma={}",
        link_key.sign(&key, past).unwrap()
    );
    let r = visitor.get(&expired).await;
    assert_eq!(r.status, 410, "{}", r.text());
    assert!(r.text().contains("caducó"), "{}", r.text());
    assert!(!r.text().contains("EMPRESA A"), "{}", r.text());
    assert!(EXPIRED.contains("caducó") && INVALID.contains("no es válido"));

    // /admin/ebilling offers «Enviar por correo» for the authorized factura.
    let page = e.shop.cashier.get("/admin/ebilling").await.text();
    assert!(page.contains("Enviar por correo"), "{page}");
    // E-mail again, to the buyer and to another address; a bad address is 400.
    let r = e
        .shop
        .cashier
        .post_json(
            &format!("/api/ebilling/documents/{document}/email"),
            json!({}),
        )
        .await;
    assert_eq!(r.status, 202, "{}", r.text());
    assert_eq!(r.json()["to"], "juana@example.com");
    let r = e
        .shop
        .user
        .post_json(
            &format!("/api/ebilling/documents/{document}/email"),
            json!({ "to": "contadora@example.com" }),
        )
        .await;
    assert_eq!(r.status, 202, "{}", r.text());
    let copy = sink.wait_for("contadora@example.com").await;
    assert!(copy.contains(&key));
    assert_eq!(
        attachments(&raw_messages(&e.app, "contadora@example.com")[0]).len(),
        2
    );
    let started = Instant::now();
    while raw_messages(&e.app, "juana@example.com").len() < 2 {
        assert!(
            started.elapsed() < Duration::from_secs(15),
            "no llegó el reenvío"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let r = e
        .shop
        .user
        .post_json(
            &format!("/api/ebilling/documents/{document}/email"),
            json!({ "to": "no es un correo" }),
        )
        .await;
    assert_eq!(r.status, 400, "{}", r.text());
    // Another company's user: 404, nothing queued.
    let mut other = e.app.signed_in(e.shop.tenants.admin_b).await;
    let r = other
        .post_json(
            &format!("/api/ebilling/documents/{document}/email"),
            json!({}),
        )
        .await;
    assert_eq!(r.status, 404, "{}", r.text());
    let rows = e
        .app
        .db(move |conn| outbox::for_document(conn, document).expect("bandeja"))
        .await;
    assert_eq!(rows.len(), 3);

    // Sending again is limited: ten a minute per user (the cashier sent one above), then 429;
    // another user of the company still may, until the company's hourly limit.
    let path = format!("/api/ebilling/documents/{document}/email");
    for _ in 0..9 {
        let r = e.shop.cashier.post_json(&path, json!({})).await;
        assert_eq!(r.status, 202, "{}", r.text());
    }
    let r = e.shop.cashier.post_json(&path, json!({})).await;
    assert_eq!(r.status, 429, "{}", r.text());
    assert!(
        r.message().contains("se admiten 10 por minuto"),
        "{}",
        r.message()
    );
    assert_eq!(e.shop.admin.post_json(&path, json!({})).await.status, 202);
    let admin_email = e.shop.tenants.admin_a;
    e.app
        .db(move |conn| {
            use mostrador::auth::mail_limit::{PER_COMPANY, WINDOW};
            use mostrador::models::auth::login_failure::{Scope, record};
            let company = mostrador::models::auth::user::User::find_by_email(conn, admin_email)
                .unwrap()
                .unwrap()
                .company()
                .unwrap();
            for _ in 0..PER_COMPANY {
                record(conn, Scope::MailCompany, &company.get().to_string(), WINDOW).unwrap();
            }
        })
        .await;
    let r = e.shop.admin.post_json(&path, json!({})).await;
    assert_eq!(r.status, 429, "{}", r.text());
    assert!(r.message().contains("correos por hora"), "{}", r.message());
    let rows = e
        .app
        .db(move |conn| outbox::for_document(conn, document).expect("bandeja"))
        .await;
    assert_eq!(rows.len(), 3 + 9 + 1, "lo rechazado no se encola");
}

async fn consumidor_final_without_email_gets_no_mail(backend: Backend) {
    let mut e = EShop::open(backend).await;
    // Before the worker runs, the document is only signed: e-mailing it is 409.
    let (sale, document, _) = e.factura("cf-1", None).await;
    let r = e
        .shop
        .cashier
        .post_json(
            &format!("/api/ebilling/documents/{document}/email"),
            json!({ "to": "alguien@example.com" }),
        )
        .await;
    assert_eq!(r.status, 409, "{}", r.text());
    assert!(
        r.json()["message"]
            .as_str()
            .unwrap()
            .contains("no está autorizado")
    );
    e.start_worker();
    wait_authorized(&mut e.shop.cashier, sale).await;
    // Give the mail worker time to deliver anything it had.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let rows = e
        .app
        .db(move |conn| outbox::for_document(conn, document).expect("bandeja"))
        .await;
    assert!(rows.is_empty(), "nada para el consumidor final sin correo");
    assert!(e.app.smtp.as_ref().unwrap().messages().is_empty());
    // Without a recipient there is nothing to e-mail again; with one it goes.
    let r = e
        .shop
        .cashier
        .post_json(
            &format!("/api/ebilling/documents/{document}/email"),
            json!({}),
        )
        .await;
    assert_eq!(r.status, 409, "{}", r.text());
    assert!(
        r.json()["message"]
            .as_str()
            .unwrap()
            .contains("no tiene correo")
    );
    let r = e
        .shop
        .cashier
        .post_json(
            &format!("/api/ebilling/documents/{document}/email"),
            json!({ "to": "alguien@example.com" }),
        )
        .await;
    assert_eq!(r.status, 202, "{}", r.text());
    e.app
        .smtp
        .as_ref()
        .unwrap()
        .wait_for("alguien@example.com")
        .await;
}

async fn authorized_credit_note_reaches_the_buyer_with_xml_and_ride(backend: Backend) {
    let mut e = EShop::open(backend).await;
    let juana = e.client("juana@example.com").await;
    e.start_worker();
    let bread = e
        .shop
        .product("P-nc", "Pan", "1.00", "0", "100", "0.50")
        .await;
    // The factura goes to the address of its información adicional; the nota de crédito, which
    // carries none, to the client's.
    let mut body = cash_sale("nc-f", &[(bread, "2")], "2.00", "2.00");
    body["clientId"] = json!(juana);
    body["additionalInfo"] = json!([{ "name": "Email", "value": "compras@example.com" }]);
    let r = e
        .shop
        .cashier
        .post_json("/api/sales/invoice/register", body)
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let sale = r.json()["_id"].as_i64().unwrap();
    wait_authorized(&mut e.shop.cashier, sale).await;
    let r = e
        .shop
        .cashier
        .post_json(
            "/api/ebilling/creditNote/register",
            super::credit_notes::body(sale, &[(bread, "1")], "cash"),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let note = r.json();
    let id = note["_id"].as_i64().unwrap();
    let document = note["documentId"].as_i64().unwrap();
    let key = note["accessKey"].as_str().unwrap().to_string();
    let started = Instant::now();
    let done = loop {
        let view = e
            .shop
            .cashier
            .get(&format!("/api/ebilling/creditNote/{id}"))
            .await
            .json();
        if view["statusCode"] == "authorized" {
            break view;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "la nota de crédito no llegó a AUTORIZADO: {view}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let authorization = done["authorizationNumber"].as_str().unwrap().to_string();

    let sink = e.app.smtp.as_ref().unwrap();
    let text = sink.wait_for("juana@example.com").await;
    // The text part is quoted-printable: «crédito» is written «cr=C3=A9dito».
    let header = "Nota de cr=C3=A9dito 001-001-000000001";
    let mail = Mail {
        text: &text,
        header,
        total: Some("USD 1.00"),
        key: &key,
        document,
        authorization: &authorization,
    };
    mail.check(&e.app, &mut e.shop.cashier, "juana@example.com")
        .await;
    // The factura's own e-mail went to its address, not to the credit note's buyer.
    sink.wait_for("compras@example.com").await;
    let rows = e
        .app
        .db(move |conn| outbox::for_document(conn, document).expect("bandeja"))
        .await;
    assert_eq!(rows.len(), 1);
    assert!(rows[0].sri_automatic);
}

/// A standalone guía with a recipient per address in `emails` (`None`: without e-mail), each with
/// one free line.
fn guide_body(emails: &[Option<&str>]) -> Value {
    let today = mostrador::sri::validate::ecuador_today().to_string();
    let recipients: Vec<Value> = emails
        .iter()
        .enumerate()
        .map(|(i, email)| {
            json!({
                "idType": "cedula", "identification": "1710034065",
                "name": format!("Destinatario {i}"), "address": format!("Calle {i}, Quito"),
                "reason": "Venta", "email": email,
                "lines": [{ "code": format!("C-{i}"), "description": "Cajas", "quantity": "2" }]
            })
        })
        .collect();
    json!({
        "carrier": { "idType": "ruc", "identification": "1790016919001", "name": "Transportes Andinos" },
        "plate": "PBA-1234", "startDate": today, "endDate": today, "recipients": recipients
    })
}

async fn authorized_guide_reaches_each_recipient_with_xml_and_ride(backend: Backend) {
    let mut e = EShop::open(backend).await;
    // The e-mail is optional but checked.
    let r = e
        .shop
        .cashier
        .post_json(
            "/api/ebilling/remissionGuide/register",
            guide_body(&[Some("bodega@example.com"), Some("no es correo")]),
        )
        .await;
    assert_eq!(r.status, 400, "{}", r.text());
    assert_eq!(
        r.json()["errors"]["recipients[1].email"],
        "El correo electrónico no es válido"
    );
    e.start_worker();
    let r = e
        .shop
        .cashier
        .post_json(
            "/api/ebilling/remissionGuide/register",
            guide_body(&[
                Some(" Bodega@Example.com "),
                None,
                Some("tienda@example.com"),
            ]),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let guide = r.json();
    let id = guide["_id"].as_i64().unwrap();
    let document = guide["documentId"].as_i64().unwrap();
    let key = guide["accessKey"].as_str().unwrap().to_string();
    assert_eq!(guide["number"], "001-001-000000001");
    let started = Instant::now();
    let done = loop {
        let view = e
            .shop
            .cashier
            .get(&format!("/api/ebilling/remissionGuide/{id}"))
            .await
            .json();
        if view["state"] == "authorized" {
            break view;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "la guía no llegó a AUTORIZADO: {view}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let authorization = done["document"]["authorizationNumber"]
        .as_str()
        .expect("número de autorización")
        .to_string();

    // Each destinatario with an address gets its own message, with the XML and the guía's RIDE.
    let sink = e.app.smtp.as_ref().unwrap();
    for to in ["bodega@example.com", "tienda@example.com"] {
        let text = sink.wait_for(to).await;
        // Quoted-printable: «Guía de remisión».
        let mail = Mail {
            text: &text,
            header: "Gu=C3=ADa de remisi=C3=B3n 001-001-000000001",
            total: None,
            key: &key,
            document,
            authorization: &authorization,
        };
        mail.check(&e.app, &mut e.shop.cashier, to).await;
        let raw = raw_messages(&e.app, to);
        let files = attachments(&raw[0]);
        let ride = String::from_utf8(files[1].2.clone()).unwrap();
        for part in [
            "GUÍA DE REMISIÓN",
            "Transportes Andinos",
            "PBA-1234",
            "Destinatario 2",
        ] {
            assert!(ride.contains(part), "{part}");
        }
    }
    let rows = e
        .app
        .db(move |conn| outbox::for_document(conn, document).expect("bandeja"))
        .await;
    assert_eq!(rows.len(), 2, "one automatic message per address");
    assert!(rows.iter().all(|m| m.sri_automatic));
    // Once per address: storing the state again queues nothing.
    let queued = e
        .app
        .db(move |conn| {
            mostrador::services::ebilling::mail::on_authorized(conn, document).expect("correo")
        })
        .await;
    assert!(!queued);

    // «Enviar por correo» again, without an address: to every destinatario that has one.
    let r = e
        .shop
        .cashier
        .post_json(
            &format!("/api/ebilling/documents/{document}/email"),
            json!({}),
        )
        .await;
    assert_eq!(r.status, 202, "{}", r.text());
    assert_eq!(r.json()["to"], "bodega@example.com, tienda@example.com");
}
