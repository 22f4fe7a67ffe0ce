//! What a running server needs to know, from flags, environment or a test.

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use axum::Router;

use crate::auth::claves::CostoHash;
use crate::auth::freno::DemoraCuenta;
use crate::estado::AppState;

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
    /// Weeks of past the demo seeds before today (0: none).
    pub demo_semanas: u32,
    /// Database connections per instance.
    pub conexiones: u32,
    pub costo_hash: CostoHash,
    /// Load balancers and reverse proxies whose `X-Forwarded-For` is believed. Behind one, every
    /// connection comes from the proxy; only its header says who the client is.
    pub proxies_confiables: Vec<IpAddr>,
    /// The account-wide login delay (tests shorten it).
    pub demora_cuenta: DemoraCuenta,
    /// Connection timeouts and limits.
    pub conexion: LimitesConexion,
    /// Send `Strict-Transport-Security`: only when clients reach the server over HTTPS (a proxy
    /// that terminates TLS in front of it).
    pub hsts: bool,
    /// Routes merged into the application, for integration tests that need a handler the product
    /// does not have (one that panics, to prove the panic guard).
    pub rutas_extra: Option<Router<AppState>>,
    /// The outbox's SMTP relay, sender and retry pace.
    pub correo: crate::correo::ConfCorreo,
    /// Messages to guests' phones through the group's provider; None (the default) sends none.
    pub mensajes: Option<crate::mensajes::ConfMensajes>,
    /// How often reminders are looked for and the phone outbox is sent.
    pub cada_recordatorios: std::time::Duration,
    /// How tickets are sent to the kitchen's printers.
    pub impresion: crate::impresion::ConfImpresion,
    /// Backups of the SQLite database on a schedule, if asked.
    pub respaldos: Option<crate::respaldo::ConfRespaldos>,
    /// Where guests reach the public pages, for the links of e-mails and messages; `None`: no
    /// message with links is queued.
    pub url_publica: Option<String>,
    /// Public reads (availability, confirmation) one address may make in an hour.
    pub consultas_por_hora: usize,
    /// What time it is: the system clock, unless a test or a demonstration sets it.
    pub reloj: crate::reloj::Reloj,
    /// Where to serve Prometheus metrics (`/metrics`); None (the default) records none.
    pub metricas: Option<SocketAddr>,
    /// Calls one integration key may make in a minute.
    pub integraciones_por_minuto: usize,
    /// How webhooks and the CRM are sent, and the networks they may reach.
    pub webhooks: crate::webhooks::ConfWebhooks,
    /// The jobs loop keeps the kitchen's forecasts and prints them when a branch asks; on
    /// unless a test counts a request's statements without them.
    pub pronosticos: bool,
}

impl Config {
    pub fn new(addr: SocketAddr, database_url: impl Into<String>) -> Self {
        Config {
            addr,
            database_url: database_url.into(),
            demo: false,
            demo_semanas: 0,
            conexiones: 8,
            costo_hash: CostoHash::Produccion,
            proxies_confiables: Vec::new(),
            demora_cuenta: DemoraCuenta::default(),
            conexion: LimitesConexion::default(),
            hsts: false,
            rutas_extra: None,
            correo: crate::correo::ConfCorreo::default(),
            mensajes: None,
            cada_recordatorios: crate::recordatorios::CADA,
            impresion: crate::impresion::ConfImpresion::default(),
            respaldos: None,
            url_publica: Some(crate::correo::URL_PUBLICA_POR_DEFECTO.to_owned()),
            consultas_por_hora: crate::limites::CONSULTAS_POR_HORA,
            integraciones_por_minuto: crate::limites::LLAMADAS_POR_CLAVE,
            webhooks: crate::webhooks::ConfWebhooks::default(),
            pronosticos: true,
            reloj: crate::reloj::Reloj::sistema(),
            metricas: None,
        }
    }
}

/// How long a connection may take over each part of a request, and how many may be open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LimitesConexion {
    /// From the moment the server waits for a request (a new connection, or the previous answer
    /// sent) until its whole head (request line and headers) has arrived.
    pub cabeceras: Duration,
    /// From the head until the whole body has arrived.
    pub cuerpo: Duration,
    /// A keep-alive connection with no request in progress is closed after this long.
    pub inactividad: Duration,
    /// Connections open at once; one more is answered 503 and closed.
    pub max_conexiones: usize,
    /// Connections one address may hold at once, below the global cap, so one client cannot take
    /// every place; trusted proxies (whose connections carry many clients) are not counted.
    pub max_por_direccion: usize,
    /// After a shutdown signal, how long answers in progress may take to finish.
    pub cierre: Duration,
}

impl Default for LimitesConexion {
    fn default() -> Self {
        LimitesConexion {
            cabeceras: Duration::from_secs(10),
            cuerpo: Duration::from_secs(30),
            inactividad: Duration::from_secs(5),
            max_conexiones: 1024,
            // A restaurant's tablets may share one public address: room for a few dozen of them.
            max_por_direccion: 256,
            cierre: Duration::from_secs(10),
        }
    }
}
