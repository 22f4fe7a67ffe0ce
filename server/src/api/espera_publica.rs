//! The waitlist from the guest's phone, without a session: the join page's facts of a branch
//! (`GET /api/v1/public/sucursal/{tag}/espera`), joining (`POST` on the same path), the guest's
//! own page (`GET /api/v1/public/espera/{id}`), its live stream and "Ya no voy".
//!
//! A party joins only while the branch keeps its online list open and is open by its hours;
//! core checks it as it checks the host's form, plus a phone of one of the branch's countries
//! and a party no larger than one table, or two joined, seats. The party is written down with
//! a notice that rings at the host stand and, where a phone provider is set up, a message with
//! the page's link, in one transaction. Joins are throttled per address as bookings are.
//!
//! The guest's page is reached by the party's id and a secret (only its SHA-256 is kept); a
//! wrong or altered secret is the same refusal as an unknown id. Its answers carry the party's
//! own name and size, its place and the parties ahead as counts, and the branch's facts: never
//! another guest's name, size or phone.

use std::convert::Infallible;
use std::time::Duration;

use anfitrion_core::espera::{self, DatosEspera, EnEspera, MOTIVO_DEL_HUESPED};
use anfitrion_core::ReglaError;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use chrono::{DateTime, Utc};
use futures_util::stream::{self, Stream, StreamExt};
use serde::{Deserialize, Serialize};
use tokio_stream::wrappers::{BroadcastStream, IntervalStream};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::espera::{minutos_desde, personas_de, piso_ahora, EstadoEspera};
use crate::api::publico::{
    admitir_consulta, reservable, token_valido, ContactoSucursal, ParametroToken,
};
use crate::auth::{hash_token, nuevo_token};
use crate::db::avisos::{Lista, Senal};
use crate::db::espera::{
    al_microsegundo, EnLinea, NuevoGrupo, TurnoLeido, AUTOR_HUESPED, ESPERANDO, SE_FUE,
};
use crate::db::nuevo_id;
use crate::db::publico::SucursalReservable;
use crate::db::reservaciones::NuevaNotificacion;
use crate::db::Alcance;
use crate::envelope::Envelope;
use crate::error::{ApiError, EnvelopeError, Result};
use crate::estado::AppState;
use crate::extract::{DireccionCliente, JsonPublico, Path, Query};
use crate::limites::LIMITE_CUERPO_PUBLICO;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(lista, unirse))
        .routes(routes!(cartel))
        .routes(routes!(turno))
        .routes(routes!(flujo_turno))
        .routes(routes!(ya_no_voy))
        .layer(DefaultBodyLimit::max(LIMITE_CUERPO_PUBLICO))
}

/// The notice's origin: the bell shows it and opens the waitlist.
pub const ORIGEN_AVISO: &str = "Lista de espera";

/// A quiet guest page is read again this often: its wait moves as the seated tables' stays run.
const REFRESCO: Duration = Duration::from_secs(60);
/// A comment line this often keeps proxies from closing a quiet stream.
const LATIDO: Duration = Duration::from_secs(15);

/// What the join page shows of a branch's online list.
#[derive(Debug, Serialize, ToSchema)]
pub struct ListaPublica {
    pub tag: String,
    pub name: String,
    /// The brand's name.
    pub marca: String,
    /// The largest party the list takes online: what one table, or two joined, seats.
    pub personas_max: u32,
    /// The countries whose phone numbers the branch takes (ISO 3166-1 codes).
    #[schema(example = json!(["MX"]))]
    pub paises_telefono: Vec<String>,
    /// The list takes parties now.
    pub abierta: bool,
    /// Why it takes none now (closed by the branch, or outside its hours); null while open.
    pub motivo: Option<String>,
    /// Parties waiting now.
    pub esperando: u32,
    /// The guest gets their page's link by SMS too: false where the server has no phone
    /// provider or no public address for links, so the page promises none.
    pub envia_sms: bool,
    pub contacto: ContactoSucursal,
}

/// A party written down from the guest's phone.
#[derive(Debug, Serialize, ToSchema)]
pub struct LugarEnEspera {
    #[serde(rename = "_id")]
    pub id: String,
    /// The guest's page, with its secret: `/espera/{tag}/turno/{id}?t=…`.
    #[schema(example = "/espera/polanco/turno/65f0c0ffee0000000000abcd?t=3f9a…")]
    pub pagina: String,
    /// The message with the page's link is queued to the guest's phone.
    pub sms: bool,
    /// Its place in the list, from 1, as the join saw it.
    #[schema(minimum = 1)]
    pub posicion: u32,
}

