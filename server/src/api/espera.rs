//! `/api/v1/admin/espera`: the branch's waitlist. Writing a party down (with the wait it is
//! quoted from the floor and the parties ahead), the list in order of arrival with each party's
//! wait re-quoted from the floor now and who a free table seats first, calling a party ("Su mesa
//! está lista" to its phone, through the outbox), and taking it off the list when it leaves. A
//! party is seated by its walk-in's save (`espera_id` in `POST /api/v1/admin/walkin`).
//!
//! The phone is answered to everyone who keeps the list (espera.index): the party left it to be
//! called, and calling it is the hostess's job.
//!
//! Calling is capped (core's [`anfitrion_core::telefono`]): three calls to a party and five
//! messages to a number (reminders included) in a rolling hour, counted from the outbox in the
//! transaction that queues the message; one more is a 429 that says when, and queues nothing.

use anfitrion_core::bitacora::Accion;
use anfitrion_core::espera::{self, DatosEspera, EnEspera};
use anfitrion_core::organizacion::ConfSucursal;
use anfitrion_core::permisos::requiere;
use anfitrion_core::piso::{self, MesaDelPiso};
use anfitrion_core::respuesta;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::{en_alcance, Con, JsonSucursal, NombraSucursal, SucursalEnAlcance};
use crate::db::avisos::Lista;
use crate::db::bitacora::{Cambio, Entidad};
use crate::db::espera::{
    al_microsegundo, Cotizacion, GrupoCambiado, GrupoLeido, Llamado, NuevoGrupo,
};
use crate::db::nuevo_id;
use crate::db::recordatorios::NoEncolado;
use crate::envelope::Envelope;
use crate::error::{ApiError, EnvelopeError, Result};
use crate::estado::AppState;
use crate::extract::{Json, Path};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(listar, anotar))
        .routes(routes!(avisar))
        .routes(routes!(salir))
        .routes(routes!(conversacion, responder))
}

/// One line of a party's conversation by SMS.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LineaMensaje {
    /// `huesped`: the guest wrote it; `sucursal`: an answer that went to the guest.
    #[schema(example = "huesped")]
    pub de: String,
    pub texto: String,
    /// RFC 3339, UTC.
    pub creado: DateTime<Utc>,
}

impl From<crate::db::entrantes::LineaConversacion> for LineaMensaje {
    fn from(l: crate::db::entrantes::LineaConversacion) -> Self {
        LineaMensaje {
            de: l.de,
            texto: l.texto,
            creado: l.creado_en,
        }
    }
}

/// What the host answers a guest's message.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RespuestaEspera {
    #[serde(default)]
    #[schema(
        required = true,
        min_length = 1,
        max_length = 320,
        pattern = r"\S",
        example = "¡Claro! Los esperamos."
    )]
    pub texto: String,
}

/// The refusal of calling a party that left no phone.
pub const SIN_TELEFONO: &str = "El grupo no dejó teléfono: llámelo por su nombre.";

/// Why "Avisar" sent nothing on a server without a phone provider: whom to call instead.
pub fn sin_proveedor(telefono: &str) -> String {
    format!("Este servidor no tiene servicio de mensajes: no se envió nada. Llame al grupo al {telefono}.")
}

/// The message a called party receives, from the branch `sucursal` (its name).
pub fn texto_mesa_lista(sucursal: &str) -> String {
    format!("Su mesa está lista en {sucursal}. Por favor preséntese con la hostess.")
}

/// The state of a party's last "Su mesa está lista" message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum EstadoMensajeEspera {
    /// In the outbox, not yet taken by the provider.
    Pendiente,
    Enviado,
    /// The provider refused it, or it ran out of tries.
    Fallido,
}

impl EstadoMensajeEspera {
    fn de(estado: Option<&str>) -> Option<EstadoMensajeEspera> {
        match estado? {
            "pendiente" => Some(EstadoMensajeEspera::Pendiente),
            "enviado" => Some(EstadoMensajeEspera::Enviado),
            "fallido" => Some(EstadoMensajeEspera::Fallido),
            _ => None,
        }
    }
}

/// Where a party of the waitlist stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum EstadoEspera {
    Esperando,
    /// Its walk-in was saved.
    Sentado,
    /// It left without a table.
    SeFue,
}

