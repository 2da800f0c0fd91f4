//! `/api/purchases/expense` and `/api/purchases/manual`: expenses and manual purchases (no
//! inventory). Same roles as merchandise purchases: every role registers, admin and user cancel.

/// `/api/purchases/expense`.
pub mod expense {
    use crate::services::purchases::expense::{self as service, ExpenseBody};

    super::super::documents::kind_handlers!("expense", ExpenseBody, service::register_expense);
}

/// `/api/purchases/manual`.
pub mod manual {
    use crate::services::purchases::expense::{self as service, ManualBody};

    super::super::documents::kind_handlers!("manual", ManualBody, service::register_manual);
}
