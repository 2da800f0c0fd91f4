//! The generic list contract every list screen uses (specification §3 and §7):
//! `GET {base}?search=&onlyActive=&page=&limit=` → `{results, total, page, limit}`, plus optional
//! `sort`/`order`. Parsing, bounds and the response shape live here once.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::AppError;

/// Page size when none is asked for (specification §9: the user list shows 10).
pub const DEFAULT_LIMIT: i64 = 10;
/// Largest page a client may ask for.
pub const MAX_LIMIT: i64 = 100;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawListQuery {
    search: Option<String>,
    only_active: Option<String>,
    page: Option<String>,
    limit: Option<String>,
    sort: Option<String>,
    order: Option<String>,
}

/// A validated list request.
#[derive(Debug, Clone)]
pub struct ListParams {
    /// Trimmed search text, if any.
    pub search: Option<String>,
    pub only_active: bool,
    /// 1-based page.
    pub page: i64,
    pub limit: i64,
    /// Field to sort by (each resource maps the names it supports).
    pub sort: Option<String>,
    pub descending: bool,
}

impl Default for ListParams {
    fn default() -> Self {
        Self {
            search: None,
            only_active: false,
            page: 1,
            limit: DEFAULT_LIMIT,
            sort: None,
            descending: false,
        }
    }
}

fn number(
    name: &str,
    value: Option<String>,
    default: i64,
    min: i64,
    max: i64,
) -> Result<i64, AppError> {
    match value.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(default),
        Some(text) => match text.parse::<i64>() {
            Ok(n) if (min..=max).contains(&n) => Ok(n),
            _ => Err(AppError::field(
                name,
                format!("El parámetro {name} debe ser un número entre {min} y {max}"),
            )),
        },
    }
}

impl ListParams {
    /// Parses and bounds a query string's list parameters.
    pub fn from_query(query: &str) -> Result<Self, AppError> {
        let raw: RawListQuery = serde_urlencoded::from_str(query)
            .map_err(|_| AppError::BadRequest("Parámetros de la lista no válidos".into()))?;
        Ok(Self {
            search: raw
                .search
                .map(|s| s.trim().chars().take(100).collect::<String>())
                .filter(|s| !s.is_empty()),
            only_active: matches!(raw.only_active.as_deref(), Some("true" | "1" | "on")),
            page: number("page", raw.page, 1, 1, 1_000_000)?,
            limit: number("limit", raw.limit, DEFAULT_LIMIT, 1, MAX_LIMIT)?,
            sort: raw.sort.filter(|s| !s.is_empty()),
            descending: matches!(raw.order.as_deref(), Some("desc")),
        })
    }

    /// Rows to skip.
    pub fn offset(&self) -> i64 {
        (self.page - 1) * self.limit
    }

    /// A `LIKE` pattern matching the search anywhere, lower-cased, with `%`, `_` and `\` escaped
    /// (use with `.escape('\\')`).
    pub fn like(&self) -> Option<String> {
        self.search.as_ref().map(|s| {
            let escaped = s
                .to_lowercase()
                .replace('\\', "\\\\")
                .replace('%', "\\%")
                .replace('_', "\\_");
            format!("%{escaped}%")
        })
    }
}

impl<S: Send + Sync> FromRequestParts<S> for ListParams {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, AppError> {
        ListParams::from_query(parts.uri.query().unwrap_or_default())
    }
}

/// One page of a list.
#[derive(Debug, Serialize)]
pub struct ListResponse<T> {
    pub results: Vec<T>,
    pub total: i64,
    pub page: i64,
    pub limit: i64,
}

impl<T> ListResponse<T> {
    /// Wraps a page of results.
    pub fn new(results: Vec<T>, total: i64, params: &ListParams) -> Self {
        Self {
            results,
            total,
            page: params.page,
            limit: params.limit,
        }
    }
}

/// `{_id}` of `POST {base}/delete`: a number or numeric text.
#[derive(Debug, Deserialize)]
pub struct IdBody {
    #[serde(rename = "_id")]
    pub id: Option<Value>,
}

/// Parses a record id from a path segment or body value; anything else is the 404 the
/// specification asks for (a record that is not in the table).
pub fn parse_id(value: Option<&Value>) -> Result<i64, AppError> {
    match value {
        Some(Value::Number(n)) => n.as_i64(),
        Some(Value::String(s)) => s.trim().parse().ok(),
        _ => None,
    }
    .filter(|id| *id > 0)
    .ok_or_else(not_in_table)
}

/// A record id from the URL path (`/{id}/…`).
pub struct PathId(pub i64);

impl<S: Send + Sync> FromRequestParts<S> for PathId {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, AppError> {
        let axum::extract::Path(params) =
            axum::extract::Path::<Vec<(String, String)>>::from_request_parts(parts, state)
                .await
                .map_err(|_| not_in_table())?;
        let raw = params
            .into_iter()
            .find(|(k, _)| k == "id")
            .map(|(_, v)| Value::String(v));
        parse_id(raw.as_ref()).map(PathId)
    }
}

/// The specification's message for a record that does not exist (or belongs to someone else).
pub fn not_in_table() -> AppError {
    AppError::NotFound("No existe el registro en la tabla".into())
}

/// The message for changing a locked record.
pub fn locked() -> AppError {
    AppError::Conflict {
        message: "El registro está bloqueado: desbloquéelo para modificarlo o eliminarlo".into(),
        errors: Default::default(),
    }
}

/// A unique-constraint or foreign-key violation as a clear 409 (`field` names the culprit).
pub fn constraint_conflict(err: diesel::result::Error, field: &str, duplicate: &str) -> AppError {
    use diesel::result::{DatabaseErrorKind, Error};
    match err {
        Error::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => AppError::Conflict {
            message: duplicate.to_string(),
            errors: [(field.to_string(), duplicate.to_string())].into(),
        },
        Error::DatabaseError(DatabaseErrorKind::ForeignKeyViolation, _) => in_use(),
        other => other.into(),
    }
}

/// Deleting a record that other records use.
pub fn in_use() -> AppError {
    AppError::Conflict {
        message: "No se puede eliminar: otros registros lo usan. Desactívelo en su lugar.".into(),
        errors: Default::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_bounds_and_escaping() {
        let p = ListParams::from_query("").unwrap();
        assert_eq!(
            (p.page, p.limit, p.only_active, p.offset()),
            (1, 10, false, 0)
        );
        let p = ListParams::from_query(
            "search=%20100%25_a%20&onlyActive=true&page=3&limit=20&sort=name&order=desc",
        )
        .unwrap();
        assert_eq!(p.search.as_deref(), Some("100%_a"));
        assert_eq!(p.like().as_deref(), Some("%100\\%\\_a%"));
        assert_eq!(
            (p.page, p.limit, p.offset(), p.only_active, p.descending),
            (3, 20, 40, true, true)
        );
        assert!(ListParams::from_query("page=0").is_err());
        assert!(ListParams::from_query("limit=1000").is_err());
        assert!(ListParams::from_query("page=abc").is_err());
    }

    #[test]
    fn ids() {
        assert_eq!(parse_id(Some(&Value::from(7))).unwrap(), 7);
        assert_eq!(parse_id(Some(&Value::from("8"))).unwrap(), 8);
        for bad in [Value::from("x"), Value::from(-1), Value::Null] {
            assert_eq!(parse_id(Some(&bad)).unwrap_err().status(), 404);
        }
        assert!(parse_id(None).is_err());
    }
}
