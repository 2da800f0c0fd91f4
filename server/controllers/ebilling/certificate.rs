//! `/api/ebilling/certificate`: the company's electronic-signature certificate. Admins upload it
//! (multipart `file` + `password`) and see its facts; the file and the password are never
//! returned or logged (`services::signing::certificate`).

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Request, State};

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles;
use crate::error::{AppError, AppResult, conflict};
use crate::http::upload::Form;
use crate::models::config::company::Company;
use crate::services::signing::certificate;
use crate::services::signing::sealing::SealingKey;
use crate::views::ebilling::certificate::CertificateView;

/// Largest .p12 accepted (real ones are a few KB).
const P12_MAX_BYTES: usize = 256 * 1024;

/// `POST /api/ebilling/certificate` (admin; multipart `file`, `password`).
pub async fn upload(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    request: Request,
) -> AppResult<Json<CertificateView>> {
    let tenant = auth.tenant(roles::ADMIN)?;
    let (file, password) = read_upload(request).await?;
    let secret = state.config.secret.as_ref().ok_or_else(|| {
        conflict(format!(
            "El servidor no tiene configurada la variable de entorno {}: sin ella no se puede guardar el certificado cifrado. Pida al administrador del servidor que la configure.",
            crate::config::SECRET_VAR
        ))
    })?;
    let key = SealingKey::derive(secret)
        .map_err(|_| AppError::Internal(anyhow::anyhow!("no se pudo derivar la clave")))?;
    let (user, zone) = (tenant.user_id(), tenant.zone());
    let (facts, ruc) = state
        .db
        .write(move |conn| {
            let facts =
                certificate::store(conn, &key, tenant.company, Some(user), &file, &password)?;
            Ok((facts, Company::find(conn, tenant.company)?.ruc))
        })
        .await?;
    Ok(Json(CertificateView::of(&facts, zone, &ruc)))
}

/// `GET /api/ebilling/certificate` (admin): the active certificate's facts, or 404.
pub async fn get(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
) -> AppResult<Json<CertificateView>> {
    let tenant = auth.tenant(roles::ADMIN)?;
    let zone = tenant.zone();
    let (facts, ruc) = state
        .db
        .run(move |conn| {
            Ok((
                certificate::facts(conn, tenant.company)?,
                Company::find(conn, tenant.company)?.ruc,
            ))
        })
        .await?;
    Ok(Json(CertificateView::of(&facts, zone, &ruc)))
}

/// The `file` and `password` fields of the upload (other fields are ignored).
async fn read_upload(request: Request) -> AppResult<(Bytes, String)> {
    let mut form = Form::read(
        request,
        "Envíe el certificado como formulario multipart/form-data con los campos «file» y «password»",
        crate::http::BODY_LIMIT,
    )
    .await?;
    let (_, file) = form.file("file", "Elija el archivo .p12 del certificado")?;
    if file.len() > P12_MAX_BYTES {
        return Err(AppError::field(
            "file",
            format!(
                "El certificado no puede pesar más de {} KB",
                P12_MAX_BYTES / 1024
            ),
        ));
    }
    let password = form
        .text("password")
        .filter(|p| !p.is_empty())
        .map(str::to_string)
        .ok_or_else(|| AppError::field("password", "Escriba la contraseña del certificado"))?;
    Ok((file, password))
}
