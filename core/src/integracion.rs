//! Integrations: the keys other systems call the API with, and the webhooks that tell them of the
//! group's changes — which events there are, what a key and an endpoint must say before they are
//! saved, and when a failed delivery is tried again.

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

use crate::error::ReglaError;
use crate::texto::exigir_visible;

/// The longest name of a key or an endpoint.
pub const NOMBRE_INTEGRACION_MAX: usize = 60;
/// The longest endpoint address.
pub const URL_WEBHOOK_MAX: usize = 2000;
/// What a secret starts with: an integration key's, and an endpoint's signing secret's.
pub const PREFIJO_CLAVE: &str = "anf_";
pub const PREFIJO_SECRETO: &str = "whsec_";
/// How long the replaced secret still signs after a rotation, beside the new one.
pub const GRACIA_ROTACION: Duration = Duration::hours(24);

macro_rules! eventos {
    // `tt`, not `literal`: a literal fragment reaches derive macros wrapped in a group that
    // utoipa does not read through (its schema would name the variants instead).
    ($($variante:ident => $nombre:tt, $descripcion:literal;)*) => {
        /// A change the group's systems may be told of.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export, rename = "EventoWebhook"))]
        #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = EventoWebhook))]
        pub enum Evento {
            $(#[serde(rename = $nombre)] $variante,)*
        }

        impl Evento {
            /// Every event an endpoint may ask for, in the order the screen lists them.
            pub const TODOS: &'static [Evento] = &[$(Evento::$variante,)*];

            /// The name on the wire (`reservacion.creada`).
            pub const fn nombre(self) -> &'static str {
                match self { $(Evento::$variante => $nombre,)* }
            }

            /// What it reports, in Spanish, for the endpoint form.
            pub const fn descripcion(self) -> &'static str {
                match self { $(Evento::$variante => $descripcion,)* }
            }
        }
    };
}

eventos! {
    ReservacionCreada => "reservacion.creada", "Reservación creada";
    ReservacionCambiada => "reservacion.cambiada", "Reservación cambiada";
    ReservacionCancelada => "reservacion.cancelada", "Reservación cancelada";
    ReservacionAsistio => "reservacion.asistio", "Asistencia registrada";
    ReservacionVencida => "reservacion.vencida", "Reservación vencida (no llegó)";
    WalkinRegistrado => "walkin.registrado", "Walk-in registrado";
    MesaAbierta => "mesa.abierta", "Mesa abierta";
    MesaLiberada => "mesa.liberada", "Mesa liberada";
    EsperaAgregada => "espera.agregada", "Grupo agregado a la lista de espera";
    EsperaSentada => "espera.sentada", "Grupo de la lista de espera sentado";
    ClienteCreado => "cliente.creado", "Cliente creado";
    ClienteCambiado => "cliente.cambiado", "Cliente cambiado";
}

/// The event of a page of a CRM's "Sincronizar todo": its clients with their counts.
pub const EVENTO_SINCRONIZADO: &str = "cliente.sincronizado";

/// The event "Enviar prueba" sends: no endpoint subscribes to it, every endpoint accepts it.
pub const EVENTO_PRUEBA: &str = "webhook.prueba";

impl Evento {
    /// The event of a name on the wire; `None` for one the product does not send.
    pub fn parse(nombre: &str) -> Option<Evento> {
        Evento::TODOS.iter().copied().find(|e| e.nombre() == nombre)
    }

    /// The events an endpoint of the group's CRM receives: clients, reservations and walk-ins.
    pub fn del_crm(self) -> bool {
        self.nombre().starts_with("cliente.")
            || self.nombre().starts_with("reservacion.")
            || self == Evento::WalkinRegistrado
    }
}

/// A name of a key or an endpoint: trimmed, present, not too long, nothing invisible.
fn nombre_valido(name: &str) -> Result<String, ReglaError> {
    exigir_visible(name, "name", false)?;
    let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
    if name.is_empty() {
        return Err(ReglaError::NombreRequerido);
    }
    if name.chars().count() > NOMBRE_INTEGRACION_MAX {
        return Err(ReglaError::NombreLargo {
            max: NOMBRE_INTEGRACION_MAX,
        });
    }
    Ok(name)
}

/// A new integration key as the form sends it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DatosClave {
    #[serde(default)]
    #[cfg_attr(
        feature = "openapi",
        schema(required = true, max_length = 60, example = "CRM Central")
    )]
    pub name: String,
    /// The role whose permissions the key holds, by id.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub rol_id: String,
    /// The tags of the branches it may work in: at least one.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(required = true, example = json!(["centro"])))]
    pub sucursales: Vec<String>,
    /// When it stops working (an instant, RFC 3339); none: it works until it is revoked.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(example = "2027-06-30T23:59:00Z"))]
    pub expira: Option<String>,
}

