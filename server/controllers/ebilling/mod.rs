//! Electronic billing: the signing certificate, the SRI queue's documents, their pages and RIDEs.
//! The documents themselves are their areas' (a factura and a nota de crédito are sales
//! documents, a guía de remisión an inventory transfer's): this area depends on none of them.

automod::dir!(pub "server/controllers/ebilling");
pub mod ride;
