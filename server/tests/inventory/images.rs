//! Product pictures: upload, serve, replace, remove; the logo's rules (PNG or JPEG by signature,
//! 512 KB); roles (admin and user change it, every role sees it); the company boundary; locked
//! products; the list's `imageVersion`.

use serde_json::json;

use crate::util::client::multipart;
use crate::util::fixtures::Tenants;
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(product_pictures);

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR-imagen-de-prueba";
const JPEG: &[u8] = &[0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, b'J', b'F', b'I', b'F'];

async fn product_pictures(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut user = app.signed_in(t.user_a).await;
    let created = user
        .post_json(
            "/api/item/register",
            json!({ "code": "IMG1", "name": "Café molido", "price": "3.50", "ivaCode": "4",
                    "unit": "unidad" }),
        )
        .await;
    assert_eq!(created.status, 201, "{}", created.text());
    let id = created.json()["_id"].as_i64().unwrap();
    assert!(created.json()["imageVersion"].is_null());
    let path = format!("/api/item/{id}/image");
    assert_eq!(user.get(&path).await.status, 404);

    let token = user.csrf().await;
    // Not an image, too large: field errors in Spanish, nothing stored.
    let text = user
        .send(multipart(&path, "image", &token, b"hola", "image/png"))
        .await;
    assert_eq!(text.status, 400);
    assert_eq!(
        text.json()["errors"]["image"],
        "El archivo debe ser una imagen PNG o JPEG"
    );
    let huge = [PNG, &vec![0u8; 600 * 1024]].concat();
    let too_big = user
        .send(multipart(&path, "image", &token, &huge, "image/png"))
        .await;
    assert_eq!(too_big.status, 400);
    assert_eq!(user.get(&path).await.status, 404);

    let ok = user
        .send(multipart(&path, "image", &token, PNG, "image/png"))
        .await;
    assert_eq!(ok.status, 200, "{}", ok.text());
    assert_eq!(ok.message(), "Imagen del producto actualizada");
    let served = user.get(&path).await;
    assert_eq!(served.status, 200);
    assert_eq!(served.header("content-type").as_deref(), Some("image/png"));
    assert_eq!(served.body.as_ref(), PNG);
    let listed = user.get("/api/item?search=cafe").await.json();
    let version = listed["results"][0]["imageVersion"]
        .as_i64()
        .expect("versión");

    // Replaced by a JPEG (told apart by its signature, whatever the browser claims).
    let replaced = user
        .send(multipart(&path, "image", &token, JPEG, "image/png"))
        .await;
    assert_eq!(replaced.status, 200);
    let served = user.get(&path).await;
    assert_eq!(served.header("content-type").as_deref(), Some("image/jpeg"));
    assert_eq!(served.body.as_ref(), JPEG);
    let after = user.get(&format!("/api/item/{id}")).await.json();
    assert!(after["imageVersion"].as_i64().unwrap() >= version);

    // The cashier sees it and may not change it; another company gets 404 either way.
    let mut cashier = app.signed_in(t.cashier_a).await;
    assert_eq!(cashier.get(&path).await.status, 200);
    let cashier_token = cashier.csrf().await;
    let refused = cashier
        .send(multipart(&path, "image", &cashier_token, PNG, "image/png"))
        .await;
    assert_eq!(refused.status, 403);
    let mut other = app.signed_in(t.admin_b).await;
    assert_eq!(other.get(&path).await.status, 404);
    let other_token = other.csrf().await;
    let foreign = other
        .send(multipart(&path, "image", &other_token, PNG, "image/png"))
        .await;
    assert_eq!(foreign.status, 404);
    assert_eq!(
        other
            .post_json(&format!("{path}/delete"), json!({}))
            .await
            .status,
        404
    );
    assert_eq!(user.get(&path).await.body.as_ref(), JPEG);

    // A locked product keeps its picture.
    let lock = user
        .post_json(&format!("/api/item/{id}/lock"), json!({ "locked": true }))
        .await;
    assert_eq!(lock.status, 200, "{}", lock.text());
    let locked = user.post_json(&format!("{path}/delete"), json!({})).await;
    assert_eq!(locked.status, 409);
    user.post_json(&format!("/api/item/{id}/lock"), json!({ "locked": false }))
        .await;

    let removed = user.post_json(&format!("{path}/delete"), json!({})).await;
    assert_eq!(removed.status, 200, "{}", removed.text());
    assert_eq!(removed.message(), "Imagen del producto eliminada");
    assert_eq!(user.get(&path).await.status, 404);
    assert!(user.get(&format!("/api/item/{id}")).await.json()["imageVersion"].is_null());
}
