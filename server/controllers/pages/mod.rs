//! Document requests: every GET outside `/api` and `/assets` renders the React app on the server.
//!
//! The handler matches the path against the route table once, authenticates, applies the guard
//! of the route table (`ssr::routes`: paths containing `admin` and routes marked `auth` need a
//! session; roles from the table), loads each matched route's data with the loaders of
//! [`loaders`], renders through the engine pool and wraps the result in the HTML shell.

pub mod build;
pub mod loaders;
pub mod rules;
mod sample;

use axum::Extension;
use axum::extract::State;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE, LOCATION};
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde_json::{Map, Value, json};

use crate::app::AppState;
use crate::auth::MaybeUser;
use crate::auth::csrf::CsrfToken;
use crate::auth::extract::NOT_SIGNED_IN;
use crate::auth::signed_in::AuthUser;
use crate::controllers::page_loader::PageContext;
use crate::error::{AppError, INTERNAL_MESSAGE};
use crate::ssr::SsrError;
use crate::ssr::document;
use crate::ssr::protocol::{RenderInput, RenderOutput};
use crate::ssr::routes::{RouteMatch, RouteTable, needs_session};
use crate::views::auth::user::CurrentUserView;
use loaders::page_cache;
use page_cache::cache::Lookup;

pub use crate::controllers::page_loader::{page_not_found, route_error};
pub use sample::LINES as SAMPLE_LINES;

/// Where signed-out visitors of a guarded page are sent (the sign-in page shows why).
pub const LOGIN_REQUIRED: &str = "/login?motivo=sesion";
/// Where a locked user is sent.
pub const LOGIN_LOCKED: &str = "/login?motivo=bloqueado";

