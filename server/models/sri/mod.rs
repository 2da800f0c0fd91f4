//! The durable queue of electronic documents (`sri_documents`) and the SRI's messages about them.

pub mod document;
pub mod message;
pub mod ride_cache;