impl EstadoEspera {
    pub(crate) fn de(estado: &str) -> EstadoEspera {
        match estado {
            "sentado" => EstadoEspera::Sentado,
            "se_fue" => EstadoEspera::SeFue,
            _ => EstadoEspera::Esperando,
        }
    }
}

/// A party on the waitlist.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct GrupoEnEspera {
    #[serde(rename = "_id")]
    pub id: String,
    #[schema(example = "Familia Pérez")]
    pub name: String,
    /// As stored: digits with the country code. Answered to whoever keeps the list, who calls
    /// the party with it.
    #[schema(example = "525512345678")]
    pub phone: Option<String>,
    pub personas: u32,
    pub notas: String,
    /// When it was written down (RFC 3339, UTC).
    pub creado: DateTime<Utc>,
    /// Minutes since it was written down, by the server's clock.
    pub esperando_min: u32,
    /// The wait it was told when written down; null when no table or join of the branch
    /// seats it.
    pub cotizada_min: Option<u32>,
    /// The wait quoted now from the floor and the parties ahead of it; null as above.
    pub estimada_min: Option<u32>,
    /// Its place in the list, from 1.
    #[schema(minimum = 1)]
    pub posicion: u32,
    /// The first party a free table (or join of free tables) seats now: whom to call next.
    pub siguiente: bool,
    /// When it was last called (RFC 3339, UTC); null if never.
    pub avisado: Option<DateTime<Utc>>,
    /// The state of its last "Su mesa está lista" message; null if none was queued.
    pub mensaje: Option<EstadoMensajeEspera>,
    /// The guest joined from their phone ("en línea").
    pub en_linea: bool,
    /// The guest answered "1" by SMS: on their way.
    pub viene: bool,
    /// The guest's last message by SMS for the host (not a "1" or "9"); null if none.
    pub ultimo_mensaje: Option<String>,
}

/// A party after it was called or left the list.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct GrupoEsperaCambiado {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub estado: EstadoEspera,
    /// Why it left; null while it waits.
    pub motivo: Option<String>,
    /// When it was last called (RFC 3339, UTC); null if never.
    pub avisado: Option<DateTime<Utc>>,
    /// When it left the list (RFC 3339, UTC); null while it waits.
    pub cerrado: Option<DateTime<Utc>>,
    pub mensaje: Option<EstadoMensajeEspera>,
}

impl From<GrupoCambiado> for GrupoEsperaCambiado {
    fn from(g: GrupoCambiado) -> Self {
        GrupoEsperaCambiado {
            estado: EstadoEspera::de(&g.estado),
            mensaje: EstadoMensajeEspera::de(g.mensaje.as_deref()),
            id: g.id,
            name: g.name,
            motivo: g.motivo,
            avisado: g.avisado_en,
            cerrado: g.cerrado_en,
        }
    }
}

/// A party to write down, with its branch.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SolicitudEspera {
    /// Branch tag.
    #[serde(default)]
    #[schema(required = true, min_length = 1, pattern = r"\S", example = "polanco")]
    pub tag: String,
    #[schema(example = "Familia Pérez")]
    pub name: String,
    /// Where "Su mesa está lista" is sent: the whole number with the country's code, 12 to 15
    /// digits; spaces, dashes, parentheses and `+` are ignored (`52 55 1234 5678`,
    /// `+52 (55) 1234-5678`). Ten digits without the country's code are refused.
    #[serde(default)]
    #[schema(example = "52 55 1234 5678")]
    pub phone: Option<String>,
    #[schema(minimum = 1, maximum = 50)]
    pub personas: u32,
    #[serde(default)]
    #[schema(max_length = 200)]
    pub notas: String,
}

impl NombraSucursal for SolicitudEspera {
    fn tag(&self) -> Option<&str> {
        Some(&self.tag)
    }
}

/// Why a party left the list.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SalidaEspera {
    #[serde(default)]
    #[schema(
        required = true,
        min_length = 1,
        max_length = 120,
        pattern = r"\S",
        example = "No quiso esperar"
    )]
    pub motivo: String,
}

/// The floor as the waitlist quotes from it: each table with the minutes it has been seated,
/// and the stay the floor expects (today's median once there are enough, else the setting).
pub(crate) struct PisoParaCotizar {
    pub(crate) mesas: Vec<MesaDelPiso>,
    /// The stay quotes use: learned from this weekday and hour of the last weeks when there
    /// are enough, else the floor's own.
    pub(crate) estancia: u32,
    /// The floor's own: today's median once there are enough, else the setting.
    pub(crate) estancia_fija: u32,
}

