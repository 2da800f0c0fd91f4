//! Use cases that write, one folder per business area. Each is one function that takes the
//! company (a `Tenant`, or a `CompanyId` and the user) and a validated command, runs in one
//! transaction (its own, or its caller's when it is a building block such as
//! [`inventory::stock::post_movements`]) and returns a domain result or an `AppError` worded in
//! Spanish. Controllers extract, call a service and shape the view; models only query. A service
//! may call another area's service, never a controller.

pub mod cash;
pub mod inventory;
