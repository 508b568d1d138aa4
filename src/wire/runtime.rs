//! The service's own objects of docs/spec.md §2 (its 2026 schema): the time it judges
//! deadlines with ([`ClockResponse`]), [`PingResponse`], and its health
//! ([`RuntimeStatusResponse`]). These requests have no body members.
//!
//! The intent objects are in `objects` and `receipt`.

use alloc::string::String;
use alloc::vec::Vec;

use crate::wire_object;
use crate::Timestamp;

wire_object! {
    /// The response of Clock: the time the service judges deadlines with.
    pub struct ClockResponse {
        /// `serverTime`: The service's time.
        server_time: Timestamp = "serverTime",
    }
}

wire_object! {
    /// The response of Ping.
    pub struct PingResponse {
        /// `version`: The service's version.
        version: String = "version",
    }
}

wire_object! {
    /// The response of RuntimeStatus.
    pub struct RuntimeStatusResponse {
        /// `status`: The service's health.
        status: RuntimeStatus = "status",
    }
}

wire_object! {
    /// The service's health: its own and that of each service it depends on.
    pub struct RuntimeStatus {
        /// `healthOK`: Whether every service it depends on is healthy.
        health_ok: bool = "healthOK",
        /// `services`: The services it depends on (its store, each chain node).
        services: Vec<ServiceStatus> = "services",
        /// `startTime`: When it started.
        start_time: Timestamp = "startTime",
        /// `uptime`: How long it has run, in whole seconds followed by `s` (`"3725s"`).
        uptime: String = "uptime",
        /// `version`: Its version.
        version: String = "version",
    }
}

wire_object! {
    /// The health of one service the service depends on.
    pub struct ServiceStatus {
        /// `error`: Why it is not healthy.
        error: Option<String> = "error",
        /// `healthy`: Whether it answered as expected.
        healthy: bool = "healthy",
        /// `latency`: How long it took to answer, with its unit (`"1.2ms"`).
        latency: String = "latency",
        /// `name`: Which service (`store`, `chain:<id>`).
        name: String = "name",
    }
}