impl PisoParaCotizar {
    /// The quote of the last party of `fila` (the sizes in the list's order): the one told, and
    /// the one the floor's own stay would have given.
    pub(crate) fn cotizar_ultimo(&self, fila: &[u32]) -> Cotizacion {
        let ultimo = |estancia| {
            espera::cotizar(&self.mesas, estancia, fila)
                .last()
                .copied()
                .flatten()
        };
        Cotizacion {
            dicha: ultimo(self.estancia),
            fija: ultimo(self.estancia_fija),
        }
    }
}

/// Reads the branch's floor now, as `GET /api/v1/admin/salon` does.
pub(crate) async fn piso_ahora(
    state: &AppState,
    sucursal_id: &str,
    conf: &ConfSucursal,
) -> Result<PisoParaCotizar> {
    piso_en(state.store.as_ref(), state.reloj.ahora(), sucursal_id, conf).await
}

/// The branch's floor at the instant `ahora` (the jobs' way to [`piso_ahora`]).
pub(crate) async fn piso_en(
    store: &dyn crate::db::Store,
    ahora: DateTime<Utc>,
    sucursal_id: &str,
    conf: &ConfSucursal,
) -> Result<PisoParaCotizar> {
    let horario = &conf.walkin.horario;
    let local = horario.local(ahora);
    // Today's stays: those opened since the business day began.
    let medianoche = horario
        .instantes_dia(horario.hoy(ahora))
        .map_or(ahora, |(desde, _)| desde);
    // The quotes take no reservations: an empty window of arrivals.
    let leido = store
        .piso_de(sucursal_id, medianoche, (local, local))
        .await?;
    let abiertas: std::collections::HashMap<&str, DateTime<Utc>> = leido
        .turnos
        .iter()
        .map(|t| (t.id.as_str(), t.abierta_en))
        .collect();
    let mesas = leido
        .mesas
        .iter()
        .map(|m| MesaDelPiso {
            proxima: None,
            numero: u32::try_from(m.numero).unwrap_or(0),
            asientos: u32::try_from(m.asientos).unwrap_or(0),
            combinable: m.combinable,
            area: m.area.clone(),
            minutos: m
                .turno_id
                .as_deref()
                .and_then(|id| abiertas.get(id))
                .map(|desde| minutos_desde(*desde, ahora)),
        })
        .collect();
    let estancia_fija = piso::estancia_esperada(&leido.estancias, conf.estancia_mesa_min);
    let ventanas: Vec<(DateTime<Utc>, DateTime<Utc>)> = piso::ventanas_aprendidas(local)
        .into_iter()
        .filter_map(|(desde, hasta)| Some((horario.instante(desde)?, horario.instante(hasta)?)))
        .collect();
    let historia = store.estancias_en(sucursal_id, &ventanas).await?;
    Ok(PisoParaCotizar {
        mesas,
        estancia: piso::estancia_aprendida(&historia).unwrap_or(estancia_fija),
        estancia_fija,
    })
}

pub(crate) fn minutos_desde(desde: DateTime<Utc>, ahora: DateTime<Utc>) -> u32 {
    u32::try_from((ahora - desde).num_minutes()).unwrap_or(0)
}

pub(crate) fn personas_de(g: &GrupoLeido) -> u32 {
    u32::try_from(g.personas).unwrap_or(1)
}

/// The party at `i` (from 0) of the list as the list answers it.
fn en_posicion(
    g: GrupoLeido,
    i: usize,
    estimada: Option<u32>,
    siguiente: bool,
    ahora: DateTime<Utc>,
) -> GrupoEnEspera {
    GrupoEnEspera {
        personas: personas_de(&g),
        esperando_min: minutos_desde(g.creado_en, ahora),
        cotizada_min: g.cotizada_min.and_then(|m| u32::try_from(m).ok()),
        estimada_min: estimada,
        posicion: u32::try_from(i + 1).unwrap_or(u32::MAX),
        siguiente,
        mensaje: EstadoMensajeEspera::de(g.mensaje.as_deref()),
        en_linea: g.en_linea,
        viene: g.viene_en.is_some(),
        ultimo_mensaje: g.ultimo_mensaje,
        avisado: g.avisado_en,
        creado: g.creado_en,
        id: g.id,
        name: g.name,
        phone: g.phone,
        notas: g.notas,
    }
}

