//! The e-mail outbox the mail worker drains.

pub mod outbox;
