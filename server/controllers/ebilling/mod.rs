//! Electronic billing: the signing certificate.

pub mod certificate;
pub mod documents;
pub mod pages;
pub mod remission_guides;
pub mod trial;
pub mod credit_notes;