/// What the branch's poster prints: the join page's address and its QR.
#[derive(Debug, Serialize, ToSchema)]
pub struct CartelEspera {
    /// The join page, as phones open it.
    #[schema(example = "https://reservas.turestaurante.mx/espera/polanco")]
    pub url: String,
    /// The QR code holding `url`, as an SVG document.
    pub qr_svg: String,
    pub name: String,
    pub marca: String,
}

/// Why a poster cannot be made: phones need an address they can open.
pub const SIN_URL_PUBLICA: &str = "Este servidor no tiene dirección pública (ANFITRION_URL_PUBLICA): el cartel necesita un enlace que los celulares puedan abrir.";

/// How a party stands, as its guest sees it.
#[derive(Debug, Serialize, ToSchema)]
pub struct TurnoPublico {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub personas: u32,
    pub estado: EstadoEspera,
    /// The host called the party ("Su mesa está lista"), RFC 3339; null until then.
    pub avisado: Option<DateTime<Utc>>,
    /// Its place in the list, from 1; null once it left the list.
    pub posicion: Option<u32>,
    /// Parties ahead of it; null once it left the list.
    pub delante: Option<u32>,
    /// The wait quoted now from the floor and the parties ahead, in minutes; null when no
    /// table of the branch seats it, or once it left the list.
    pub estimada_min: Option<u32>,
    /// The wait it was told when it joined.
    pub cotizada_min: Option<u32>,
    /// It left the list because its guest said "Ya no voy" (the host's reasons are staff's
    /// words and are not shown).
    pub por_el_huesped: bool,
    /// When it joined (RFC 3339, UTC).
    pub creado: DateTime<Utc>,
    /// Minutes since it joined, by the server's clock.
    pub esperando_min: u32,
    /// The branch's name.
    pub sucursal: String,
    pub marca: String,
    pub tag: String,
    pub contacto: ContactoSucursal,
}

/// "Ya no voy": the page's secret.
#[derive(Debug, Deserialize, ToSchema)]
pub struct TokenTurno {
    #[serde(default)]
    #[schema(max_length = 128)]
    pub token: Option<String>,
}

/// Why the list takes no party now; `None` while it does.
fn motivo_cerrada(s: &SucursalReservable, state: &AppState) -> Option<ReglaError> {
    let ahora = s.conf.walkin.horario.local(state.reloj.ahora());
    espera::exigir_lista_en_linea(s.conf.espera_en_linea, ahora, &s.horario, &s.especiales).err()
}

/// The facts of a branch's online list.
#[utoipa::path(
    operation_id = "lista_espera_publica",
    get, path = "/api/v1/public/sucursal/{tag}/espera", tag = "público",
    params(("tag" = String, Path, description = "Etiqueta de la sucursal")),
    responses(
        (status = 200, description = "La lista de espera en línea de la sucursal", body = Envelope<ListaPublica>),
        (status = 404, description = "La sucursal no existe o no está activa", body = EnvelopeError),
        (status = 429, description = "Demasiadas consultas desde esta dirección", body = EnvelopeError),
    )
)]
async fn lista(
    State(state): State<AppState>,
    DireccionCliente(ip): DireccionCliente,
    Path(tag): Path<String>,
) -> Result<Envelope<ListaPublica>> {
    admitir_consulta(&state, ip)?;
    let s = reservable(&state, &tag).await?;
    let motivo = motivo_cerrada(&s, &state);
    let esperando = state.store.espera_de(&s.id).await?.len();
    let lista = ListaPublica {
        personas_max: s.salon().personas_max(),
        paises_telefono: s.conf.paises_telefono.codigos(),
        abierta: motivo.is_none(),
        motivo: motivo.map(|m| m.to_string()),
        esperando: u32::try_from(esperando).unwrap_or(u32::MAX),
        envia_sms: state.canales.telefono && state.url_publica.is_some(),
        contacto: ContactoSucursal::de(&s),
        tag: s.tag,
        name: s.name,
        marca: s.marca,
    };
    Ok(Envelope::ok("Lista de espera", lista))
}

