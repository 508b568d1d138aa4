//! Serving connections: hyper's HTTP/1.1 connection with a header read timeout (which also
//! closes idle keep-alive connections), at most `maxConnections` open at once (more wait in
//! the listen backlog), and a graceful shutdown bounded by `shutdownGraceSeconds`: on the
//! signal the listener closes, waiters are answered with their current receipt, idle and
//! half-sent connections are closed, and whatever is still running at the end of the
//! grace period is dropped.
//!
//! The listener is bound with a listen backlog of [`LISTEN_BACKLOG`] ([`bind`]).
//!
//! The routes and their layers are [`crate::http`]; this module only owns sockets.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::{TcpListener, TcpSocket};
use tokio::sync::Semaphore;

use crate::config::ServerLimits;

/// How many connections the kernel completes and queues for the accept loop: the listen
/// backlog, which Linux caps at `net.core.somaxconn` (4,096 by default). The standard
/// library and tokio ask for 128. A burst of more connections than that at once (the load
/// test opens 300 waiters together) overflowed the queue; the kernel then dropped the
/// handshakes it could not queue and reset some of those connections. It is above the
/// default `maxConnections` (512), so that the connections waiting for a slot wait in the
/// queue.
pub const LISTEN_BACKLOG: u32 = 1024;

/// A listener on `addr` with a backlog of [`LISTEN_BACKLOG`] (and `SO_REUSEADDR`, as
/// tokio's `TcpListener::bind` sets).
///
/// # Errors
///
/// The socket's (the address in use or not this machine's), of its kind, with a message
/// that names the address: `cannot listen on 127.0.0.1:8080: Address already in use (os
/// error 98)`.
pub fn bind(addr: SocketAddr) -> std::io::Result<TcpListener> {
    let listen = || {
        let socket = if addr.is_ipv4() { TcpSocket::new_v4()? } else { TcpSocket::new_v6()? };
        socket.set_reuseaddr(true)?;
        socket.bind(addr)?;
        socket.listen(LISTEN_BACKLOG)
    };
    listen().map_err(|e| std::io::Error::new(e.kind(), format!("cannot listen on {addr}: {e}")))
}

/// Serves `router` on `listener` until `shutdown` completes, then drains within the grace
/// period, calling `on_shutdown` first (to answer the waiters).
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: ServerLimits,
    shutdown: impl Future<Output = ()>,
    on_shutdown: impl FnOnce(),
) {
    let slots = Arc::new(Semaphore::new(limits.max_connections));
    let graceful = GracefulShutdown::new();
    let mut builder = http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout).keep_alive(true);
    tokio::pin!(shutdown);
    loop {
        let slot = tokio::select! {
            slot = slots.clone().acquire_owned() => match slot {
                Ok(slot) => slot,
                Err(_) => break,
            },
            () = &mut shutdown => break,
        };
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(e) => {
                    // Out of descriptors or a reset before accept: try again shortly.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        let connection = builder.serve_connection(TokioIo::new(stream), TowerToHyperService::new(router.clone()));
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            let _ = connection.await;
            drop(slot);
        });
    }
    drop(listener);
    on_shutdown();
    if tokio::time::timeout(limits.shutdown_grace, graceful.shutdown()).await.is_err() {
        tracing::warn!(
            grace_seconds = limits.shutdown_grace.as_secs(),
            "shutdown: connections still open were dropped"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A busy port is refused with a message that names the address, not the bare
    /// `Address already in use` of the socket.
    #[tokio::test]
    async fn a_busy_address_is_named_in_the_error() {
        let taken = bind(([127, 0, 0, 1], 0).into()).expect("a free port");
        let addr = taken.local_addr().expect("its address");
        let error = bind(addr).expect_err("the port is taken");
        assert_eq!(error.kind(), std::io::ErrorKind::AddrInUse);
        let message = error.to_string();
        assert!(
            message.starts_with(&format!("cannot listen on {addr}: ")) && message.contains("Address already in use"),
            "{message}"
        );
    }
}
