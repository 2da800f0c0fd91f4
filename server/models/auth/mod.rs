//! Accounts: users, their sessions, e-mail tokens and failed sign-in attempts.

automod::dir!(pub "server/models/auth");
