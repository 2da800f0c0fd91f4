//! `/api/item/{id}/image`: a product's picture (same rules as the company logo: PNG or JPEG up
//! to 512 KB, judged by the file's signature). Every role may see it; admin and user change it.

use axum::Json;
use axum::extract::{Request, State};
use axum::response::Response;

use super::products::Products;
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles;
use crate::controllers::records::ensure_unlocked;
use crate::error::{AppError, AppResult, not_in_table};
use crate::http::params::PathId;
use crate::http::upload::{image_response, read_image};
use crate::models::inventory::product_image::ProductImage;
use crate::views::MessageResponse;

/// A product without a picture.
pub const NO_IMAGE: &str = "El producto no tiene imagen";

/// `POST /api/item/{id}/image` (multipart, file field `image`; other fields are ignored).
pub async fn upload(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
    request: Request,
) -> AppResult<Json<MessageResponse>> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let (bytes, kind) = read_image(request, "image").await?;
    state
        .db
        .write(move |conn| {
            // 404 for an unknown product (or another company's), 409 for a locked one.
            ensure_unlocked::<Products>(conn, tenant.company, id)?;
            if !ProductImage::set(conn, tenant.company, id, &bytes, kind)? {
                return Err(not_in_table());
            }
            Ok(())
        })
        .await?;
    Ok(Json(MessageResponse {
        message: "Imagen del producto actualizada".into(),
    }))
}

/// `POST /api/item/{id}/image/delete`.
pub async fn delete(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<MessageResponse>> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    state
        .db
        .write(move |conn| {
            ensure_unlocked::<Products>(conn, tenant.company, id)?;
            if !ProductImage::remove(conn, tenant.company, id)? {
                return Err(not_in_table());
            }
            Ok(())
        })
        .await?;
    Ok(Json(MessageResponse {
        message: "Imagen del producto eliminada".into(),
    }))
}

/// `GET /api/item/{id}/image`: the picture, or 404 (unknown product, another company's, or none).
pub async fn image(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Response> {
    let tenant = auth.tenant(roles::ALL)?;
    let found = state
        .db
        .run(move |conn| Ok(ProductImage::find(conn, tenant.company, id)?))
        .await?;
    let (bytes, kind) = found.ok_or_else(|| AppError::NotFound(NO_IMAGE.into()))?;
    Ok(image_response(bytes, &kind))
}
