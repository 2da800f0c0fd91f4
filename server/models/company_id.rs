//! The company a request acts for.

use serde::Serialize;

/// A company's id as a type of its own. Every model function on a company-owned table takes one
/// and filters on it, so ids that arrive in a request (path, body) can only ever select rows of
/// the signed-in user's company.
///
/// It is obtained from a signed-in user (`auth::roles::Tenant`) or, for trusted callers (the
/// command line, demo data, background workers, tests), from an id read from the database with
/// [`CompanyId::trusted`]. Request handlers never build one from request data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct CompanyId(i64);

impl CompanyId {
    /// Wraps an id that does not come from the request: a company row's own id, a user's
    /// `company_id`, or a command-line argument resolved against the database.
    pub const fn trusted(id: i64) -> Self {
        Self(id)
    }

    /// The raw id, for queries.
    pub const fn get(self) -> i64 {
        self.0
    }
}

impl std::fmt::Display for CompanyId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}