fn redirect(location: &str, status: StatusCode) -> Response {
    let mut response = status.into_response();
    if let Ok(value) = HeaderValue::from_str(location) {
        response.headers_mut().insert(LOCATION, value);
    }
    response
        .headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// `GET` of any page.
pub async fn page(
    State(state): State<AppState>,
    Extension(csrf): Extension<CsrfToken>,
    user: Result<MaybeUser, AppError>,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let path = uri.path();
    let route = RouteTable::embedded().find(path);
    let guarded = needs_session(path, route.as_ref());
    let user = match user {
        Ok(MaybeUser(user)) => user,
        Err(AppError::Forbidden(_)) if guarded => {
            return redirect(LOGIN_LOCKED, StatusCode::FOUND);
        }
        Err(AppError::Forbidden(_)) => None,
        Err(err) => return error_response(err.status(), &err.public_message()),
    };
    let target = uri
        .path_and_query()
        .map_or(path, |pq| pq.as_str())
        .to_string();
    if user.is_none() && guarded {
        // A printable document opened signed out (a shared link): the 403 screen, whose
        // 'Iniciar Session' button signs in and comes back to the document.
        if let Some(leaf) = route
            .as_ref()
            .filter(|r| r.shared_document(path))
            .and_then(RouteMatch::leaf)
        {
            let leaf = leaf.id.clone();
            let error = route_error(StatusCode::FORBIDDEN, MUST_SIGN_IN);
            return render_matched(
                &state,
                &target,
                route.as_ref(),
                None,
                &csrf,
                [(leaf.as_str(), error)],
                Some(StatusCode::FORBIDDEN),
            )
            .await;
        }
        return redirect(LOGIN_REQUIRED, StatusCode::FOUND);
    }
    // A RIDE is rendered once per UI build and then read from the cache (after the same access
    // check as its loader, or, for the public RIDE, after its signed link is checked).
    let cached = page_cache::lookup(&state, route.as_ref(), user.as_ref(), uri.query()).await;
    if let Lookup::Hit(page) = &cached {
        return page_cache::cache::respond(page, &headers);
    }
    let response = render_matched(
        &state,
        &target,
        route.as_ref(),
        user.as_ref(),
        &csrf,
        [],
        None,
    )
    .await;
    match cached {
        Lookup::Miss(key) => page_cache::cache::store(&state, key, response).await,
        _ => response,
    }
}

/// The message of a guarded page for a visitor who is not signed in (specification §6).
pub const MUST_SIGN_IN: &str = "Debes iniciar sesión para acceder a esta página";

/// Renders the page at `path_and_query` for `user`. `overrides` replace the data of the named
/// routes (used to show a form again with its errors); `status` replaces the render's status.
pub async fn render_with<const N: usize>(
    state: &AppState,
    path_and_query: &str,
    user: Option<&AuthUser>,
    csrf: &CsrfToken,
    overrides: [(&str, Value); N],
    status: Option<StatusCode>,
) -> Response {
    let path = path_and_query.split('?').next().unwrap_or("/");
    let route = RouteTable::embedded().find(path);
    render_matched(
        state,
        path_and_query,
        route.as_ref(),
        user,
        csrf,
        overrides,
        status,
    )
    .await
}

/// [`render_with`] for a path already matched: a request matches its path once.
async fn render_matched<const N: usize>(
    state: &AppState,
    path_and_query: &str,
    route: Option<&RouteMatch>,
    user: Option<&AuthUser>,
    csrf: &CsrfToken,
    overrides: [(&str, Value); N],
    status: Option<StatusCode>,
) -> Response {
    let mut data = match load_data(state, path_and_query, route, user, csrf).await {
        Ok(data) => data,
        Err(err) => return error_response(err.status(), &err.public_message()),
    };
    for (id, value) in overrides {
        data.insert(id.to_string(), value);
    }
    let url = format!("http://mostrador.local{path_and_query}");
    let input = match serde_json::to_string(&RenderInput {
        url: &url,
        data: &data,
        hydrate: !route.is_some_and(|r| r.printable),
    }) {
        Ok(input) => input,
        Err(err) => return internal(anyhow::anyhow!(err)),
    };
    let rendered = match state.ssr.render(input).await {
        Ok(answer) => RenderOutput::parse(&answer).map_err(SsrError::Render),
        Err(err) => Err(err),
    };
    match rendered {
        Ok(RenderOutput::Page {
            status: rendered_status,
            html,
            hydration,
            title,
        }) => {
            let code = status
                .or_else(|| StatusCode::from_u16(rendered_status).ok())
                .unwrap_or(StatusCode::OK);
            let theme_of = |key: &str| {
                data.get("root")
                    .and_then(|r| r.pointer(&format!("/user/theme/{key}")))
                    .and_then(Value::as_str)
            };
            // A printable is printed on white paper, whoever opens it: it carries no user theme
            // (and so its cached copy is the same for every user).
            let printable = route.is_some_and(|r| r.printable);
            let theme = document::Theme {
                dark: !printable && theme_of("mode") == Some("dark"),
                primary: theme_of("primaryColor").filter(|_| !printable),
            };
            html_response(
                code,
                document::page(route, title.as_deref(), &html, &hydration, theme),
            )
        }
        Ok(RenderOutput::Redirect { status, location }) => redirect(
            &location,
            StatusCode::from_u16(status).unwrap_or(StatusCode::FOUND),
        ),
        Err(SsrError::Overloaded) => error_response(
            StatusCode::SERVICE_UNAVAILABLE,
            "El servidor está ocupado. Intente de nuevo en unos segundos.",
        ),
        Err(err) => internal(anyhow::anyhow!(err)),
    }
}

/// The JSON the engine renders for `path_and_query` as `user`: exactly what a page request
/// passes to `render` (the SSR benchmark uses it to measure real pages).
pub async fn render_input(
    state: &AppState,
    path_and_query: &str,
    user: Option<&AuthUser>,
    csrf: &CsrfToken,
) -> Result<String, AppError> {
    let path = path_and_query.split('?').next().unwrap_or("/");
    let route = RouteTable::embedded().find(path);
    let data = load_data(state, path_and_query, route.as_ref(), user, csrf).await?;
    let url = format!("http://mostrador.local{path_and_query}");
    serde_json::to_string(&RenderInput {
        url: &url,
        data: &data,
        hydrate: !route.as_ref().is_some_and(|r| r.printable),
    })
    .map_err(|e| AppError::Internal(e.into()))
}

/// Data for every matched route, keyed by route id, plus the root's (user and CSRF token).
async fn load_data(
    state: &AppState,
    path_and_query: &str,
    route: Option<&RouteMatch>,
    user: Option<&AuthUser>,
    csrf: &CsrfToken,
) -> Result<Map<String, Value>, AppError> {
    let user_view = match user {
        Some(auth) => {
            let u = auth.user.clone();
            Some(
                state
                    .db
                    .read_quick(move |conn| Ok(CurrentUserView::load(conn, &u)?))
                    .await?,
            )
        }
        None => None,
    };
    let mut data = match route {
        Some(route) => route_data(state, path_and_query, route, user).await,
        None => Map::new(),
    };
    data.insert(
        "root".into(),
        json!({ "user": user_view, "csrf": csrf.value }),
    );
    Ok(data)
}

/// Data of the routes of `route` below the root, keyed by route id. A page the visitor may not
/// see (params that fail their rule, a role the route does not admit) gets its error instead,
/// and its loader does not run.
async fn route_data(
    state: &AppState,
    path_and_query: &str,
    route: &RouteMatch,
    user: Option<&AuthUser>,
) -> Map<String, Value> {
    let path = path_and_query.split('?').next().unwrap_or("/");
    let refusal = if route.invalid_params {
        Some(route_error(StatusCode::NOT_FOUND, &page_not_found(path)))
    } else if user.is_some_and(|auth| !route.admits(auth.role())) {
        Some(route_error(
            StatusCode::FORBIDDEN,
            "No tienes permisos para acceder a esta página",
        ))
    } else {
        None
    };
    let leaf = route.chain.len().saturating_sub(1);
    let mut ctx = PageContext::new(state, path_and_query, route, user);
    let mut data = Map::new();
    for (i, matched) in route.chain.iter().enumerate().skip(1) {
        let value = match &refusal {
            Some(error) if i == leaf => error.clone(),
            _ => {
                ctx.load_route(matched);
                loaders::load(&ctx, &matched.id).await
            }
        };
        data.insert(matched.id.clone(), value);
    }
    data
}

/// `GET /api/page-data/{path}?{query}`: the data of every route the page at `/{path}?{query}`
/// matches (keyed by route id), exactly as its server render gets it. The browser's loaders
/// fetch it when they navigate, so each page has one loader, on the server.
pub async fn page_data(
    State(state): State<AppState>,
    user: Result<MaybeUser, AppError>,
    uri: Uri,
) -> Result<Response, AppError> {
    // Nested under `/api`, the handler sees `/page-data/…`.
    let full = uri.path_and_query().map_or(uri.path(), |pq| pq.as_str());
    let target = full
        .strip_prefix("/api/page-data")
        .or_else(|| full.strip_prefix("/page-data"))
        .unwrap_or("/");
    let target = if target.starts_with('/') {
        target.to_string()
    } else {
        format!("/{target}")
    };
    let path = target.split('?').next().unwrap_or("/");
    let route = RouteTable::embedded().find(path);
    let MaybeUser(user) = user?;
    if user.is_none() && needs_session(path, route.as_ref()) {
        return Err(AppError::Unauthorized(NOT_SIGNED_IN.into()));
    }
    // Who is signed in comes from `GET /api/user`: only the pages' own data is loaded.
    let data = match &route {
        Some(route) => route_data(&state, &target, route, user.as_ref()).await,
        None => Map::new(),
    };
    let mut response = axum::Json(data).into_response();
    response
        .headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

fn html_response(status: StatusCode, html: String) -> Response {
    let mut response = (status, html).into_response();
    let headers = response.headers_mut();
    headers.insert(
        CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// A self-contained error page (used when the engine cannot render one).
pub fn error_response(status: StatusCode, message: &str) -> Response {
    html_response(status, document::error_page(status.as_u16(), message))
}

fn internal(err: anyhow::Error) -> Response {
    tracing::error!(error = ?err, "no se pudo renderizar la página");
    error_response(StatusCode::INTERNAL_SERVER_ERROR, INTERNAL_MESSAGE)
}
