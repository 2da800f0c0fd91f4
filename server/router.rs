//! Every route of the server, in one place.

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::header::{CONTENT_SECURITY_POLICY, REFERRER_POLICY, X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS};
use axum::http::HeaderValue;
use axum::routing::{get, post};
use tower::ServiceBuilder;
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

use crate::app::AppState;
use crate::auth::csrf;
use crate::controllers::{assets, auth, company, pages, user};
use crate::error::AppError;

/// Largest request body accepted (the logo upload of later modules is the biggest).
const BODY_LIMIT: usize = 2 * 1024 * 1024;

/// Scripts only from our origin; inline styles are allowed because React sets `style` attributes.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; \
                   object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'";

/// Builds the application router.
pub fn build(state: AppState) -> Router {
    let api = Router::new()
        // Authentication and the current user.
        .route("/auth/signup", post(auth::signup::signup))
        .route("/auth/verify-email", get(auth::signup::verify_email))
        .route("/auth/resend-verification", post(auth::signup::resend_verification))
        .route("/auth/login", post(auth::session::login))
        .route("/auth/logout", post(auth::session::logout))
        .route("/auth/gerateReset-password", post(auth::password::generate_reset))
        .route("/auth/reset-password", post(auth::password::reset_password))
        .route("/auth/reset-password/{token}", get(auth::password::check_reset))
        .route("/auth/changeBranchOffice", post(auth::branch::change_branch_office))
        .route("/user", get(user::current_user))
        .route("/users/AccessBranchOffices", get(user::access_branch_offices))
        // Company.
        .route("/company/branchOffice/all", get(company::all_branch_offices))
        .route("/company/branchOffice/getConfig", get(company::branch_office_config))
        .fallback(|| async { AppError::NotFound("Ruta de API no encontrada".into()) });

    let secure = state.config.cookie_secure;
    Router::new()
        .nest("/api", api)
        .route("/assets/{file}", get(assets::asset))
        .route("/login", get(pages::page).post(auth::session::login_form))
        .fallback(get(pages::page))
        .layer(
            ServiceBuilder::new()
                .layer(TraceLayer::new_for_http())
                .layer(DefaultBodyLimit::max(BODY_LIMIT))
                .layer(SetResponseHeaderLayer::if_not_present(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
                .layer(SetResponseHeaderLayer::if_not_present(X_FRAME_OPTIONS, HeaderValue::from_static("SAMEORIGIN")))
                .layer(SetResponseHeaderLayer::if_not_present(REFERRER_POLICY, HeaderValue::from_static("same-origin")))
                .layer(SetResponseHeaderLayer::if_not_present(CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP)))
                .layer(CompressionLayer::new())
                .layer(axum::middleware::from_fn(move |req, next| csrf::protect(secure, req, next))),
        )
        .with_state(state)
}
