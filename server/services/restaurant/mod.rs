//! The restaurant area (issue 26). Setting up the floor (zones, tables) and reservations; orders
//! sent to the kitchen in rounds and billed through the sales service (`services::sales::note`,
//! never a second sale path); the events kitchen and floor screens follow across app servers.

automod::dir!(pub "server/services/restaurant");