/// A key that may be saved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaveValida {
    pub name: String,
    pub rol_id: String,
    pub sucursales: Vec<String>,
    pub expira: Option<DateTime<Utc>>,
}

impl ClaveValida {
    /// `d` checked at `ahora`: a name, a role, one branch at least (each once), an expiry in
    /// the future when one is given.
    pub fn parse(d: &DatosClave, ahora: DateTime<Utc>) -> Result<ClaveValida, ReglaError> {
        let name = nombre_valido(&d.name)?;
        let rol_id = d.rol_id.trim().to_owned();
        if rol_id.is_empty() {
            return Err(ReglaError::RolRequerido);
        }
        let sucursales = sucursales_validas(&d.sucursales)?;
        let expira = match d.expira.as_deref().map(str::trim).filter(|e| !e.is_empty()) {
            None => None,
            Some(e) => {
                let e = DateTime::parse_from_rfc3339(e)
                    .map_err(|_| ReglaError::ExpiracionInvalida)?
                    .with_timezone(&Utc);
                if e <= ahora {
                    return Err(ReglaError::ExpiracionPasada);
                }
                Some(e)
            }
        };
        Ok(ClaveValida {
            name,
            rol_id,
            sucursales,
            expira,
        })
    }
}

/// Whether a key works: a revoked one never again, an expired one from its expiry on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum EstadoClave {
    Activa,
    Revocada,
    Vencida,
}

impl EstadoClave {
    /// The state at `ahora` of a key revoked or not, expiring at `expira` (never when `None`).
    pub fn de(revocada: bool, expira: Option<DateTime<Utc>>, ahora: DateTime<Utc>) -> EstadoClave {
        if revocada {
            EstadoClave::Revocada
        } else if expira.is_some_and(|e| e <= ahora) {
            EstadoClave::Vencida
        } else {
            EstadoClave::Activa
        }
    }
}

/// Branch tags, trimmed, each once; at least one.
fn sucursales_validas(tags: &[String]) -> Result<Vec<String>, ReglaError> {
    let mut vistas: Vec<String> = Vec::new();
    for t in tags.iter().map(|t| t.trim()).filter(|t| !t.is_empty()) {
        if !vistas.iter().any(|v| v == t) {
            vistas.push(t.to_owned());
        }
    }
    if vistas.is_empty() {
        return Err(ReglaError::SucursalesRequeridas);
    }
    Ok(vistas)
}

/// What an endpoint is: a partner's webhook, or the group's CRM (which receives clients,
/// reservations and walk-ins).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export, rename = "TipoDestino"))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TipoDestino))]
pub enum TipoDestino {
    #[default]
    Webhook,
    Crm,
}

impl TipoDestino {
    pub const fn nombre(self) -> &'static str {
        match self {
            TipoDestino::Webhook => "webhook",
            TipoDestino::Crm => "crm",
        }
    }

    pub fn parse(nombre: &str) -> Option<TipoDestino> {
        match nombre {
            "webhook" => Some(TipoDestino::Webhook),
            "crm" => Some(TipoDestino::Crm),
            _ => None,
        }
    }
}

/// A new endpoint as the form sends it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DatosDestino {
    #[serde(default)]
    #[cfg_attr(
        feature = "openapi",
        schema(required = true, max_length = 60, example = "CRM Central")
    )]
    pub name: String,
    /// Where the events are posted: `https://…` (plain `http://` only reaches a network the
    /// operator allowed when starting the server).
    #[serde(default)]
    #[cfg_attr(
        feature = "openapi",
        schema(
            required = true,
            max_length = 2000,
            example = "https://crm.example.com/anfitrion/webhooks"
        )
    )]
    pub url: String,
    #[serde(default)]
    pub tipo: TipoDestino,
    /// The events it wants (a CRM receives its own set and this is ignored).
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(example = json!(["reservacion.creada", "walkin.registrado"])))]
    pub eventos: Vec<String>,
    /// The tags of the branches whose changes it receives: at least one.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(required = true, example = json!(["centro"])))]
    pub sucursales: Vec<String>,
}

/// An endpoint that may be saved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DestinoValido {
    pub name: String,
    pub url: String,
    pub tipo: TipoDestino,
    pub eventos: Vec<Evento>,
    pub sucursales: Vec<String>,
}

