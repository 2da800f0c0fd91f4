//! Request parameters shared by every resource: the list query (parsed by
//! [`ListParams`](crate::db::list::ListParams)), a query string's other names ([`query_map`]),
//! record ids in the path (`/{id}/…`) and in the body of `POST {base}/delete` (`{_id}`).

use std::collections::HashMap;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use serde::Deserialize;
use serde_json::Value;

use crate::command::IdInput;
use crate::db::list::ListParams;
use crate::error::{AppError, not_in_table};

/// The query string `raw` as a map (a repeated name keeps its last value); an unreadable one is
/// empty, and each handler refuses what it then misses.
pub fn query_pairs(raw: &str) -> HashMap<String, String> {
    serde_urlencoded::from_str::<Vec<(String, String)>>(raw)
        .unwrap_or_default()
        .into_iter()
        .collect()
}

/// The request's query string as a map ([`query_pairs`]).
pub fn query_map(uri: &axum::http::Uri) -> HashMap<String, String> {
    query_pairs(uri.query().unwrap_or_default())
}

impl<S: Send + Sync> FromRequestParts<S> for ListParams {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, AppError> {
        ListParams::from_query(parts.uri.query().unwrap_or_default())
    }
}

/// `{_id}` of `POST {base}/delete`: a number or numeric text.
#[derive(Debug, Deserialize, ts_rs::TS)]
pub struct IdBody {
    #[serde(rename = "_id")]
    #[ts(optional = nullable)]
    pub id: IdInput,
}

/// Parses a record id from a path segment or a value read by other means; anything else is the
/// 404 the specification asks for (the rule is [`IdInput::required`]'s).
pub fn parse_id(value: Option<&Value>) -> Result<i64, AppError> {
    IdInput::of(value).required()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids() {
        assert_eq!(parse_id(Some(&Value::from(7))).unwrap(), 7);
        assert_eq!(parse_id(Some(&Value::from("8"))).unwrap(), 8);
        for bad in [
            Value::from("x"),
            Value::from(-1),
            Value::Null,
            Value::from("+1"),
            Value::from("0"),
        ] {
            assert_eq!(parse_id(Some(&bad)).unwrap_err().status(), 404);
        }
        assert!(parse_id(None).is_err());
    }
}
