//! JSON shapes sent to the browser, shared by the API and the server-rendered pages' data. Field
//! names follow the specification (`_id`, camelCase).

pub mod admin;
pub mod branch_office;
pub mod user;
