//! A shop ready to sell: company A's admin, user and cashier, a register with the cashier's shift
//! open, and products with stock in the branch's default warehouse.

use serde_json::{Value, json};

use crate::util::fixtures::Tenants;
use crate::util::{Client, TestApp};

/// Company A signed in as each role, with a product catalogue and an open shift.
pub struct Shop {
    pub tenants: Tenants,
    pub admin: Client,
    pub user: Client,
    pub cashier: Client,
    pub cellar: i64,
    pub turn: i64,
}

impl Shop {
    /// The shop, the cashier's shift opened with USD 50.00.
    pub async fn open(app: &TestApp) -> Shop {
        let tenants = Tenants::create(app).await;
        let [(_, mut admin), (_, user), (_, mut cashier)] = tenants.clients_a(app).await;
        let register = crate::cash::turns::new_register(&mut admin, "C1").await;
        let turn = crate::cash::turns::open(&mut cashier, register, "50.00").await;
        let cellar = crate::inventory::stock::default_cellar(&mut admin).await;
        Shop {
            tenants,
            admin,
            user,
            cashier,
            cellar,
            turn,
        }
    }

    /// A product (`ivaCode`, `price`, optional `price2`) with `stock` units at `cost`; its id.
    pub async fn product(
        &mut self,
        code: &str,
        name: &str,
        price: &str,
        iva: &str,
        stock: &str,
        cost: &str,
    ) -> i64 {
        let r = self
            .user
            .post_json(
                "/api/item/register",
                json!({ "code": code, "name": name, "barcodes": [format!("786{code}")], "price": price,
                        "price2": "0.90", "ivaCode": iva, "unit": "unidad" }),
            )
            .await;
        assert_eq!(r.status, 201, "{}", r.text());
        let id = r.json()["_id"].as_i64().unwrap();
        if stock != "0" {
            let r = self
                .user
                .post_json(
                    "/api/inventory/adjustment/register",
                    json!({ "cellarId": self.cellar, "reason": "Inventario inicial",
                            "lines": [{ "productId": id, "quantity": stock, "unitCost": cost }] }),
                )
                .await;
            assert_eq!(r.status, 201, "{}", r.text());
        }
        id
    }

    /// The stock of a product in the default warehouse.
    pub async fn stock(&mut self, product: i64) -> String {
        let r = self
            .user
            .post_json("/api/item/getStocks", json!({ "products": [product] }))
            .await
            .json();
        r[0]["quantity"].as_str().unwrap_or("0").to_string()
    }

    /// The kardex rows of `product` of movement type `kind` (`sale`, `sale_return`…), newest first.
    pub async fn kardex_rows(&mut self, product: i64, kind: &str) -> Vec<Value> {
        let kardex = self
            .user
            .get(&format!(
                "/api/inventory/kardex?productId={product}&limit=100"
            ))
            .await
            .json();
        kardex["results"]
            .as_array()
            .unwrap_or_else(|| panic!("kárdex sin resultados: {kardex}"))
            .iter()
            .filter(|r| r["type"] == kind)
            .cloned()
            .collect()
    }

    /// Sets the company's «Descuento máximo del cajero (%)» as the admin does on the company
    /// screen (cashiers give no discounts until then).
    pub async fn cashier_max_discount(&mut self, percent: &str) {
        let mut company = self.admin.get("/api/company").await.json();
        company["cashierMaxDiscount"] = json!(percent);
        let r = self.admin.post_json("/api/company/update", company).await;
        assert_eq!(r.status, 200, "{}", r.text());
        assert_eq!(r.json()["cashierMaxDiscount"], percent);
    }

    /// The cashier's shift in detail, as the user sees it (the cashier counts blind).
    pub async fn shift(&mut self) -> Value {
        let turn = self.turn;
        self.user.get(&format!("/api/Turn/{turn}")).await.json()
    }
}

/// A sale body: `lines` as `(productId, quantity)`, paid in cash with `received`.
pub fn cash_sale(key: &str, lines: &[(i64, &str)], amount: &str, received: &str) -> Value {
    json!({
        "idempotencyKey": key,
        "lines": lines.iter().map(|(p, q)| json!({ "productId": p, "quantity": q })).collect::<Vec<_>>(),
        "payments": [{ "method": "cash", "amount": amount, "received": received }],
    })
}
