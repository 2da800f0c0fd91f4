//! Company tax data (RUC rules of the SRI), the cashier's discount limit and the logo upload.

use serde_json::json;

use crate::util::client::multipart;
use crate::util::fixtures::{RUC_A, RUC_B, Tenants};
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(
    company_data_is_validated_and_saved,
    cashier_max_discount_is_saved_exactly_and_validated,
    logo_upload_checks_type_and_size
);

fn body(ruc: &str) -> serde_json::Value {
    json!({
        "ruc": ruc, "businessName": "EMPRESA A S.A.", "tradeName": "Tienda A", "mainAddress": "Av. Principal 1",
        "typeRegimen": "2", "accountingRequired": true, "specialTaxpayer": "5368", "isRet": true,
        "retentionAgentResolution": "1", "sriEnvironment": "produccion", "allowNegativeStock": true
    })
}

async fn company_data_is_validated_and_saved(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut admin = app.signed_in(t.admin_a).await;
    let saved = admin.post_json("/api/company/update", body(RUC_A)).await;
    assert_eq!(saved.status, 200, "{}", saved.text());
    let company = admin.get("/api/company").await.json();
    assert_eq!(company["typeRegimen"], "2");
    assert_eq!(company["tradeName"], "Tienda A");
    assert_eq!(company["isRet"], true);
    assert_eq!(company["hasLogo"], false);
    assert_eq!(company["allowNegativeStock"], true);
    // The user's selected data follows the company's regime.
    assert_eq!(
        admin.get("/api/user").await.json()["companySelectedData"],
        json!({ "branchOffice": { "_id": 1, "code": "001", "name": "Matriz" }, "typeRegimen": "2", "isRet": true })
    );

    // A natural person's RUC is checked with its cédula digit; companies only by structure.
    let wrong_digit = admin
        .post_json("/api/company/update", body("1714307104001"))
        .await;
    assert_eq!(wrong_digit.status, 400);
    assert!(
        wrong_digit.json()["errors"]["ruc"]
            .as_str()
            .unwrap()
            .starts_with("El RUC no es válido")
    );
    let short = admin
        .post_json("/api/company/update", body("17900112"))
        .await;
    assert_eq!(
        short.json()["errors"]["ruc"],
        "El RUC debe tener 13 dígitos"
    );
    let zero_estab = admin
        .post_json("/api/company/update", body("1790011224000"))
        .await;
    assert_eq!(zero_estab.status, 400);
    assert_eq!(
        admin
            .post_json("/api/company/update", body("1714307103001"))
            .await
            .status,
        200,
        "a valid natural-person RUC"
    );
    let taken = admin.post_json("/api/company/update", body(RUC_B)).await;
    assert_eq!(taken.status, 409);
    assert_eq!(
        taken.json()["errors"]["ruc"],
        mostrador::controllers::config::company::RUC_TAKEN
    );

    let mut wrong = body(RUC_A);
    wrong["typeRegimen"] = json!("4");
    wrong["retentionAgentResolution"] = json!("NAC-123");
    wrong["specialTaxpayer"] = json!("1");
    wrong["businessName"] = json!("");
    wrong["sriEnvironment"] = json!("real");
    let errors = admin.post_json("/api/company/update", wrong).await.json()["errors"].clone();
    for field in [
        "typeRegimen",
        "retentionAgentResolution",
        "specialTaxpayer",
        "businessName",
        "sriEnvironment",
    ] {
        assert!(errors[field].is_string(), "{field}: {errors}");
    }
    let mut no_resolution = body(RUC_A);
    no_resolution["retentionAgentResolution"] = json!(null);
    assert_eq!(
        admin
            .post_json("/api/company/update", no_resolution)
            .await
            .json()["errors"]["retentionAgentResolution"],
        "Ingrese el número de resolución de agente de retención"
    );
}