/// The branch's poster: the join page's address and its QR, for the door and the tables.
#[utoipa::path(
    operation_id = "cartel_espera_publico",
    get, path = "/api/v1/public/sucursal/{tag}/espera/cartel", tag = "público",
    params(("tag" = String, Path, description = "Etiqueta de la sucursal")),
    responses(
        (status = 200, description = "El cartel de la lista de espera", body = Envelope<CartelEspera>),
        (status = 404, description = "La sucursal no existe o no está activa", body = EnvelopeError),
        (status = 409, description = "El servidor no tiene dirección pública para el enlace", body = EnvelopeError),
        (status = 429, description = "Demasiadas consultas desde esta dirección", body = EnvelopeError),
    )
)]
async fn cartel(
    State(state): State<AppState>,
    DireccionCliente(ip): DireccionCliente,
    Path(tag): Path<String>,
) -> Result<Envelope<CartelEspera>> {
    admitir_consulta(&state, ip)?;
    let s = reservable(&state, &tag).await?;
    let Some(base) = state.url_publica.as_deref() else {
        return Err(ApiError::Conflicto(SIN_URL_PUBLICA.to_owned()));
    };
    let etiqueta: String = form_urlencoded::byte_serialize(s.tag.as_bytes()).collect();
    let url = format!("{}/espera/{etiqueta}", base.trim_end_matches('/'));
    let qr_svg = anfitrion_core::qr::qr_svg(&url)?;
    Ok(Envelope::ok(
        "Cartel de la lista de espera",
        CartelEspera {
            url,
            qr_svg,
            name: s.name,
            marca: s.marca,
        },
    ))
}

/// The text of the message with the guest page's link.
pub fn texto_lugar(sucursal: &str, enlace: &str) -> String {
    format!("{sucursal}: ya estás en la lista de espera. Sigue tu lugar aquí: {enlace}")
}

/// Writes a party down from the guest's phone, last in the list. No session: throttled per
/// address.
#[utoipa::path(
    operation_id = "unirse_espera_publica",
    post, path = "/api/v1/public/sucursal/{tag}/espera", tag = "público",
    params(("tag" = String, Path, description = "Etiqueta de la sucursal")),
    request_body = DatosEspera,
    responses(
        (status = 201, description = "Ya estás en la lista de espera", body = Envelope<LugarEnEspera>),
        (status = 400, description = "Datos no válidos, o la lista en línea está cerrada (por la sucursal o fuera de su horario); no se guardó nada", body = EnvelopeError),
        (status = 404, description = "La sucursal no existe o no está activa", body = EnvelopeError),
        (status = 413, description = "Cuerpo demasiado grande", body = EnvelopeError),
        (status = 429, description = "Demasiadas solicitudes desde esta dirección", body = EnvelopeError),
    )
)]
async fn unirse(
    State(state): State<AppState>,
    DireccionCliente(ip): DireccionCliente,
    Path(tag): Path<String>,
    JsonPublico(d): JsonPublico<DatosEspera>,
) -> Result<(StatusCode, Envelope<LugarEnEspera>)> {
    let s = reservable(&state, &tag).await?;
    if let Some(cerrada) = motivo_cerrada(&s, &state) {
        return Err(cerrada.into());
    }
    let grupo = EnEspera::parse_de_huesped(&d, &s.conf.paises_telefono, s.salon().personas_max())?;
    if !state.reservas_publicas.admitir(ip) {
        tracing::warn!(%ip, "lista de espera pública frenada");
        return Err(ApiError::DemasiadasReservaciones);
    }
    let piso = piso_ahora(&state, &s.id, &s.conf).await?;
    let id = nuevo_id();
    let token = nuevo_token();
    let pagina = format!("/espera/{}/turno/{id}?t={token}", s.tag);
    let ahora = al_microsegundo(state.reloj.ahora());
    // The link leaves only where a provider can send it and the page has a public address.
    let mensaje = match (&state.url_publica, &grupo.phone) {
        (Some(base), Some(phone)) if state.canales.telefono => Some((
            format!("+{}", phone.trim_start_matches('+')),
            texto_lugar(&s.name, &format!("{}{pagina}", base.trim_end_matches('/'))),
        )),
        _ => None,
    };
    let en_linea = EnLinea {
        token_hash: hash_token(&token),
        aviso: NuevaNotificacion {
            id: nuevo_id(),
            sucursal_id: s.id.clone(),
            reservacion_id: None,
            title: "Nuevo grupo en la lista de espera".to_owned(),
            description: format!(
                "{} · {} {} · en línea",
                grupo.name,
                grupo.personas,
                if grupo.personas == 1 {
                    "persona"
                } else {
                    "personas"
                }
            ),
            origin: ORIGEN_AVISO.to_owned(),
            creada: ahora,
        },
        mensaje,
    };
    let nuevo = NuevoGrupo {
        id: &id,
        sucursal_id: &s.id,
        tag: &s.tag,
        grupo: &grupo,
        autor: AUTOR_HUESPED,
        ahora,
        en_linea: Some(en_linea),
    };
    let cotizar = |fila: &[u32]| piso.cotizar_ultimo(fila);
    let anotado = state.store.anotar_espera(&nuevo, &cotizar).await?;
    state.eventos.tras_commit(anotado.aviso);
    state.eventos.lista_tras_commit(Lista::Espera, &s.tag);
    if anotado.mensaje_en_cola {
        state.mensajes.notify_one();
    }
    Ok((
        StatusCode::CREATED,
        Envelope::ok(
            "Ya estás en la lista de espera",
            LugarEnEspera {
                id,
                pagina,
                sms: anotado.mensaje_en_cola,
                posicion: u32::try_from(anotado.delante.len() + 1).unwrap_or(u32::MAX),
            },
        ),
    ))
}