/// The parties in order, each with its place, its wait quoted now and whether a free table
/// seats it first.
fn en_fila(
    grupos: Vec<GrupoLeido>,
    piso: &PisoParaCotizar,
    ahora: DateTime<Utc>,
) -> Vec<GrupoEnEspera> {
    let fila: Vec<u32> = grupos.iter().map(personas_de).collect();
    let estimadas = espera::cotizar(&piso.mesas, piso.estancia, &fila);
    let siguiente = espera::siguiente(&piso.mesas, &fila);
    grupos
        .into_iter()
        .zip(estimadas)
        .enumerate()
        .map(|(i, (g, estimada))| en_posicion(g, i, estimada, siguiente == Some(i), ahora))
        .collect()
}

/// The branch's waitlist.
#[utoipa::path(
    operation_id = "listar_espera",
    get, path = "/api/v1/admin/espera", tag = "espera", security(("token" = [])),
    params(("tag" = String, Query, description = "Sucursal actual")),
    responses(
        (status = 200, description = "Los grupos que esperan mesa, por orden de llegada", body = Envelope<Vec<GrupoEnEspera>>),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sin el permiso espera.index, o sucursal ajena", body = EnvelopeError),
        (status = 404, description = "La sucursal no existe", body = EnvelopeError),
    )
)]
async fn listar(
    State(state): State<AppState>,
    _permiso: Con<requiere::EsperaIndex>,
    sucursal: SucursalEnAlcance,
) -> Result<Envelope<Vec<GrupoEnEspera>>> {
    let (sucursal_id, conf) = sucursal.conf(&state).await?;
    let piso = piso_ahora(&state, &sucursal_id, &conf).await?;
    let grupos = state.store.espera_de(&sucursal_id).await?;
    let ahora = state.reloj.ahora();
    // A quote walks the tables once per party ahead: a long list on a large floor is worked on
    // a blocking thread, so other requests (and /healthz) are not held behind it.
    let lista = if grupos.len().saturating_mul(piso.mesas.len()) > COTIZAR_EN_LINEA_MAX {
        tokio::task::spawn_blocking(move || en_fila(grupos, &piso, ahora))
            .await
            .map_err(|e| ApiError::Interno(format!("la cotización de la lista falló: {e}")))?
    } else {
        en_fila(grupos, &piso, ahora)
    };
    Ok(Envelope::ok("Lista de espera", lista))
}

/// Parties × tables a quote may take on the request's own thread (well under a millisecond).
const COTIZAR_EN_LINEA_MAX: usize = 20_000;

/// Writes a party down, last in the list, quoting its wait from the floor and the parties ahead.
#[utoipa::path(
    operation_id = "anotar_espera",
    post, path = "/api/v1/admin/espera", tag = "espera", security(("token" = [])),
    request_body = SolicitudEspera,
    responses(
        (status = 201, description = "Grupo anotado en la lista de espera", body = Envelope<GrupoEnEspera>),
        (status = 400, description = "Datos no válidos; no se guardó nada", body = EnvelopeError),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sin el permiso espera.index, o sucursal ajena", body = EnvelopeError),
        (status = 404, description = "La sucursal no existe", body = EnvelopeError),
    )
)]
async fn anotar(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::EsperaIndex>,
    JsonSucursal(s, sucursal): JsonSucursal<SolicitudEspera>,
) -> Result<(StatusCode, Envelope<GrupoEnEspera>)> {
    let grupo = EnEspera::parse(&DatosEspera {
        name: s.name,
        phone: s.phone,
        personas: s.personas,
        notas: s.notas,
    })?;
    let (sucursal_id, conf) = sucursal.conf(&state).await?;
    let piso = piso_ahora(&state, &sucursal_id, &conf).await?;
    let id = nuevo_id();
    let ahora = al_microsegundo(state.reloj.ahora());
    let nuevo = NuevoGrupo {
        id: &id,
        sucursal_id: &sucursal_id,
        tag: sucursal.tag.as_str(),
        grupo: &grupo,
        autor: &usuario.id,
        ahora,
        en_linea: None,
    };
    // The new party is quoted last, behind the parties the transaction sees waiting.
    let cotizar = |fila: &[u32]| piso.cotizar_ultimo(fila);
    let anotado = state.store.anotar_espera(&nuevo, &cotizar).await?;
    state
        .eventos
        .lista_tras_commit(Lista::Espera, sucursal.tag.as_str());
    // The answer is the party as the list shows it now: last, behind the parties the
    // transaction saw, quoted just now from the same floor.
    let mut fila = anotado.delante.clone();
    fila.push(grupo.personas);
    let i = anotado.delante.len();
    let siguiente = espera::siguiente(&piso.mesas, &fila) == Some(i);
    let cotizada = anotado
        .grupo
        .cotizada_min
        .and_then(|m| u32::try_from(m).ok());
    let nuevo = en_posicion(anotado.grupo, i, cotizada, siguiente, ahora);
    Ok((
        StatusCode::CREATED,
        Envelope::ok("Grupo anotado en la lista de espera", nuevo),
    ))
}

