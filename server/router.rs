//! Every route of the server, in one place.

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::HeaderValue;
use axum::http::header::{
    CONTENT_SECURITY_POLICY, REFERRER_POLICY, X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS,
};
use axum::routing::{get, post};
use tower::ServiceBuilder;
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

use crate::app::AppState;
use crate::auth::csrf;
use crate::auth::licence;
use crate::controllers::branch_offices::Branches;
use crate::controllers::categories::Categories;
use crate::controllers::holidays::Holidays;
use crate::controllers::{
    assets, auth, branch_offices, categories, company, company_data, dashboard, holidays, pages,
    records, user, users,
};
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
        .route(
            "/auth/resend-verification",
            post(auth::signup::resend_verification),
        )
        .route("/auth/login", post(auth::session::login))
        .route("/auth/logout", post(auth::session::logout))
        .route(
            "/auth/gerateReset-password",
            post(auth::password::generate_reset),
        )
        .route("/auth/reset-password", post(auth::password::reset_password))
        .route(
            "/auth/reset-password/{token}",
            get(auth::password::check_reset),
        )
        .route(
            "/auth/changeBranchOffice",
            post(auth::branch::change_branch_office),
        )
        .route("/user", get(user::current_user))
        .route(
            "/users/AccessBranchOffices",
            get(user::access_branch_offices),
        )
        .route("/users/theme", post(users::set_theme))
        .route("/dashboard", get(dashboard::dashboard))
        // Users of the company (generic list contract).
        .route("/users", get(users::list))
        .route("/users/register", post(users::register))
        .route("/users/delete", post(users::delete))
        .route("/users/{id}", get(users::get))
        .route("/users/{id}/update", post(users::update))
        .route("/users/{id}/lock", post(users::lock))
        .route("/users/{id}/{action}", post(users::action))
        // Company, branch offices, holidays, licence.
        .route("/company", get(company_data::get))
        .route("/company/update", post(company_data::update))
        .route(
            "/company/logo",
            get(company_data::logo).post(company_data::upload_logo),
        )
        .route("/company/logo/delete", post(company_data::delete_logo))
        .route("/company/licence", get(dashboard::licence))
        .route("/company/branchOffice", get(branch_offices::list))
        .route(
            "/company/branchOffice/all",
            get(company::all_branch_offices),
        )
        .route(
            "/company/branchOffice/getConfig",
            get(company::branch_office_config),
        )
        .route(
            "/company/branchOffice/register",
            post(branch_offices::register),
        )
        .route(
            "/company/branchOffice/delete",
            post(records::delete::<Branches>),
        )
        .route("/company/branchOffice/{id}", get(records::get::<Branches>))
        .route(
            "/company/branchOffice/{id}/update",
            post(branch_offices::update),
        )
        .route(
            "/company/branchOffice/{id}/lock",
            post(records::lock::<Branches>),
        )
        .route("/company/holiday", get(holidays::list))
        .route("/company/holiday/register", post(holidays::register))
        .route("/company/holiday/delete", post(records::delete::<Holidays>))
        .route("/company/holiday/{id}", get(records::get::<Holidays>))
        .route("/company/holiday/{id}/update", post(holidays::update))
        .route(
            "/company/holiday/{id}/lock",
            post(records::lock::<Holidays>),
        )
        // Product categories.
        .route("/item/category", get(categories::list))
        .route("/item/category/all", get(categories::all))
        .route("/item/category/register", post(categories::register))
        .route("/item/category/delete", post(records::delete::<Categories>))
        .route("/item/category/{id}", get(records::get::<Categories>))
        .route("/item/category/{id}/update", post(categories::update))
        .route(
            "/item/category/{id}/lock",
            post(records::lock::<Categories>),
        )
        .route_layer(axum::middleware::from_fn_with_state(
            state.clone(),
            licence::enforce,
        ))
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
                .layer(SetResponseHeaderLayer::if_not_present(
                    X_CONTENT_TYPE_OPTIONS,
                    HeaderValue::from_static("nosniff"),
                ))
                .layer(SetResponseHeaderLayer::if_not_present(
                    X_FRAME_OPTIONS,
                    HeaderValue::from_static("SAMEORIGIN"),
                ))
                .layer(SetResponseHeaderLayer::if_not_present(
                    REFERRER_POLICY,
                    HeaderValue::from_static("same-origin"),
                ))
                .layer(SetResponseHeaderLayer::if_not_present(
                    CONTENT_SECURITY_POLICY,
                    HeaderValue::from_static(CSP),
                ))
                .layer(CompressionLayer::new())
                .layer(axum::middleware::from_fn(move |req, next| {
                    csrf::protect(secure, req, next)
                })),
        )
        .with_state(state)
}
