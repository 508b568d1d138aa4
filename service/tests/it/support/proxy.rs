//! A loopback TCP proxy in front of a node or the attester, which a test cuts and restores:
//! what "the destination node is down" and "the attester is down" look like to the service
//! (its connections closed, new ones closed as soon as they are accepted), while the test
//! itself still reaches the node directly. The service is pointed at [`Proxy::url`] instead
//! of the real address (see [`through`]).
//!
//! It runs on threads of its own (no async runtime), so that the tests on a Tokio runtime and
//! the tests driving service processes use it alike. Dropping it stops it.

use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::Value;

/// A proxy on a loopback port forwarding to one upstream address.
pub struct Proxy {
    /// Where the proxy listens.
    pub addr: SocketAddr,
    shared: Arc<Shared>,
}

struct Shared {
    upstream: SocketAddr,
    cut: AtomicBool,
    stopped: AtomicBool,
    /// Every stream of the connections forwarded now (both ends), closed when cut.
    open: Mutex<Vec<TcpStream>>,
}

impl Proxy {
    /// A proxy to `url` (`http://HOST:PORT`, as a node's endpoint or the attester's URL).
    ///
    /// # Panics
    ///
    /// When `url` is not `http://` and a socket address, or no loopback port is free.
    pub fn in_front_of(url: &str) -> Proxy {
        let authority = url.strip_prefix("http://").unwrap_or(url).trim_end_matches('/');
        let upstream: SocketAddr = authority.parse().unwrap_or_else(|e| panic!("{url}: not http://ADDR:PORT ({e})"));
        Proxy::start(upstream)
    }

    /// A proxy to `upstream`.
    ///
    /// # Panics
    ///
    /// When no loopback port is free.
    pub fn start(upstream: SocketAddr) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a free loopback port");
        let addr = listener.local_addr().expect("the listener's address");
        let shared = Arc::new(Shared {
            upstream,
            cut: AtomicBool::new(false),
            stopped: AtomicBool::new(false),
            open: Mutex::new(Vec::new()),
        });
        let accepting = shared.clone();
        std::thread::spawn(move || accept(&listener, &accepting));
        Proxy { addr, shared }
    }

    /// `http://ADDR`: what the service is given instead of the upstream's URL.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Cuts the upstream off: the connections forwarded now are closed, and each new one
    /// is closed as soon as it is accepted, until [`Proxy::restore`].
    pub fn cut(&self) {
        self.shared.cut.store(true, Ordering::SeqCst);
        self.shared.close_all();
    }

    /// Forwards again.
    pub fn restore(&self) {
        self.shared.cut.store(false, Ordering::SeqCst);
    }

    /// Whether the proxy is cut.
    pub fn is_cut(&self) -> bool {
        self.shared.cut.load(Ordering::SeqCst)
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.shared.stopped.store(true, Ordering::SeqCst);
        self.shared.close_all();
        // Wake the accepting thread, which then sees `stopped`.
        let _ = TcpStream::connect_timeout(&self.addr, Duration::from_secs(1));
    }
}

impl Shared {
    fn close_all(&self) {
        for stream in self.open.lock().expect("the proxy's streams").drain(..) {
            let _ = stream.shutdown(Shutdown::Both);
        }
    }
}

/// Accepts until stopped: each connection forwarded both ways on two threads, or closed at
/// once while cut.
fn accept(listener: &TcpListener, shared: &Arc<Shared>) {
    for client in listener.incoming() {
        if shared.stopped.load(Ordering::SeqCst) {
            return;
        }
        let Ok(client) = client else { continue };
        if shared.cut.load(Ordering::SeqCst) {
            let _ = client.shutdown(Shutdown::Both);
            continue;
        }
        let Ok(upstream) = TcpStream::connect_timeout(&shared.upstream, Duration::from_secs(5)) else {
            let _ = client.shutdown(Shutdown::Both);
            continue;
        };
        let (Ok(client_copy), Ok(upstream_copy)) = (client.try_clone(), upstream.try_clone()) else { continue };
        {
            let mut open = shared.open.lock().expect("the proxy's streams");
            open.retain(|stream| stream.peer_addr().is_ok());
            open.extend([client_copy, upstream_copy]);
        }
        let (Ok(client_read), Ok(upstream_read)) = (client.try_clone(), upstream.try_clone()) else { continue };
        std::thread::spawn(move || pump(client_read, upstream));
        std::thread::spawn(move || pump(upstream_read, client));
    }
}

/// Copies `from` to `to` until either ends, then closes both.
fn pump(mut from: TcpStream, mut to: TcpStream) {
    let mut buffer = [0u8; 16 * 1024];
    loop {
        match from.read(&mut buffer) {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                if to.write_all(&buffer[..n]).is_err() {
                    break;
                }
            }
        }
    }
    let _ = from.shutdown(Shutdown::Both);
    let _ = to.shutdown(Shutdown::Both);
}

/// Points a service configuration (`service.json`'s shape) at proxies: the `rpcUrl` of the
/// chain `chain_id` at `node` when given, and `attestation.url` at `attester` when given.
///
/// # Panics
///
/// When the configuration has no chain `chain_id` and `node` is given.
pub fn through(config: &mut Value, chain_id: u64, node: Option<&Proxy>, attester: Option<&Proxy>) {
    if let Some(node) = node {
        let chains = config["chains"].as_array_mut().expect("chains");
        let chain = chains.iter_mut().find(|chain| chain["chainId"] == chain_id).expect("the chain is configured");
        chain["rpcUrl"] = node.url().into();
    }
    if let Some(attester) = attester {
        config["attestation"]["url"] = attester.url().into();
    }
}
