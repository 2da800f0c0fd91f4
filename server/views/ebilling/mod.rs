//! Electronic billing.

pub mod certificate;
pub mod credit_note;
pub mod document;
pub mod pages;
pub mod remission_guide;
pub mod trial;
