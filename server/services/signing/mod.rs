//! The company's signing certificate, stored sealed ([`certificate`] and [`sealing`]): what every
//! electronic document is signed with. An area of its own below the documents that sign — sales
//! (facturas, notas de crédito) and e-billing (guías, corrections) — so that neither has to import
//! the other for it.

automod::dir!(pub "server/services/signing");
