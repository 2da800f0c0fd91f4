//! The sales area: clients (`/api/clients`), sales notes, facturas, credit notes and quotes
//! (`/api/sales/…`). Registering a document is a service of [`crate::services::sales`]; these
//! handlers read the request, call it and show the result.

automod::dir!(pub "server/controllers/sales");
