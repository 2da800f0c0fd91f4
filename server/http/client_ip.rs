//! The client's address, for throttling and the session record.

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;

use super::ServerParts;
use super::connection::Peer;

/// The client address: the first `X-Forwarded-For` hop when `TRUST_PROXY` is set (behind a load
/// balancer), otherwise the socket's peer address.
#[derive(Debug, Clone)]
pub struct ClientIp(pub String);

impl<S: ServerParts> FromRequestParts<S> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        if state.config().trust_proxy
            && let Some(first) = parts
                .headers
                .get("x-forwarded-for")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.split(',').next())
                .map(str::trim)
                .filter(|v| !v.is_empty())
        {
            return Ok(ClientIp(first.to_string()));
        }
        let peer = parts
            .extensions
            .get::<ConnectInfo<Peer>>()
            .map(|ConnectInfo(Peer(addr))| addr.ip().to_string());
        Ok(ClientIp(peer.unwrap_or_else(|| "desconocida".into())))
    }
}
