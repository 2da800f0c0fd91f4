//! Electronic billing: the signing certificate, the documents, their pages and RIDEs.

pub mod certificate;
pub mod credit_notes;
pub mod documents;
pub mod pages;
pub mod remission_guides;
pub mod ride;
pub mod trial;