async fn cashier_max_discount_is_saved_exactly_and_validated(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut admin = app.signed_in(t.admin_a).await;
    // 0 % until the admin says otherwise: cashiers give no discounts.
    assert_eq!(
        admin.get("/api/company").await.json()["cashierMaxDiscount"],
        "0"
    );
    for (sent, kept) in [
        (json!("2.5"), "2.5"),
        (json!("100"), "100"),
        (json!(5), "5"),
        (json!("0.01"), "0.01"),
        (json!("12.50"), "12.5"),
        (json!(""), "0"),
    ] {
        let mut b = body(RUC_A);
        b["cashierMaxDiscount"] = sent.clone();
        let r = admin.post_json("/api/company/update", b).await;
        assert_eq!(r.status, 200, "{sent}: {}", r.text());
        assert_eq!(r.json()["cashierMaxDiscount"], kept, "{sent}");
        assert_eq!(
            admin.get("/api/company").await.json()["cashierMaxDiscount"],
            kept,
            "{sent}"
        );
    }
    let mut b = body(RUC_A);
    b["cashierMaxDiscount"] = json!("7.25");
    assert_eq!(admin.post_json("/api/company/update", b).await.status, 200);

    let range = "El descuento máximo del cajero debe estar entre 0 y 100 %";
    for (sent, message) in [
        (json!("100.01"), range),
        (json!("-1"), range),
        (json!("1000"), range),
        (
            json!("2.555"),
            "El descuento máximo del cajero admite como máximo 2 decimales",
        ),
        (
            json!("5%"),
            "El descuento máximo del cajero no es un número válido",
        ),
        (
            json!("1.002,5"),
            "El descuento máximo del cajero no puede llevar separador de miles: escríbalo como 1234,56 o 1234.56",
        ),
        (
            json!(2.5),
            "El descuento máximo del cajero debe ser un número escrito como texto, p. ej. \"10.50\"",
        ),
    ] {
        let mut b = body(RUC_A);
        b["cashierMaxDiscount"] = sent.clone();
        let r = admin.post_json("/api/company/update", b).await;
        assert_eq!(r.status, 400, "{sent}: {}", r.text());
        assert_eq!(r.json()["errors"]["cashierMaxDiscount"], message, "{sent}");
    }
    // Nothing refused was stored.
    assert_eq!(
        admin.get("/api/company").await.json()["cashierMaxDiscount"],
        "7.25"
    );
}

async fn logo_upload_checks_type_and_size(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut admin = app.signed_in(t.admin_a).await;
    let token = admin.csrf().await;
    let png = [b"\x89PNG\r\n\x1a\n".as_slice(), &[7u8; 64]].concat();

    let svg = admin
        .send(multipart(
            "/api/company/logo",
            "logo",
            &token,
            b"<svg xmlns='http://www.w3.org/2000/svg'/>",
            "image/png",
        ))
        .await;
    assert_eq!(svg.status, 400);
    assert_eq!(
        svg.json()["errors"]["logo"],
        "El archivo debe ser una imagen PNG o JPEG"
    );
    let huge = [b"\x89PNG\r\n\x1a\n".as_slice(), &vec![0u8; 600 * 1024]].concat();
    let too_big = admin
        .send(multipart(
            "/api/company/logo",
            "logo",
            &token,
            &huge,
            "image/png",
        ))
        .await;
    assert_eq!(too_big.status, 400);
    assert!(
        too_big.json()["errors"]["logo"]
            .as_str()
            .unwrap()
            .contains("512 KB")
    );

    let ok = admin
        .send(multipart(
            "/api/company/logo",
            "logo",
            &token,
            &png,
            "image/png",
        ))
        .await;
    assert_eq!(ok.status, 200, "{}", ok.text());
    assert_eq!(admin.get("/api/company").await.json()["hasLogo"], true);
    // Every role of the company sees the logo (printed documents show it); other companies do not.
    let mut cashier = app.signed_in(t.cashier_a).await;
    let image = cashier.get("/api/company/logo").await;
    assert_eq!(image.header("content-type").as_deref(), Some("image/png"));
    assert_eq!(image.body.as_ref(), png.as_slice());
    assert_eq!(
        app.signed_in(t.admin_b)
            .await
            .get("/api/company/logo")
            .await
            .status,
        404
    );
    // Cashiers cannot change it.
    let cashier_token = cashier.csrf().await;
    assert_eq!(
        cashier
            .send(multipart(
                "/api/company/logo",
                "logo",
                &cashier_token,
                &png,
                "image/png"
            ))
            .await
            .status,
        403
    );

    assert_eq!(
        admin
            .post_json("/api/company/logo/delete", json!({}))
            .await
            .status,
        200
    );
    assert_eq!(admin.get("/api/company/logo").await.status, 404);
}
