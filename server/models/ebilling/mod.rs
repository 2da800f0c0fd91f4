//! Electronic billing: the companies' signing certificates. (The documents themselves are the
//! SRI queue's, `crate::models::sri`.)

automod::dir!(pub "server/models/ebilling");
