//! Issue 8, hardening from an outside probe: malformed input on every route (`fuzz`), and the
//! shape of refusals and personal answers (`responses`), including those hyper sends itself
//! (`connection`). Issue 22: arithmetic that never wraps (`arithmetic`). Throttling, e-mail limits, address
//! validation and CSRF binding are tested with their areas (tests/auth/).

automod::dir!("server/tests/hardening");
