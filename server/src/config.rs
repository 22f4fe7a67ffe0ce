//! What a running server needs to know, from flags, environment or a test.

use std::net::{IpAddr, SocketAddr};

use axum::Router;

use crate::auth::claves::CostoHash;
use crate::auth::freno::DemoraCuenta;
use crate::AppState;

/// Where the embedded database lives unless `DATABASE_URL` says otherwise.
pub const DATABASE_URL_POR_DEFECTO: &str = "sqlite://data/anfitrion.db";
/// Address `anfitrion serve` listens on by default: local only.
pub const ADDR_POR_DEFECTO: &str = "127.0.0.1:8080";

#[derive(Debug, Clone)]
pub struct Config {
    pub addr: SocketAddr,
    pub database_url: String,
    /// Seed the demo data into an empty database.
    pub demo: bool,
    /// Database connections per instance.
    pub conexiones: u32,
    pub costo_hash: CostoHash,
    /// Load balancers and reverse proxies whose `X-Forwarded-For` is believed. Behind one, every
    /// connection comes from the proxy; only its header says who the client is.
    pub proxies_confiables: Vec<IpAddr>,
    /// The account-wide login delay (tests shorten it).
    pub demora_cuenta: DemoraCuenta,
    /// Routes merged into the application, for integration tests that need a handler the product
    /// does not have (one that panics, to prove the panic guard).
    pub rutas_extra: Option<Router<AppState>>,
}

impl Config {
    pub fn new(addr: SocketAddr, database_url: impl Into<String>) -> Self {
        Config {
            addr,
            database_url: database_url.into(),
            demo: false,
            conexiones: 8,
            costo_hash: CostoHash::Produccion,
            proxies_confiables: Vec::new(),
            demora_cuenta: DemoraCuenta::default(),
            rutas_extra: None,
        }
    }
}
