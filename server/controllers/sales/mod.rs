//! The sales area: clients (`/api/clients`), sales notes, facturas, credit notes and quotes
//! (`/api/sales/…`), and the electronic notas de crédito (`/api/ebilling/creditNote`), which are
//! sales credit notes sent to the SRI. Registering a document is a service of
//! [`crate::services::sales`]; these handlers read the request, call it and show the result.

automod::dir!(pub "server/controllers/sales");
