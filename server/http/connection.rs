//! The connections the server accepts, wrapped so that hyper's own refusals speak like the app.
//!
//! hyper answers a request it cannot parse by itself, before the router sees it: an address over
//! 64 KB (the longest URI the `http` crate can hold) gets 414, a head over hyper's read buffer
//! 431, a malformed request line or header (a NUL byte in a header, say) 400. It sends these with
//! an empty body and closes the connection, and offers no hook to change them. Every refusal of
//! the app is Spanish JSON (issue 8), so each accepted stream is wrapped in [`RefusalStream`],
//! which recognises that automatic answer on its way out and writes the app's refusal instead.
//!
//! Recognising it: hyper writes it as the first write after reading a request it could not parse,
//! and the write is a bare head, `HTTP/1.1 {400|414|431} …` with `content-length: 0` and nothing
//! after the blank line. The app itself never answers a 4xx with an empty body (the request guard
//! in [`super::refusals`] gives every refusal a JSON body), and a response body never reaches the
//! socket right after a read starting with a status line (chunked bodies begin with their size),
//! so nothing else has that shape.

use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::task::{Context, Poll, ready};

use axum::extract::connect_info::Connected;
use axum::http::StatusCode;
use axum::serve::IncomingStream;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

use crate::error::ErrorBody;

/// The Spanish message of a status hyper sends on its own.
fn hyper_refusal(status: u16) -> Option<&'static str> {
    let status = StatusCode::from_u16(status).ok()?;
    [
        StatusCode::BAD_REQUEST,
        StatusCode::URI_TOO_LONG,
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
    ]
    .contains(&status)
    .then(|| super::refusals::message_for(status))
}

/// The listening socket: accepts like tokio's, hands out [`RefusalStream`]s.
pub struct Listener(pub TcpListener);

/// The client's socket address, as `ConnectInfo` of a [`Listener`]'s connections.
#[derive(Debug, Clone, Copy)]
pub struct Peer(pub SocketAddr);

impl axum::serve::Listener for Listener {
    type Io = RefusalStream<TcpStream>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        let (stream, address) = axum::serve::Listener::accept(&mut self.0).await;
        (RefusalStream::new(stream), address)
    }

    fn local_addr(&self) -> io::Result<Self::Addr> {
        self.0.local_addr()
    }
}

impl Connected<IncomingStream<'_, Listener>> for Peer {
    fn connect_info(stream: IncomingStream<'_, Listener>) -> Self {
        Peer(*stream.remote_addr())
    }
}

/// A connection's stream that replaces hyper's empty automatic refusal (see the module's doc).
pub struct RefusalStream<S> {
    inner: S,
    /// Whether bytes have been read since the last write: only then can hyper be refusing.
    read_since_write: bool,
    /// The replacement refusal, still to be written, and how much of it is written.
    pending: Option<(Vec<u8>, usize)>,
    /// Set once a refusal was written: closing then waits for the rest of the request.
    lingering: Option<Linger>,
}

/// How long, at most, a refused connection reads and discards what the client still sends.
const LINGER: std::time::Duration = std::time::Duration::from_secs(2);

/// A refused connection being closed. hyper refuses a request before reading all of it (an
/// oversized head); closing a socket with unread bytes makes the kernel send a reset, which can
/// reach the client before it has read the refusal, so the client sees "connection reset"
/// instead of the message. Like web servers' "lingering close": after the refusal and the end of
/// the writing side, the rest of the request is read and dropped until the client closes, for at
/// most [`LINGER`].
struct Linger {
    /// Whether the writing side is shut already (hyper polls the shutdown again while lingering).
    shut: bool,
    deadline: Option<Pin<Box<tokio::time::Sleep>>>,
}

impl<S> RefusalStream<S> {
    pub fn new(inner: S) -> Self {
        RefusalStream {
            inner,
            read_since_write: false,
            pending: None,
            lingering: None,
        }
    }
}

