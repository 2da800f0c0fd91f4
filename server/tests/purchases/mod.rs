//! The purchases area: suppliers, merchandise purchases, payables, and their pages.

automod::dir!("server/tests/purchases");
