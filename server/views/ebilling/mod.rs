//! Electronic billing.

pub mod certificate;
pub mod document;
pub mod pages;
pub mod trial;
pub mod remission_guide;
