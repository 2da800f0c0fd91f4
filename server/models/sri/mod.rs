//! The durable queue of electronic documents (`sri_documents`) and the SRI's messages about them.

automod::dir!(pub "server/models/sri");
