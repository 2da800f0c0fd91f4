//! Electronic billing.

pub mod certificate;
