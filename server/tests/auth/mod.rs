//! `/api/auth/*` and `/api/user`.

automod::dir!("server/tests/auth");