/// A party's page opened with a secret that is not its own (or an id that is no party's): no
/// such page, said as the guest's link is refused everywhere.
fn invalido() -> ApiError {
    let regla = ReglaError::EnlaceInvalido;
    ApiError::ConDatos {
        codigo: StatusCode::NOT_FOUND,
        mensaje: regla.to_string(),
        data: serde_json::to_value(&regla).unwrap_or_default(),
    }
}

/// The party `id` if `token` is its page's secret.
async fn con_token(state: &AppState, id: &str, token: Option<&str>) -> Result<TurnoLeido> {
    state
        .store
        .turno_de(id.trim())
        .await?
        .filter(|t| token_valido(token, t.token_hash.as_deref()))
        .ok_or_else(invalido)
}

/// How the party `t` stands now: its place and wait read from the list and the floor.
async fn como_esta(state: &AppState, mut t: TurnoLeido) -> Result<TurnoPublico> {
    let s = reservable(state, &t.tag).await?;
    let ahora = state.reloj.ahora();
    let (mut posicion, mut delante, mut estimada) = (None, None, None);
    if t.estado == ESPERANDO {
        let grupos = state.store.espera_de(&t.sucursal_id).await?;
        if let Some(i) = grupos.iter().position(|g| g.id == t.id) {
            let piso = piso_ahora(state, &t.sucursal_id, &s.conf).await?;
            // A party's quote depends only on the parties ahead of it.
            let fila: Vec<u32> = grupos[..=i].iter().map(personas_de).collect();
            estimada = espera::cotizar(&piso.mesas, piso.estancia, &fila)
                .pop()
                .flatten();
            posicion = u32::try_from(i + 1).ok();
            delante = u32::try_from(i).ok();
        } else if let Some(cerrado) = state.store.turno_de(&t.id).await? {
            // It left the list between the two reads: its closed state is the answer.
            t = cerrado;
        }
    }
    Ok(TurnoPublico {
        estado: EstadoEspera::de(&t.estado),
        personas: u32::try_from(t.personas).unwrap_or(1),
        avisado: t.avisado_en,
        posicion,
        delante,
        estimada_min: estimada,
        cotizada_min: t.cotizada_min.and_then(|m| u32::try_from(m).ok()),
        por_el_huesped: t.estado == SE_FUE && t.motivo.as_deref() == Some(MOTIVO_DEL_HUESPED),
        creado: t.creado_en,
        esperando_min: minutos_desde(t.creado_en, t.cerrado_en.unwrap_or(ahora)),
        contacto: ContactoSucursal::de(&s),
        sucursal: s.name,
        marca: s.marca,
        tag: s.tag,
        id: t.id,
        name: t.name,
    })
}

/// The guest's page: how their party stands.
#[utoipa::path(
    operation_id = "turno_espera_publico",
    get, path = "/api/v1/public/espera/{id}", tag = "público",
    params(("id" = String, Path, description = "`_id` del grupo en la lista de espera"), ParametroToken),
    responses(
        (status = 200, description = "Cómo va el grupo", body = Envelope<TurnoPublico>),
        (status = 404, description = "El enlace no es válido (de otro grupo, alterado o sin secreto), o la sucursal ya no está activa", body = EnvelopeError),
        (status = 429, description = "Demasiadas consultas desde esta dirección", body = EnvelopeError),
    )
)]
async fn turno(
    State(state): State<AppState>,
    DireccionCliente(ip): DireccionCliente,
    Path(id): Path<String>,
    Query(p): Query<ParametroToken>,
) -> Result<Envelope<TurnoPublico>> {
    admitir_consulta(&state, ip)?;
    let t = con_token(&state, &id, p.t.as_deref()).await?;
    Ok(Envelope::ok(
        "Tu lugar en la lista",
        como_esta(&state, t).await?,
    ))
}

