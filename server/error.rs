//! Errors of the request path.
//!
//! Three tiers: `anyhow` outside requests (start-up, command line), `diesel::QueryResult` inside
//! models, and [`AppError`] in handlers. An `AppError` knows its HTTP status and a Spanish message
//! for the user; internal details are logged with the request and never sent to the client. Every
//! API error has the same JSON shape: `{statusCode, message, errors?}`.

use std::collections::BTreeMap;

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// Field name → Spanish message.
pub type FieldErrors = BTreeMap<String, String>;

/// An error a handler returns.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// 400 with a message.
    #[error("{0}")]
    BadRequest(String),
    /// 400 with one message per invalid field.
    #[error("{message}")]
    Validation {
        message: String,
        errors: FieldErrors,
    },
    /// 401: not signed in, or wrong credentials.
    #[error("{0}")]
    Unauthorized(String),
    /// 403: signed in but not allowed, or locked.
    #[error("{0}")]
    Forbidden(String),
    /// 404.
    #[error("{0}")]
    NotFound(String),
    /// 409: the request conflicts with existing data (duplicate e-mail…).
    #[error("{message}")]
    Conflict {
        message: String,
        errors: FieldErrors,
    },
    /// 422: the request is well formed but cannot be carried out as it is (e.g. received document
    /// lines not mapped to products), with one message per field.
    #[error("{message}")]
    Unprocessable {
        message: String,
        errors: FieldErrors,
    },
    /// 413: the body is larger than the server accepts.
    #[error("{0}")]
    PayloadTooLarge(String),
    /// 414: the address (path and query) is longer than the server accepts.
    #[error("{0}")]
    UriTooLong(String),
    /// 431: the request's headers are larger than the server accepts.
    #[error("{0}")]
    HeadersTooLarge(String),
    /// 429: too many attempts.
    #[error("{0}")]
    TooManyRequests(String),
    /// 503: a dependency (database, render engine) is unavailable or saturated.
    #[error("{0}")]
    Unavailable(String),
    /// 500: a bug or an unexpected failure; the detail is logged, not shown.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// Shown for every internal error.
pub const INTERNAL_MESSAGE: &str =
    "Ocurrió un error interno. Intente de nuevo; si persiste, contacte a soporte.";

impl AppError {
    /// A validation error on one field.
    pub fn field(field: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        Self::Validation {
            errors: BTreeMap::from([(field.to_string(), message.clone())]),
            message,
        }
    }

    /// A validation error from several field errors (the first one is the summary message).
    pub fn fields(errors: FieldErrors) -> Self {
        let message = errors
            .values()
            .next()
            .cloned()
            .unwrap_or_else(|| "Datos no válidos".into());
        Self::Validation { message, errors }
    }

    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest(_) | Self::Validation { .. } => StatusCode::BAD_REQUEST,
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::Conflict { .. } => StatusCode::CONFLICT,
            Self::Unprocessable { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            Self::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::UriTooLong(_) => StatusCode::URI_TOO_LONG,
            Self::HeadersTooLarge(_) => StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            Self::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            Self::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The message the user sees.
    pub fn public_message(&self) -> String {
        match self {
            Self::Internal(_) => INTERNAL_MESSAGE.to_string(),
            other => other.to_string(),
        }
    }

    /// Field errors, if any.
    pub fn field_errors(&self) -> Option<&FieldErrors> {
        match self {
            Self::Validation { errors, .. }
            | Self::Conflict { errors, .. }
            | Self::Unprocessable { errors, .. } => Some(errors),
            _ => None,
        }
    }
}

/// The specification's message for a record that does not exist or belongs to another company
/// (both answer the same 404, so ids of other companies cannot be probed).
pub const NOT_IN_TABLE: &str = "No existe el registro en la tabla";

/// The 404 for a record that is not in the company's table.
pub fn not_in_table() -> AppError {
    AppError::NotFound(NOT_IN_TABLE.into())
}

/// The 409 for changing or deleting a locked record.
pub fn locked() -> AppError {
    conflict("El registro está bloqueado: desbloquéelo para modificarlo o eliminarlo")
}

/// A 409 with a message and no field.
pub fn conflict(message: impl Into<String>) -> AppError {
    AppError::Conflict {
        message: message.into(),
        errors: Default::default(),
    }
}

/// A 409 that names the field in conflict (a duplicate code, a taken e-mail…).
pub fn field_conflict(field: &str, message: impl Into<String>) -> AppError {
    let message = message.into();
    AppError::Conflict {
        errors: [(field.to_string(), message.clone())].into(),
        message,
    }
}

/// The 409 for deleting a record that other records use.
pub fn in_use() -> AppError {
    conflict("No se puede eliminar: otros registros lo usan. Desactívelo en su lugar.")
}

/// A unique-constraint or foreign-key violation as a clear 409 (`field` names the culprit,
/// `duplicate` is the message for a unique violation); other database errors pass through.
pub fn constraint_conflict(err: diesel::result::Error, field: &str, duplicate: &str) -> AppError {
    use diesel::result::{DatabaseErrorKind, Error};
    match err {
        Error::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => {
            field_conflict(field, duplicate)
        }
        Error::DatabaseError(DatabaseErrorKind::ForeignKeyViolation, _) => in_use(),
        other => other.into(),
    }
}

impl From<diesel::result::Error> for AppError {
    fn from(err: diesel::result::Error) -> Self {
        match err {
            diesel::result::Error::NotFound => not_in_table(),
            other => Self::Internal(other.into()),
        }
    }
}

/// The JSON body of every API error.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ErrorBody {
    pub status_code: u16,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub errors: Option<FieldErrors>,
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = self.status();
        if let Self::Internal(err) = &self {
            tracing::error!(error = ?err, "error interno");
        }
        let body = ErrorBody {
            status_code: status.as_u16(),
            message: self.public_message(),
            errors: self.field_errors().cloned(),
        };
        (status, Json(body)).into_response()
    }
}

/// Result of a handler.
pub type AppResult<T> = Result<T, AppError>;
