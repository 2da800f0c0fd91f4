//! Image uploads (the company logo, product pictures): one multipart field, PNG or JPEG judged by
//! the file's signature (not by what the browser claims), and a size limit, with Spanish errors
//! that name the field.

use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Request};
use axum::http::HeaderValue;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};

use super::refusals;
use crate::error::AppError;

/// Largest image accepted.
pub const IMAGE_MAX_BYTES: usize = 512 * 1024;

/// The image type of `bytes`, judged by its signature.
pub fn image_type(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some("image/jpeg")
    } else {
        None
    }
}

/// Reads the image in the multipart field `field` of the request (other fields are ignored) and
/// returns its bytes and content type. Handlers call it after their role check, so a role that
/// may not upload gets 403 whatever it sent.
pub async fn read_image(request: Request, field: &str) -> Result<(Bytes, &'static str), AppError> {
    let mut multipart = Multipart::from_request(request, &()).await.map_err(|_| {
        AppError::BadRequest(
            "Envíe la imagen como formulario multipart/form-data con el campo del archivo".into(),
        )
    })?;
    let mut image = None;
    // The parser's own errors are English and technical: only their status is kept.
    let unreadable = |status: axum::http::StatusCode| match status {
        axum::http::StatusCode::PAYLOAD_TOO_LARGE => refusals::body_error(status),
        _ => AppError::field(
            field,
            "No se pudo leer el archivo enviado. Elija la imagen de nuevo.",
        ),
    };
    while let Some(part) = multipart
        .next_field()
        .await
        .map_err(|e| unreadable(e.status()))?
    {
        if part.name() == Some(field) {
            let bytes = part.bytes().await.map_err(|e| unreadable(e.status()))?;
            image = Some(bytes);
        }
    }
    let bytes = image
        .filter(|b| !b.is_empty())
        .ok_or_else(|| AppError::field(field, "Elija una imagen PNG o JPEG"))?;
    if bytes.len() > IMAGE_MAX_BYTES {
        return Err(AppError::field(
            field,
            format!(
                "La imagen no puede pesar más de {} KB",
                IMAGE_MAX_BYTES / 1024
            ),
        ));
    }
    let kind = image_type(&bytes)
        .ok_or_else(|| AppError::field(field, "El archivo debe ser una imagen PNG o JPEG"))?;
    Ok((bytes, kind))
}

/// A stored image as the answer to a `GET`: its type, kept an hour in the user's browser only
/// (pages add `?v={version}` to its address, so a new image is a new address).
pub fn image_response(bytes: Vec<u8>, content_type: &str) -> Response {
    let mut response = bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(
        CONTENT_TYPE,
        HeaderValue::from_str(content_type)
            .unwrap_or(HeaderValue::from_static("application/octet-stream")),
    );
    headers.insert(
        CACHE_CONTROL,
        HeaderValue::from_static("private, max-age=3600"),
    );
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn image_signatures() {
        assert_eq!(image_type(b"\x89PNG\r\n\x1a\nrest"), Some("image/png"));
        assert_eq!(image_type(&[0xFF, 0xD8, 0xFF, 0xE0]), Some("image/jpeg"));
        assert_eq!(image_type(b"GIF89a"), None);
        assert_eq!(image_type(b"<svg"), None);
    }
}