impl<S: AsyncRead + Unpin> RefusalStream<S> {
    /// Reads and drops what the client still sends, until it closes or [`LINGER`] passes.
    fn poll_linger(&mut self, cx: &mut Context<'_>) -> Poll<()> {
        let Some(linger) = &mut self.lingering else {
            return Poll::Ready(());
        };
        let deadline = linger
            .deadline
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(LINGER)));
        let mut scratch = [0u8; 8192];
        let mut done = false;
        for _ in 0..64 {
            let mut buf = ReadBuf::new(&mut scratch);
            match Pin::new(&mut self.inner).poll_read(cx, &mut buf) {
                Poll::Ready(Ok(())) if !buf.filled().is_empty() => {}
                // The client closed (or the socket failed): nothing more to wait for.
                Poll::Ready(_) => {
                    done = true;
                    break;
                }
                Poll::Pending => {
                    done = deadline.as_mut().poll(cx).is_ready();
                    if !done {
                        return Poll::Pending;
                    }
                    break;
                }
            }
        }
        if !done && deadline.as_mut().poll(cx).is_pending() {
            // A fast sender: let other tasks run, then read on (the deadline still bounds it).
            cx.waker().wake_by_ref();
            return Poll::Pending;
        }
        self.lingering = None;
        Poll::Ready(())
    }
}

/// The app's refusal in place of `head` when `head` is hyper's automatic one.
fn replacement(head: &[u8]) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(head).ok()?;
    let headers = text.strip_suffix("\r\n\r\n")?;
    let mut lines = headers.split("\r\n");
    let status_line = lines.next()?;
    let status: u16 = status_line
        .strip_prefix("HTTP/1.1 ")?
        .get(..3)?
        .parse()
        .ok()?;
    let message = hyper_refusal(status)?;
    let rest: Vec<&str> = lines.collect();
    if !rest
        .iter()
        .any(|line| line.eq_ignore_ascii_case("content-length: 0"))
    {
        return None;
    }
    let body = serde_json::to_vec(&ErrorBody {
        status_code: status,
        message: message.into(),
        errors: None,
    })
    .ok()?;
    let mut out = format!(
        "{status_line}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
         cache-control: no-store\r\nconnection: close\r\n",
        body.len()
    );
    for line in rest {
        let name = line.split(':').next().unwrap_or("").to_ascii_lowercase();
        if !matches!(name.as_str(), "content-length" | "connection") {
            out.push_str(line);
            out.push_str("\r\n");
        }
    }
    out.push_str("\r\n");
    let mut out = out.into_bytes();
    out.extend_from_slice(&body);
    Some(out)
}