/// Calls a waiting party: "Su mesa está lista" goes to its phone through the outbox.
#[utoipa::path(
    operation_id = "avisar_espera",
    post, path = "/api/v1/admin/espera/{id}/avisar", tag = "espera", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` del grupo en la lista de espera")),
    responses(
        (status = 200, description = "Grupo avisado: su mensaje quedó en cola", body = Envelope<GrupoEsperaCambiado>),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sin el permiso espera.index, o grupo de otra sucursal", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
        (status = 409, description = "El grupo ya no está en la lista de espera, o no dejó teléfono, o el servidor no tiene servicio de mensajes (`data.telefono`, a quién llamar); no se guardó nada", body = EnvelopeError),
        (status = 429, description = "Ya se avisó al grupo 3 veces en la última hora, o su teléfono ya recibió 5 mensajes en ella (avisos y recordatorios); no se guardó nada. El mensaje dice a qué hora se podrá avisar de nuevo; `Retry-After` y `data.reintentar_en`, en cuántos segundos", body = EnvelopeError,
            headers(("Retry-After" = u64, description = "Segundos hasta que se pueda avisar de nuevo"))),
    )
)]
async fn avisar(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::EsperaIndex>,
    Path(id): Path<String>,
) -> Result<Envelope<GrupoEsperaCambiado>> {
    let llamado = en_alcance(
        state
            .store
            .avisar_espera(
                &usuario.alcance(),
                &id,
                texto_mesa_lista,
                state.canales.telefono,
            )
            .await?,
        "el grupo",
    )?;
    let g = llamado_o_error(&state, llamado)?;
    state.eventos.lista_tras_commit(Lista::Espera, &g.tag);
    state.mensajes.notify_one();
    Ok(Envelope::ok(
        "Grupo avisado: su mensaje quedó en cola",
        g.into(),
    ))
}

/// A waiting party's messages by SMS and the answers it got, oldest first.
#[utoipa::path(
    operation_id = "conversacion_espera",
    get, path = "/api/v1/admin/espera/{id}/mensajes", tag = "espera", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` del grupo en la lista de espera")),
    responses(
        (status = 200, description = "Los mensajes del grupo", body = Envelope<Vec<LineaMensaje>>),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sin el permiso espera.index, o grupo de otra sucursal", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
    )
)]
async fn conversacion(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::EsperaIndex>,
    Path(id): Path<String>,
) -> Result<Envelope<Vec<LineaMensaje>>> {
    let t = state
        .store
        .turno_de(id.trim())
        .await?
        .ok_or(ApiError::NoEncontrado("el grupo"))?;
    if !usuario.alcance().incluye(&t.tag) {
        return Err(ApiError::SucursalAjena);
    }
    let lineas = state
        .store
        .conversacion_espera(&t.id)
        .await?
        .into_iter()
        .map(LineaMensaje::from)
        .collect();
    Ok(Envelope::ok("Mensajes del grupo", lineas))
}

