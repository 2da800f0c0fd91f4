//! Embedded static assets. Names carry a content hash, so they are cached for a year; the build
//! precompressed them, so the server only picks the variant the browser accepts.

use axum::extract::Path;
use axum::http::header::{ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, CONTENT_TYPE, VARY};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::ssr::bundle;

fn accepts(headers: &HeaderMap, encoding: &str) -> bool {
    headers
        .get_all(ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|item| {
            let mut parts = item.split(';');
            let name = parts.next().unwrap_or_default().trim();
            let refused = parts.any(|p| p.trim().replace(' ', "") == "q=0");
            name.eq_ignore_ascii_case(encoding) && !refused
        })
}

/// `GET /assets/{file}`.
pub async fn asset(Path(file): Path<String>, headers: HeaderMap) -> Response {
    let Some(asset) = bundle::asset(&format!("assets/{file}")) else {
        return (StatusCode::NOT_FOUND, "Archivo no encontrado").into_response();
    };
    let (body, encoding) = match (asset.brotli, asset.gzip) {
        (Some(br), _) if accepts(&headers, "br") => (br, Some("br")),
        (_, Some(gz)) if accepts(&headers, "gzip") => (gz, Some("gzip")),
        _ => (asset.body, None),
    };
    let mut response = body.into_response();
    let h = response.headers_mut();
    h.insert(CONTENT_TYPE, HeaderValue::from_static(asset.content_type));
    h.insert(
        CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=31536000, immutable"),
    );
    h.insert(VARY, HeaderValue::from_static("Accept-Encoding"));
    if let Some(encoding) = encoding {
        h.insert(CONTENT_ENCODING, HeaderValue::from_static(encoding));
    }
    response
}
