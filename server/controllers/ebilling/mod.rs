//! Electronic billing: the signing certificate.

pub mod certificate;