/// Answers a waiting party by SMS, through the outbox; the log names who answered.
#[utoipa::path(
    operation_id = "responder_espera",
    post, path = "/api/v1/admin/espera/{id}/mensajes", tag = "espera", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` del grupo en la lista de espera")),
    request_body = RespuestaEspera,
    responses(
        (status = 201, description = "Respuesta en cola", body = Envelope<GrupoEsperaCambiado>),
        (status = 400, description = "Falta el texto, o es demasiado largo", body = EnvelopeError),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sin el permiso espera.index, o grupo de otra sucursal", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
        (status = 409, description = "El grupo ya no está en la lista, no dejó teléfono, o el servidor no tiene servicio de mensajes; no se guardó nada", body = EnvelopeError),
        (status = 429, description = "Su teléfono ya recibió 5 mensajes en la última hora; no se guardó nada", body = EnvelopeError,
            headers(("Retry-After" = u64, description = "Segundos hasta que se pueda responder"))),
    )
)]
async fn responder(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::EsperaIndex>,
    Path(id): Path<String>,
    Json(r): Json<RespuestaEspera>,
) -> Result<(StatusCode, Envelope<GrupoEsperaCambiado>)> {
    let texto = respuesta::texto_de_respuesta(&r.texto)?;
    let cambio = Cambio::de(&usuario, Entidad::Espera, id.trim(), Accion::RespuestaSms)
        .despues(&serde_json::json!({ "texto": texto }));
    let llamado = en_alcance(
        state
            .store
            .responder_espera(
                &usuario.alcance(),
                id.trim(),
                &texto,
                state.canales.telefono,
                &cambio,
            )
            .await?,
        "el grupo",
    )?;
    let g = llamado_o_error(&state, llamado)?;
    state.eventos.lista_tras_commit(Lista::Espera, &g.tag);
    state.mensajes.notify_one();
    Ok((
        StatusCode::CREATED,
        Envelope::ok("Respuesta en cola para enviarse", g.into()),
    ))
}

/// The party a call or an answer reached, or the refusal of what it could not do.
fn llamado_o_error(state: &AppState, llamado: Llamado) -> Result<GrupoCambiado> {
    match llamado {
        Llamado::Avisado(g) => Ok(g),
        Llamado::NoEncolado(no) => Err(no_enviado(state, no)),
    }
}

/// The refusal of a message that was not queued: 409 without a phone or a provider (saying
/// whom to call), 429 past the number's cap (saying when).
pub(crate) fn no_enviado(state: &AppState, motivo: NoEncolado) -> ApiError {
    match motivo {
        NoEncolado::SinTelefono => ApiError::ConDatos {
            codigo: StatusCode::CONFLICT,
            mensaje: SIN_TELEFONO.to_owned(),
            data: serde_json::json!({ "codigo": "sin_telefono", "campo": "phone", "mensaje": SIN_TELEFONO }),
        },
        NoEncolado::SinProveedor { telefono } => {
            let mensaje = sin_proveedor(&telefono);
            ApiError::ConDatos {
                codigo: StatusCode::CONFLICT,
                data: serde_json::json!({ "codigo": "sin_proveedor", "campo": null, "mensaje": mensaje, "telefono": telefono }),
                mensaje,
            }
        }
        NoEncolado::Excedido(e) => ApiError::CupoDeMensajes {
            segundos: u64::try_from((e.hasta - state.reloj.ahora()).num_seconds())
                .unwrap_or(0)
                .max(1),
            regla: e.regla,
        },
    }
}

/// Takes a waiting party off the list, with the reason it left.
#[utoipa::path(
    operation_id = "salir_espera",
    post, path = "/api/v1/admin/espera/{id}/salir", tag = "espera", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` del grupo en la lista de espera")),
    request_body = SalidaEspera,
    responses(
        (status = 200, description = "Grupo quitado de la lista de espera", body = Envelope<GrupoEsperaCambiado>),
        (status = 400, description = "Falta el motivo, o es demasiado largo", body = EnvelopeError),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sin el permiso espera.index, o grupo de otra sucursal", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
        (status = 409, description = "El grupo ya no está en la lista de espera", body = EnvelopeError),
    )
)]
async fn salir(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::EsperaIndex>,
    Path(id): Path<String>,
    Json(s): Json<SalidaEspera>,
) -> Result<Envelope<GrupoEsperaCambiado>> {
    let motivo = espera::exigir_motivo(&s.motivo)?;
    let g = en_alcance(
        state
            .store
            .salir_espera(&usuario.alcance(), &id, &motivo)
            .await?,
        "el grupo",
    )?;
    state.eventos.lista_tras_commit(Lista::Espera, &g.tag);
    Ok(Envelope::ok(
        "Grupo quitado de la lista de espera",
        g.into(),
    ))
}
