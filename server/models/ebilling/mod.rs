//! Electronic billing: the companies' signing certificates. (The documents themselves are the
//! SRI queue's, `crate::models::sri`.)

pub mod certificate;
pub mod documents;
pub mod remission_guide;
