//! A JSON body extractor whose rejections use the app's error shape and Spanish messages.

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use serde::de::DeserializeOwned;

use crate::error::AppError;

/// Like `axum::Json`, but a malformed or missing body answers 400 `{statusCode, message}` in Spanish.
pub struct JsonBody<T>(pub T);

impl<S, T> FromRequest<S> for JsonBody<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(value)) => Ok(JsonBody(value)),
            Err(JsonRejection::MissingJsonContentType(_)) => Err(AppError::BadRequest(
                "El cuerpo de la solicitud debe ser JSON (Content-Type: application/json)".into(),
            )),
            Err(JsonRejection::JsonSyntaxError(_)) => {
                Err(AppError::BadRequest("El JSON enviado no es válido".into()))
            }
            Err(JsonRejection::JsonDataError(e)) => Err(AppError::BadRequest(format!(
                "Los datos enviados no tienen la forma esperada: {}",
                e.body_text()
            ))),
            Err(other) => Err(AppError::BadRequest(format!(
                "Solicitud no válida: {}",
                other.body_text()
            ))),
        }
    }
}
