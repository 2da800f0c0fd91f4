//! The e-mail outbox the mail worker drains.

automod::dir!(pub "server/models/mail");
