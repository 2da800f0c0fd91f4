//! The id of every route of the UI's route table (`ui/src/features/<area>/routes.ts`), one Rust
//! enum exported to TypeScript: the route table and the menu are typed with it, and the server's
//! page loaders are keyed by it, so an id is written once — in the route table: `build.rs` writes
//! the enum from the table the UI build emits (`admin-cash-registers` is
//! `RouteId::AdminCashRegisters`). `server/tests/pages/loaders.rs` checks that the enum is exactly
//! the ids of the embedded route table.

include!(concat!(env!("OUT_DIR"), "/ui/route_id.rs"));
