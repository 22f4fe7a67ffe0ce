//! What every handler can reach: the server's shared state.

use std::net::IpAddr;
use std::sync::Arc;

use crate::auth::claves::Claves;
use crate::auth::freno::Freno;
use crate::db::Store;
use crate::eventos::Eventos;
use crate::limites::LimitePorDireccion;
use crate::reloj::Reloj;

/// The channels to guests this server has: what a screen may promise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct Canales {
    /// E-mail (SMTP) is set up: confirmations and reminders go out by e-mail.
    pub correo: bool,
    /// A phone provider is set up: "Avisar" and reminders go out by SMS or WhatsApp.
    pub telefono: bool,
    /// The public address of the booking pages is set: messages with links to them
    /// (confirmations, reminders) may be queued. Without it none is.
    pub enlaces: bool,
}

/// What every handler can reach.
#[derive(Clone)]
pub struct AppState {
    pub store: Arc<dyn Store>,
    pub claves: Claves,
    /// Peers whose `X-Forwarded-For` names the client (see [`crate::extract::DireccionCliente`]).
    pub proxies_confiables: Arc<[IpAddr]>,
    /// Live notifications to open consoles.
    pub eventos: Arc<Eventos>,
    /// Public bookings per address.
    pub reservas_publicas: Arc<LimitePorDireccion>,
    /// Public reads (availability, confirmation) per address.
    pub consultas_publicas: Arc<LimitePorDireccion>,
    /// Where guests reach the public pages (the e-mails' links); `None`: no e-mail with links
    /// is queued.
    pub url_publica: Option<Arc<str>>,
    /// Login throttling and the logins being checked.
    pub freno: Arc<Freno>,
    /// What time it is: the only clock handlers read.
    pub reloj: Reloj,
    /// Wakes the print queue: a save that queued tickets sends them now.
    pub impresion: Arc<tokio::sync::Notify>,
    /// Wakes the phone outbox: a call that queued a message sends it now.
    pub mensajes: Arc<tokio::sync::Notify>,
    /// Which channels to guests are set up.
    pub canales: Canales,
    /// How tickets reach the printers (the test print's timeout).
    pub conf_impresion: Arc<crate::impresion::ConfImpresion>,
    /// Test prints per user (`_id`): a printer's test is no port scanner.
    pub pruebas_impresion: Arc<crate::limites::LimitePorClave<String>>,
    /// Calls per integration key (`_id`): one runaway partner cannot slow the door.
    pub limite_claves: Arc<crate::limites::LimitePorClave<String>>,
    /// How webhooks are sent (the outbound guard's networks, for "Enviar prueba").
    pub webhooks: Arc<crate::webhooks::ConfWebhooks>,
    /// Wakes the webhook outbox: a write answered as done sends what it queued now.
    pub timbre_webhooks: Arc<tokio::sync::Notify>,
    /// How guests' messages to the group's number are checked; `None` without a phone provider
    /// or a public address (the provider signs the address it calls): then none is taken.
    pub entrantes: Option<Arc<Entrantes>>,
}

/// What checks the provider's signature of a guest's message.
pub struct Entrantes {
    /// The account's auth token, the signature's key.
    pub token: String,
    /// The address the provider calls, as its console holds it (without a query).
    pub url: String,
}

// Written out so that the token never reaches a log through `{:?}`.
impl std::fmt::Debug for Entrantes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Entrantes")
            .field("url", &self.url)
            .finish_non_exhaustive()
    }
}

/// The path guests' messages arrive at.
pub const RUTA_ENTRANTES: &str = "/api/v1/public/mensajes/entrantes";
