//! Two companies with users of every role, for permission and tenancy tests.

use mostrador::models::auth::user::Role;

use super::{Client, TestApp};

/// RUC of company A.
pub const RUC_A: &str = "1790011224001";
/// RUC of company B.
pub const RUC_B: &str = "0990000001001";

/// Company A with an admin, a user and a cashier; company B with an admin.
pub struct Tenants {
    pub admin_a: &'static str,
    pub user_a: &'static str,
    pub cashier_a: &'static str,
    pub admin_b: &'static str,
}

impl Tenants {
    /// Creates both companies (A with one extra branch) and their users.
    pub async fn create(app: &TestApp) -> Tenants {
        app.company(RUC_A, "EMPRESA A S.A.", 1).await;
        app.company(RUC_B, "EMPRESA B S.A.", 0).await;
        let t = Tenants {
            admin_a: "admin@a.ec",
            user_a: "usuario@a.ec",
            cashier_a: "cajero@a.ec",
            admin_b: "admin@b.ec",
        };
        app.user(RUC_A, t.admin_a, Role::Admin, None).await;
        app.user(RUC_A, t.user_a, Role::User, None).await;
        app.user(RUC_A, t.cashier_a, Role::Cashier, Some("001"))
            .await;
        app.user(RUC_B, t.admin_b, Role::Admin, None).await;
        t
    }

    /// Signed-in clients of company A: admin, user, cashier.
    pub async fn clients_a(&self, app: &TestApp) -> [(Role, Client); 3] {
        [
            (Role::Admin, app.signed_in(self.admin_a).await),
            (Role::User, app.signed_in(self.user_a).await),
            (Role::Cashier, app.signed_in(self.cashier_a).await),
        ]
    }
}