/// The guest's page, live: `event: turno` with the party as [`turno`] answers it, at once, after
/// every change of the branch's list or floor, and every minute; the stream ends after the
/// party's last state (seated or gone).
#[utoipa::path(
    operation_id = "flujo_turno_espera",
    get, path = "/api/v1/public/espera/{id}/stream", tag = "público",
    params(("id" = String, Path, description = "`_id` del grupo en la lista de espera"), ParametroToken),
    responses(
        (status = 200, description = "Flujo de eventos (text/event-stream)", content_type = "text/event-stream", body = String),
        (status = 404, description = "El enlace no es válido, o la sucursal ya no está activa", body = EnvelopeError),
        (status = 429, description = "Demasiados flujos o consultas desde esta dirección", body = EnvelopeError),
    )
)]
async fn flujo_turno(
    State(state): State<AppState>,
    DireccionCliente(ip): DireccionCliente,
    Path(id): Path<String>,
    Query(p): Query<ParametroToken>,
) -> Result<Sse<impl Stream<Item = std::result::Result<Event, Infallible>>>> {
    admitir_consulta(&state, ip)?;
    let t = con_token(&state, &id, p.t.as_deref()).await?;
    let abierto = state
        .eventos
        .abrir_flujo(&format!("huesped:{ip}"))
        .ok_or(ApiError::DemasiadosFlujos)?;
    let tag = t.tag.clone();
    let id = t.id.clone();
    // Subscribed before the first read, so no change falls between the two.
    let cambios = BroadcastStream::new(state.eventos.suscribir()).filter_map(move |s| {
        let toca = match s {
            Ok(Senal::Lista(Lista::Espera, t) | Senal::Salon(t)) => t == tag,
            Ok(_) => false,
            // Missed notices: read again.
            Err(_) => true,
        };
        async move { toca.then_some(()) }
    });
    // The interval's first tick is at once: the page's first state.
    let reloj = IntervalStream::new(tokio::time::interval(REFRESCO)).map(|_| ());
    let apagar = state.eventos.al_apagar();
    let lecturas = stream::select(reloj, cambios)
        .then(move |()| {
            let (state, id) = (state.clone(), id.clone());
            async move {
                let t = state.store.turno_de(&id).await.ok().flatten()?;
                como_esta(&state, t).await.ok()
            }
        })
        .filter_map(|t| async move { t })
        // After the party's last state (seated or gone) a marker ends the stream at once.
        .flat_map(|t| {
            let ultimo = t.estado != EstadoEspera::Esperando;
            let datos = serde_json::to_string(&t).expect("un turno es JSON");
            let evento = Some(Event::default().event("turno").data(datos));
            stream::iter(if ultimo {
                vec![evento, None]
            } else {
                vec![evento]
            })
        })
        .take_while(|e| futures_util::future::ready(e.is_some()))
        .filter_map(move |e| {
            // The stream holds its place in the address's count until the guest goes away.
            let _abierto = &abierto;
            futures_util::future::ready(e.map(Ok))
        })
        .take_until(apagar);
    Ok(Sse::new(lecturas).keep_alive(KeepAlive::new().interval(LATIDO)))
}

/// "Ya no voy": the guest closes their own party, with the reason "el huésped".
#[utoipa::path(
    operation_id = "ya_no_voy_espera",
    post, path = "/api/v1/public/espera/{id}/salir", tag = "público",
    params(("id" = String, Path, description = "`_id` del grupo en la lista de espera")),
    request_body = TokenTurno,
    responses(
        (status = 200, description = "Saliste de la lista de espera", body = Envelope<TurnoPublico>),
        (status = 404, description = "El enlace no es válido", body = EnvelopeError),
        (status = 409, description = "El grupo ya no está en la lista de espera", body = EnvelopeError),
        (status = 413, description = "Cuerpo demasiado grande", body = EnvelopeError),
        (status = 429, description = "Demasiadas consultas desde esta dirección", body = EnvelopeError),
    )
)]
async fn ya_no_voy(
    State(state): State<AppState>,
    DireccionCliente(ip): DireccionCliente,
    Path(id): Path<String>,
    JsonPublico(b): JsonPublico<TokenTurno>,
) -> Result<Envelope<TurnoPublico>> {
    admitir_consulta(&state, ip)?;
    let t = con_token(&state, &id, b.token.as_deref()).await?;
    let alcance = Alcance::de_tags(std::slice::from_ref(&t.tag));
    // The secret opened the party: its own branch is the scope of the close.
    let _cerrado = state
        .store
        .salir_espera(&alcance, &t.id, MOTIVO_DEL_HUESPED)
        .await?;
    state.eventos.lista_tras_commit(Lista::Espera, &t.tag);
    let t = con_token(&state, &id, b.token.as_deref()).await?;
    Ok(Envelope::ok(
        "Saliste de la lista de espera",
        como_esta(&state, t).await?,
    ))
}
