//! Uploaded files: one reader of multipart forms for every upload (the Lector's files, product
//! imports, the signing certificate, the logo and product pictures), with Spanish refusals — a
//! body over the route's limit is the same 413 everywhere, never the parser's English — and a
//! bound on how many large files the server holds at once ([`UploadPermit`]). Images are judged
//! by their signature (not by what the browser claims).

use std::collections::HashMap;
use std::sync::OnceLock;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Request};
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::AppError;

/// Largest image accepted.
pub const IMAGE_MAX_BYTES: usize = 512 * 1024;

/// Largest spreadsheet or Lector file accepted (the router's body limit of those routes).
pub const FILE_MAX_BYTES: usize = 32 * 1024 * 1024;

/// Large files read and parsed at once by one server. Each may hold its bytes and what parsing
/// them builds (tens of megabytes); past this many, an upload waits [`PERMIT_WAIT`] for its turn.
pub const LARGE_UPLOADS_AT_ONCE: usize = 2;

/// How long an upload waits for a turn before it is refused with 503.
pub const PERMIT_WAIT: Duration = Duration::from_secs(20);

/// Refusal when the server is busy with other files.
pub const BUSY: &str =
    "El servidor está leyendo otros archivos en este momento. Intente de nuevo en unos segundos.";

/// A turn to read and parse a large file; dropped when the handler is done with it.
pub struct UploadPermit(#[allow(dead_code)] OwnedSemaphorePermit);

impl UploadPermit {
    /// Waits for a turn (at most [`PERMIT_WAIT`]); 503 in Spanish when none comes.
    pub async fn take() -> Result<UploadPermit, AppError> {
        static TURNS: OnceLock<std::sync::Arc<Semaphore>> = OnceLock::new();
        let turns = TURNS
            .get_or_init(|| std::sync::Arc::new(Semaphore::new(LARGE_UPLOADS_AT_ONCE)))
            .clone();
        match tokio::time::timeout(PERMIT_WAIT, turns.acquire_owned()).await {
            Ok(Ok(permit)) => Ok(UploadPermit(permit)),
            _ => Err(AppError::Unavailable(BUSY.into())),
        }
    }
}

/// The 413 of an upload over `max_bytes`.
pub fn too_large(max_bytes: usize) -> AppError {
    AppError::PayloadTooLarge(format!(
        "El archivo pesa más de {}, el máximo que se admite. Redúzcalo o divídalo e intente de nuevo.",
        size_text(max_bytes)
    ))
}

/// `512 KB`, `32 MB`.
fn size_text(bytes: usize) -> String {
    if bytes >= 1024 * 1024 {
        format!("{} MB", bytes / 1024 / 1024)
    } else {
        format!("{} KB", bytes / 1024)
    }
}

/// A multipart form as sent: each file field's name and bytes, each text field's text. A field
/// sent twice keeps its last value.
#[derive(Debug, Default)]
pub struct Form {
    files: HashMap<String, (Option<String>, Bytes)>,
    texts: HashMap<String, String>,
}

impl Form {
    /// Reads the whole form. `expected` says, in Spanish, what to send when the body is not a
    /// multipart form; `max_bytes` is the route's body limit, named in the 413.
    pub async fn read(
        request: Request,
        expected: &str,
        max_bytes: usize,
    ) -> Result<Form, AppError> {
        let mut multipart = Multipart::from_request(request, &())
            .await
            .map_err(|_| AppError::BadRequest(expected.into()))?;
        // The parser's own errors are English and technical: only their status is kept.
        let unreadable = |status: StatusCode| match status {
            StatusCode::PAYLOAD_TOO_LARGE => too_large(max_bytes),
            _ => AppError::BadRequest(
                "No se pudo leer el formulario enviado. Elija el archivo de nuevo.".into(),
            ),
        };
        let mut form = Form::default();
        while let Some(part) = multipart
            .next_field()
            .await
            .map_err(|e| unreadable(e.status()))?
        {
            let Some(name) = part.name().map(str::to_string) else {
                continue;
            };
            match part.file_name().map(str::to_string) {
                Some(file_name) => {
                    let bytes = part.bytes().await.map_err(|e| unreadable(e.status()))?;
                    form.files.insert(name, (Some(file_name), bytes));
                }
                None => {
                    let bytes = part.bytes().await.map_err(|e| unreadable(e.status()))?;
                    form.texts
                        .insert(name.clone(), String::from_utf8_lossy(&bytes).into_owned());
                    // A file sent without a file name is still a file.
                    form.files.insert(name, (None, bytes));
                }
            }
        }
        Ok(form)
    }

    /// The non-empty file of field `field` with its file name, or a field error saying `missing`.
    pub fn file(&mut self, field: &str, missing: &str) -> Result<(String, Bytes), AppError> {
        match self.files.remove(field) {
            Some((name, bytes)) if !bytes.is_empty() => {
                Ok((name.unwrap_or_else(|| "archivo".into()), bytes))
            }
            _ => Err(AppError::field(field, missing)),
        }
    }

    /// The text of field `field`, if sent.
    pub fn text(&self, field: &str) -> Option<&str> {
        self.texts.get(field).map(String::as_str)
    }
}

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
    let mut form = Form::read(
        request,
        "Envíe la imagen como formulario multipart/form-data con el campo del archivo",
        crate::http::BODY_LIMIT,
    )
    .await?;
    let (_, bytes) = form.file(field, "Elija una imagen PNG o JPEG")?;
    if bytes.len() > IMAGE_MAX_BYTES {
        return Err(AppError::field(
            field,
            format!(
                "La imagen no puede pesar más de {}",
                size_text(IMAGE_MAX_BYTES)
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
