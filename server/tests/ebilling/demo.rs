//! The README's first command issues facturas with nothing else: `serve --demo` without
//! `MOSTRADOR_SECRET` or `SRI_URL` keeps a generated secret in its data folder (owner-only), gives
//! the demo company a signing certificate, starts the SRI stand-in inside the process, and a
//! cashier's factura express reaches AUTORIZADO; every e-billing screen says where documents go.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::util::process::{Server, Session};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_demo_authorizes_a_factura_out_of_the_box() {
    let folder = tempfile::tempdir().unwrap();
    let database = format!(
        "sqlite://{}",
        folder.path().join("data").join("mostrador.db").display()
    );
    std::fs::create_dir_all(folder.path().join("data")).unwrap();
    let (_server, base): (Server, String) = start_demo(&database, folder.path()).await;

    // The secret the server made, readable by its owner only.
    let secret = folder.path().join("data").join("secret");
    let mode =
        std::os::unix::fs::PermissionsExt::mode(&std::fs::metadata(&secret).unwrap().permissions());
    assert_eq!(mode & 0o777, 0o600, "{mode:o}");
    assert!(std::fs::read_to_string(&secret).unwrap().trim().len() >= 32);
    // The Lector's sample report sits in the same data folder, not in a folder every demo on the
    // machine shares.
    let report = folder
        .path()
        .join("data")
        .join("mostrador-demo-recibidos.txt");
    let report = std::fs::read_to_string(&report).expect("el reporte de recibidos de la demo");
    assert!(report.starts_with("RUC_EMISOR\t"), "{report}");

    // The cashier opens a shift and sells a factura express to the consumidor final.
    let cashier = Session::new(&base, "cajero@demo.ec", "demo12345").await;
    let admin = Session::new(&base, "admin@demo.ec", "demo12345").await;
    let registers: Value =
        serde_json::from_str(&admin.get("/api/cashRegister?limit=10").await.1).unwrap();
    let register = registers["results"]
        .as_array()
        .and_then(|r| r.first())
        .map(|r| r["_id"].clone())
        .unwrap_or_else(|| panic!("cajas: {registers}"));
    let (status, turn) = cashier
        .post(
            "/api/Turn/open",
            json!({ "cashRegisterId": register, "openingAmount": "20.00" }),
        )
        .await;
    assert_eq!(status, 201, "{turn}");
    let items: Value = serde_json::from_str(&cashier.get("/api/item?limit=50").await.1).unwrap();
    let product = items["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["kind"] == "product")
        .expect("un producto")["_id"]
        .clone();
    let lines = json!([{ "productId": product, "quantity": "1" }]);
    let (status, preview) = cashier
        .post("/api/sales/note/preview", json!({ "lines": lines }))
        .await;
    assert_eq!(status, 200, "{preview}");
    let total = preview["total"].as_str().unwrap().to_string();
    let (status, sale) = cashier
        .post(
            "/api/sales/invoice/register",
            json!({ "idempotencyKey": "prueba-factura-demo", "lines": lines,
                    "payments": [{ "method": "cash", "amount": total, "received": total }] }),
        )
        .await;
    assert_eq!(status, 201, "{sale}");
    let id = sale["_id"].as_i64().unwrap();
    let started = Instant::now();
    loop {
        let (_, view) = cashier.get(&format!("/api/sales/invoice/{id}")).await;
        let view: Value = serde_json::from_str(&view).unwrap();
        if view["statusCode"] == "authorized" {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "la factura no llegó a AUTORIZADO: {view}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }

    // The e-billing screens say the documents went to the demo's stand-in.
    for page in [
        "/admin/ebilling",
        "/admin/ebilling/test",
        "/admin/ebilling/factura",
        "/admin/ebilling/nota_de_credito",
        "/admin/ebilling/guiaDeRemision",
    ] {
        let (status, html) = admin.get(page).await;
        assert_eq!(status, 200, "{page}");
        assert!(
            html.contains("Simulador local del SRI (demostración)"),
            "{page} no nombra el simulador"
        );
    }
}

/// `serve --demo` in `folder` on `database`, without the variables a newcomer does not set; its
/// base URL, read from what it prints (its output is read to the end, so it never writes into a
/// closed pipe).
async fn start_demo(database: &str, folder: &std::path::Path) -> (Server, String) {
    let mut server = Server(
        std::process::Command::new(crate::util::process::BIN)
            .args(["serve", "--demo", "--port", "0"])
            .current_dir(folder)
            .env("DATABASE_URL", database)
            .env_remove("MOSTRADOR_SECRET")
            .env_remove("SRI_URL")
            .env("LOG", "warn")
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("servidor"),
    );
    let stdout = server.0.stdout.take().unwrap();
    let (found, address) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        use std::io::BufRead;
        for line in std::io::BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
        {
            if let Some(address) = line.strip_prefix("Mostrador escuchando en ") {
                let _ = found.send(address.trim().to_string());
            }
        }
    });
    let base = tokio::task::spawn_blocking(move || address.recv_timeout(Duration::from_secs(120)))
        .await
        .unwrap()
        .expect("el servidor no arrancó");
    (server, base)
}