impl DestinoValido {
    pub fn parse(d: &DatosDestino) -> Result<DestinoValido, ReglaError> {
        let name = nombre_valido(&d.name)?;
        let url = UrlDestino::parse(&d.url)?.texto;
        let eventos = match d.tipo {
            TipoDestino::Crm => Evento::TODOS
                .iter()
                .copied()
                .filter(|e| e.del_crm())
                .collect(),
            TipoDestino::Webhook => {
                let mut eventos = Vec::new();
                for nombre in &d.eventos {
                    let e = Evento::parse(nombre.trim())
                        .ok_or_else(|| ReglaError::EventoDesconocido(nombre.trim().to_owned()))?;
                    if !eventos.contains(&e) {
                        eventos.push(e);
                    }
                }
                if eventos.is_empty() {
                    return Err(ReglaError::EventosRequeridos);
                }
                eventos
            }
        };
        Ok(DestinoValido {
            name,
            url,
            tipo: d.tipo,
            eventos,
            sucursales: sucursales_validas(&d.sucursales)?,
        })
    }
}

/// An endpoint's address, read: where the server connects and what it asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UrlDestino {
    /// The address as given (trimmed).
    pub texto: String,
    /// `https` or not (`http`).
    pub segura: bool,
    /// The host: a DNS name, an IPv4 address, or an IPv6 one without its brackets.
    pub host: String,
    pub puerto: u16,
}

impl UrlDestino {
    /// An absolute `https://` or `http://` address with a host, an optional port and path, and
    /// nothing a partner's address needs not: no user or password, no fragment, no spaces.
    pub fn parse(url: &str) -> Result<UrlDestino, ReglaError> {
        let url = url.trim();
        if url.is_empty() {
            return Err(ReglaError::UrlRequerida);
        }
        if url.chars().count() > URL_WEBHOOK_MAX {
            return Err(ReglaError::UrlLarga {
                max: URL_WEBHOOK_MAX,
            });
        }
        let invalida = || ReglaError::UrlInvalida;
        if url.chars().any(|c| c.is_whitespace() || c.is_control()) || url.contains('#') {
            return Err(invalida());
        }
        let (segura, resto) = if let Some(r) = strip_prefix_ci(url, "https://") {
            (true, r)
        } else if let Some(r) = strip_prefix_ci(url, "http://") {
            (false, r)
        } else {
            return Err(invalida());
        };
        let autoridad = resto.split(['/', '?']).next().unwrap_or_default();
        if autoridad.is_empty() || autoridad.contains('@') {
            return Err(invalida());
        }
        let (host, puerto) = if let Some(v6) = autoridad.strip_prefix('[') {
            let (h, tras) = v6.split_once(']').ok_or_else(invalida)?;
            let puerto = match tras {
                "" => None,
                p => Some(p.strip_prefix(':').ok_or_else(invalida)?),
            };
            (h.to_owned(), puerto)
        } else {
            match autoridad.split_once(':') {
                Some((h, p)) => (h.to_owned(), Some(p)),
                None => (autoridad.to_owned(), None),
            }
        };
        let puerto = match puerto {
            None => {
                if segura {
                    443
                } else {
                    80
                }
            }
            Some(p) => p
                .parse::<u16>()
                .ok()
                .filter(|p| *p > 0)
                .ok_or_else(invalida)?,
        };
        let host_valido = !host.is_empty()
            && host.len() <= 253
            && host
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '_'));
        if !host_valido {
            return Err(invalida());
        }
        Ok(UrlDestino {
            texto: url.to_owned(),
            segura,
            host: host.to_ascii_lowercase(),
            puerto,
        })
    }
}

impl UrlDestino {
    /// `host:port`, as a connection takes it (an IPv6 host in brackets).
    pub fn direccion(&self) -> String {
        if self.host.contains(':') {
            format!("[{}]:{}", self.host, self.puerto)
        } else {
            format!("{}:{}", self.host, self.puerto)
        }
    }
}

fn strip_prefix_ci<'a>(texto: &'a str, prefijo: &str) -> Option<&'a str> {
    let cabeza = texto.get(..prefijo.len())?;
    cabeza
        .eq_ignore_ascii_case(prefijo)
        .then(|| &texto[prefijo.len()..])
}

/// The waits after each failed try of a delivery: about 5 s, 5 min, 30 min, 2 h, 5 h and 10 h,
/// then [`REINTENTOS_DIARIOS`] tries a day apart. A delivery still failing after the last is
/// failed for good, and its endpoint has failed for about three days.
pub const ESPERAS_SEGUNDOS: [i64; 6] = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600];
pub const REINTENTOS_DIARIOS: u32 = 3;
/// Every try a delivery gets: the first, the six waits' and the daily ones.
pub const INTENTOS_MAX: u32 = 1 + ESPERAS_SEGUNDOS.len() as u32 + REINTENTOS_DIARIOS;

/// When a delivery that has failed `intentos` tries (the last at `ahora`) is tried again; `None`
/// once it has had [`INTENTOS_MAX`].
pub fn siguiente_intento(intentos: u32, ahora: DateTime<Utc>) -> Option<DateTime<Utc>> {
    if intentos == 0 {
        return Some(ahora);
    }
    if intentos >= INTENTOS_MAX {
        return None;
    }
    let espera = ESPERAS_SEGUNDOS
        .get(intentos as usize - 1)
        .copied()
        .unwrap_or(24 * 3600);
    Some(ahora + Duration::seconds(espera))
}

