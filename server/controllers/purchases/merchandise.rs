//! `/api/purchases/merchandise`: merchandise purchases (stock in at cost). Every role lists and
//! registers them (a cashier receives and pays a delivery from their own shift); only admin and
//! user cancel. The rules are `services::purchases`. A new line starts from the product's last
//! cost (`super::costs`).

use crate::services::purchases::merchandise::{self as service, MerchandiseBody};

super::documents::kind_handlers!("merchandise", MerchandiseBody, service::register);