impl<S: AsyncWrite + Unpin> RefusalStream<S> {
    /// Writes what is left of the replacement; ready once it is all out.
    fn poll_pending(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while let Some((bytes, written)) = &mut self.pending {
            if *written == bytes.len() {
                self.pending = None;
                break;
            }
            let n = ready!(Pin::new(&mut self.inner).poll_write(cx, &bytes[*written..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            *written += n;
        }
        Poll::Ready(Ok(()))
    }

    /// Called with hyper's next write: takes it over when it is the automatic refusal.
    fn intercept(&mut self, write: &[u8]) -> bool {
        if !std::mem::take(&mut self.read_since_write) {
            return false;
        }
        match replacement(write) {
            Some(bytes) => {
                self.pending = Some((bytes, 0));
                self.lingering = Some(Linger {
                    shut: false,
                    deadline: None,
                });
                true
            }
            None => false,
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for RefusalStream<S> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        ready!(Pin::new(&mut this.inner).poll_read(cx, buf))?;
        if buf.filled().len() > before {
            this.read_since_write = true;
        }
        Poll::Ready(Ok(()))
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncWrite for RefusalStream<S> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        ready!(this.poll_pending(cx))?;
        if this.intercept(buf) {
            return Poll::Ready(Ok(buf.len()));
        }
        Pin::new(&mut this.inner).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        ready!(this.poll_pending(cx))?;
        let mut filled = bufs.iter().filter(|b| !b.is_empty());
        if let (Some(only), None) = (filled.next(), filled.next())
            && this.intercept(only)
        {
            return Poll::Ready(Ok(only.len()));
        }
        this.read_since_write = false;
        Pin::new(&mut this.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(this.poll_pending(cx))?;
        Pin::new(&mut this.inner).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(this.poll_pending(cx))?;
        match &mut this.lingering {
            Some(linger) if linger.shut => {}
            Some(linger) => {
                ready!(Pin::new(&mut this.inner).poll_shutdown(cx))?;
                linger.shut = true;
            }
            None => return Pin::new(&mut this.inner).poll_shutdown(cx),
        }
        ready!(this.poll_linger(cx));
        Poll::Ready(Ok(()))
    }
}

#[cfg(test)]
mod tests {
    use tokio::io::{AsyncReadExt, AsyncWriteExt, duplex};

    use super::*;

    const HYPER_414: &[u8] =
        b"HTTP/1.1 414 URI Too Long\r\ncontent-length: 0\r\ndate: Mon, 23 Nov 2026 10:00:00 GMT\r\n\r\n";

    /// Plays hyper's side: reads `request`, writes `response`, closes; returns what the client got.
    async fn exchange(request: &[u8], response: &[u8]) -> String {
        let (server, mut client) = duplex(1 << 20);
        let mut server = RefusalStream::new(server);
        client.write_all(request).await.unwrap();
        let mut got = vec![0; request.len()];
        server.read_exact(&mut got).await.unwrap();
        server.write_all(response).await.unwrap();
        server.flush().await.unwrap();
        server.shutdown().await.unwrap();
        let mut answer = String::new();
        client.read_to_string(&mut answer).await.unwrap();
        answer
    }

    #[tokio::test]
    async fn hyper_refusal_becomes_spanish_json() {
        let answer = exchange(b"GET /aaaa HTTP/1.1\r\n\r\n", HYPER_414).await;
        let (head, body) = answer.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 414 URI Too Long\r\n"), "{head}");
        assert!(head.contains("content-type: application/json"), "{head}");
        assert!(
            head.contains(&format!("content-length: {}", body.len())),
            "{head}"
        );
        assert!(head.contains("date: Mon, 23 Nov 2026"), "{head}");
        let json: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(json["statusCode"], 414);
        assert_eq!(json["message"], super::super::refusals::URI_TOO_LONG);
    }

    #[tokio::test]
    async fn app_answers_pass_unchanged() {
        let ok = b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok";
        assert_eq!(exchange(b"GET / HTTP/1.1\r\n\r\n", ok).await.as_bytes(), ok);
        // A bare empty head with a status hyper never sends on its own.
        let other = b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n";
        assert_eq!(
            exchange(b"GET / HTTP/1.1\r\n\r\n", other).await.as_bytes(),
            other
        );
    }

    #[tokio::test]
    async fn nothing_is_replaced_without_a_request_read_first() {
        let (server, mut client) = duplex(1 << 16);
        let mut server = RefusalStream::new(server);
        server.write_all(HYPER_414).await.unwrap();
        server.shutdown().await.unwrap();
        let mut answer = Vec::new();
        client.read_to_end(&mut answer).await.unwrap();
        assert_eq!(answer, HYPER_414);
    }

    /// A refused client still sending its (oversized) request: closing reads and drops the rest
    /// until the client is done, so its writes complete and it reads the refusal (over TCP,
    /// unread bytes at close would reset the connection).
    #[tokio::test]
    async fn a_refused_connection_drains_the_rest_of_the_request() {
        let (server, client) = duplex(16 * 1024);
        let mut server = RefusalStream::new(server);
        let (mut from_server, mut to_server) = tokio::io::split(client);
        let sending = tokio::spawn(async move {
            let mut request = b"GET / HTTP/1.1\r\n".to_vec();
            request.extend(std::iter::repeat_n(b'x', 512 * 1024));
            to_server.write_all(&request).await.unwrap();
            to_server.shutdown().await.unwrap();
        });
        let mut head = vec![0; 1024];
        server.read_exact(&mut head).await.unwrap();
        server.write_all(HYPER_414).await.unwrap();
        server.flush().await.unwrap();
        let mut answer = Vec::new();
        let (closed, read) = tokio::join!(
            tokio::time::timeout(std::time::Duration::from_secs(5), server.shutdown()),
            from_server.read_to_end(&mut answer),
        );
        closed.expect("el cierre no esperó al cliente").unwrap();
        read.unwrap();
        tokio::time::timeout(std::time::Duration::from_secs(5), sending)
            .await
            .expect("el cliente no pudo terminar de enviar su solicitud")
            .unwrap();
        let answer = String::from_utf8(answer).unwrap();
        assert!(
            answer.starts_with("HTTP/1.1 414 URI Too Long\r\n"),
            "{answer}"
        );
        assert!(answer.ends_with('}'), "{answer}");
    }

    #[test]
    fn only_bare_heads_of_hyper_statuses_are_replaced() {
        assert!(replacement(HYPER_414).is_some());
        for head in [
            &b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n"[..],
            b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\n\r\n",
        ] {
            assert!(replacement(head).is_some());
        }
        for head in [
            &b"HTTP/1.1 414 URI Too Long\r\ncontent-length: 12\r\n\r\n"[..],
            b"HTTP/1.1 414 URI Too Long\r\ncontent-length: 0\r\n\r\n{}",
            b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n",
            b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n",
            b"1a\r\nHTTP/1.1 400 Bad Request\r\n",
        ] {
            assert!(
                replacement(head).is_none(),
                "{}",
                String::from_utf8_lossy(head)
            );
        }
    }
}