/// What an endpoint's answer means for the delivery.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resultado {
    Entregado,
    /// Tried again later: no answer in time, no connection, 408, 429 or a 5xx.
    Reintentar,
    /// Any other answer: the endpoint refused it, and a retry would be refused the same.
    Fallido,
}

/// The outcome of a try that got `codigo` back (`None`: no answer, a timeout or a network error).
pub fn resultado(codigo: Option<u16>) -> Resultado {
    match codigo {
        None => Resultado::Reintentar,
        Some(200..=299) => Resultado::Entregado,
        Some(408 | 429 | 500..=599) => Resultado::Reintentar,
        Some(_) => Resultado::Fallido,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn the_schedule_waits_longer_each_time_then_daily_then_stops() {
        let ahora = t("2026-11-28T14:00:00Z");
        let esperas: Vec<i64> = (1..INTENTOS_MAX)
            .map(|n| (siguiente_intento(n, ahora).unwrap() - ahora).num_seconds())
            .collect();
        assert_eq!(
            esperas,
            vec![5, 300, 1800, 7200, 18000, 36000, 86400, 86400, 86400]
        );
        assert_eq!(siguiente_intento(INTENTOS_MAX, ahora), None);
        let total: i64 = esperas.iter().sum();
        assert!(total > 3 * 86400 && total < 4 * 86400, "{total}");
    }

    #[test]
    fn answers_split_into_delivered_retried_and_failed() {
        assert_eq!(resultado(Some(204)), Resultado::Entregado);
        for c in [None, Some(408), Some(429), Some(500), Some(503)] {
            assert_eq!(resultado(c), Resultado::Reintentar, "{c:?}");
        }
        for c in [Some(301), Some(400), Some(401), Some(404), Some(410)] {
            assert_eq!(resultado(c), Resultado::Fallido, "{c:?}");
        }
    }

    #[test]
    fn an_endpoint_address_is_an_absolute_http_url_without_credentials() {
        let u = UrlDestino::parse(" https://crm.example.com/hooks?x=1 ").unwrap();
        assert_eq!(
            (u.segura, u.host.as_str(), u.puerto),
            (true, "crm.example.com", 443)
        );
        let u = UrlDestino::parse("http://[::1]:8080/x").unwrap();
        assert_eq!((u.segura, u.host.as_str(), u.puerto), (false, "::1", 8080));
        for mala in [
            "ftp://x.com",
            "https://",
            "https://user:pw@x.com/",
            "https://x.com:0/",
            "https://x.com:99999/",
            "https://x .com/",
            "https://x.com/#frag",
            "//x.com",
        ] {
            assert_eq!(
                UrlDestino::parse(mala),
                Err(ReglaError::UrlInvalida),
                "{mala}"
            );
        }
    }

    #[test]
    fn a_crm_receives_clients_reservations_and_walk_ins_whatever_it_asks() {
        let d = DestinoValido::parse(&DatosDestino {
            name: "CRM Central".into(),
            url: "https://crm.example.com/".into(),
            tipo: TipoDestino::Crm,
            eventos: vec![],
            sucursales: vec!["centro".into()],
        })
        .unwrap();
        assert!(d.eventos.contains(&Evento::ClienteCambiado));
        assert!(d.eventos.contains(&Evento::WalkinRegistrado));
        assert!(!d.eventos.contains(&Evento::MesaAbierta));
    }

    #[test]
    fn a_key_needs_a_role_a_branch_and_a_future_expiry() {
        let ahora = t("2026-11-28T14:00:00Z");
        let mut d = DatosClave {
            name: " CRM Central ".into(),
            rol_id: "r1".into(),
            sucursales: vec!["centro".into(), "centro".into()],
            expira: Some("2027-01-01T00:00:00Z".into()),
        };
        let c = ClaveValida::parse(&d, ahora).unwrap();
        assert_eq!(c.name, "CRM Central");
        assert_eq!(c.sucursales, vec!["centro".to_owned()]);
        d.expira = Some("2026-11-28T13:59:59Z".into());
        assert_eq!(
            ClaveValida::parse(&d, ahora),
            Err(ReglaError::ExpiracionPasada)
        );
        d.expira = Some("mañana".into());
        assert_eq!(
            ClaveValida::parse(&d, ahora),
            Err(ReglaError::ExpiracionInvalida)
        );
        d.expira = None;
        d.sucursales = vec![" ".into()];
        assert_eq!(
            ClaveValida::parse(&d, ahora),
            Err(ReglaError::SucursalesRequeridas)
        );
    }
}
