//! Electronic documents for Ecuador's SRI.

pub mod ids;
