//! Electronic billing: the signing certificate, the documents, their pages and RIDEs.

automod::dir!(pub "server/controllers/ebilling");
pub mod ride;
