//! Kitchen printing. `/api/v1/admin/sucursal/{id}/impresoras`: a branch's ESC/POS printers (read
//! with `marcas.index`, changed and tried with `impresoras.edit`). `/api/v1/admin/impresion`: the
//! tickets of a walk-in or a seated reservation and where each stands (queued, printed, failed,
//! expired), "Reintentar" and "Reimprimir" (`impresion.index`). The comanda and abre are queued
//! by the walk-in's and the attendance's own saves.

use anfitrion_core::bitacora::Accion;
use anfitrion_core::escpos::{Ancho, PaginaCodigos};
use anfitrion_core::impresora::{DatosImpresora, ImpresoraValida};
use anfitrion_core::permisos::requiere;
use anfitrion_core::ticket::TipoTicket;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, NaiveDateTime, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::{en_alcance, Con, SucursalEnAlcance};
use crate::db::bitacora::{Cambio, Entidad};
use anfitrion_core::ticket::{con_llegada, tickets_de};

use crate::db::impresion::{Encargo, EstadoImpresion, Impresora, TrabajoLeido};
use crate::db::piso::Sentado;
use crate::db::reservaciones::VeContacto;
use crate::db::usuarios::Usuario;
use crate::envelope::Envelope;
use crate::error::{ApiError, EnvelopeError, Result};
use crate::estado::AppState;
use crate::extract::{Json, Path};
use crate::salida::destinos;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(impresoras, crear))
        .routes(routes!(editar, borrar))
        .routes(routes!(probar))
        .routes(routes!(trabajos))
        .routes(routes!(reintentar))
        .routes(routes!(reimprimir))
}

/// The printer `impresora` of the branch `id`, if the caller works in it; with the branch's zone.
async fn impresora_editable(
    state: &AppState,
    usuario: &Usuario,
    id: &str,
    impresora: &str,
) -> Result<(Tz, Impresora)> {
    let zona = sucursal_editable(state, usuario, id).await?;
    let i = state
        .store
        .impresora_de(id, impresora)
        .await?
        .ok_or(ApiError::NoEncontrado("la impresora"))?;
    Ok((zona, i))
}

/// The branch `id`, if the caller works in it; its zone.
async fn sucursal_editable(state: &AppState, usuario: &Usuario, id: &str) -> Result<Tz> {
    let s = en_alcance(
        state.store.sucursal_en(&usuario.alcance(), id).await?,
        "la sucursal",
    )?;
    Ok(s.zona.parse().unwrap_or(chrono_tz::America::Mexico_City))
}

#[utoipa::path(
    get, path = "/api/v1/admin/sucursal/{id}/impresoras", tag = "impresión", operation_id = "leer_impresoras", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` de la sucursal")),
    responses(
        (status = 200, description = "Las impresoras de la sucursal", body = Envelope<Vec<Impresora>>),
        (status = 403, description = "Sin el permiso marcas.index, o sucursal ajena", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
    )
)]
async fn impresoras(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::MarcasIndex>,
    Path(id): Path<String>,
) -> Result<Envelope<Vec<Impresora>>> {
    sucursal_editable(&state, &usuario, &id).await?;
    Ok(Envelope::ok(
        "Impresoras",
        state.store.impresoras_de(&id).await?,
    ))
}

#[utoipa::path(
    post, path = "/api/v1/admin/sucursal/{id}/impresoras", tag = "impresión", operation_id = "crear_impresora", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` de la sucursal")),
    request_body = DatosImpresora,
    responses(
        (status = 201, description = "Impresora agregada", body = Envelope<Impresora>),
        (status = 400, description = "Datos no válidos", body = EnvelopeError),
        (status = 403, description = "Sin el permiso impresoras.edit, o sucursal ajena", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
    )
)]
async fn crear(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::ImpresorasEdit>,
    Path(id): Path<String>,
    Json(datos): Json<DatosImpresora>,
) -> Result<(StatusCode, Envelope<Impresora>)> {
    let valida = ImpresoraValida::parse_en(&datos, state.conf_impresion.red)?;
    sucursal_editable(&state, &usuario, &id).await?;
    let i = state.store.crear_impresora(&id, &valida).await?;
    Ok((StatusCode::CREATED, Envelope::ok("Impresora agregada", i)))
}

#[utoipa::path(
    put, path = "/api/v1/admin/sucursal/{id}/impresoras/{impresora}", tag = "impresión", operation_id = "editar_impresora", security(("token" = [])),
    params(
        ("id" = String, Path, description = "`_id` de la sucursal"),
        ("impresora" = String, Path, description = "`_id` de la impresora"),
    ),
    request_body = DatosImpresora,
    responses(
        (status = 200, description = "Impresora guardada", body = Envelope<Impresora>),
        (status = 400, description = "Datos no válidos", body = EnvelopeError),
        (status = 403, description = "Sin el permiso impresoras.edit, o sucursal ajena", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
    )
)]
async fn editar(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::ImpresorasEdit>,
    Path((id, impresora)): Path<(String, String)>,
    Json(datos): Json<DatosImpresora>,
) -> Result<Envelope<Impresora>> {
    let valida = ImpresoraValida::parse_en(&datos, state.conf_impresion.red)?;
    sucursal_editable(&state, &usuario, &id).await?;
    let i = state
        .store
        .editar_impresora(&id, &impresora, &valida)
        .await?
        .ok_or(ApiError::NoEncontrado("la impresora"))?;
    Ok(Envelope::ok("Impresora guardada", i))
}

#[utoipa::path(
    delete, path = "/api/v1/admin/sucursal/{id}/impresoras/{impresora}", tag = "impresión", operation_id = "borrar_impresora", security(("token" = [])),
    params(
        ("id" = String, Path, description = "`_id` de la sucursal"),
        ("impresora" = String, Path, description = "`_id` de la impresora"),
    ),
    responses(
        (status = 200, description = "Impresora eliminada, con los tickets que tenía en cola", body = Envelope<Impresora>),
        (status = 403, description = "Sin el permiso impresoras.edit, o sucursal ajena", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
    )
)]
async fn borrar(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::ImpresorasEdit>,
    Path((id, impresora)): Path<(String, String)>,
) -> Result<Envelope<Impresora>> {
    let (_, i) = impresora_editable(&state, &usuario, &id, &impresora).await?;
    if !state.store.borrar_impresora(&id, &impresora).await? {
        return Err(ApiError::NoEncontrado("la impresora"));
    }
    Ok(Envelope::ok("Impresora eliminada", i))
}

/// What a test print answered.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PruebaImpresora {
    /// The printer took the test ticket (one that did not is a 502 saying why).
    pub respondio: bool,
}

#[utoipa::path(
    post, path = "/api/v1/admin/sucursal/{id}/impresoras/{impresora}/prueba", tag = "impresión", operation_id = "probar_impresora", security(("token" = [])),
    params(
        ("id" = String, Path, description = "`_id` de la sucursal"),
        ("impresora" = String, Path, description = "`_id` de la impresora"),
    ),
    responses(
        (status = 200, description = "La impresora imprimió la prueba", body = Envelope<PruebaImpresora>),
        (status = 400, description = "La dirección de la impresora (o aquella a la que su nombre lleva) no está permitida en este servidor", body = EnvelopeError),
        (status = 403, description = "Sin el permiso impresoras.edit, o sucursal ajena", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
        (status = 429, description = "Demasiadas pruebas de este usuario; `Retry-After` dice cuántos segundos esperar", body = EnvelopeError),
        (status = 502, description = "La impresora no respondió a tiempo como impresora (nada escucha, o no es una impresora), o no tiene papel", body = EnvelopeError),
    )
)]
async fn probar(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::ImpresorasEdit>,
    Path((id, impresora)): Path<(String, String)>,
) -> Result<Envelope<PruebaImpresora>> {
    let (zona, i) = impresora_editable(&state, &usuario, &id, &impresora).await?;
    if let Err(espera) = state
        .pruebas_impresion
        .admitir_o_esperar(usuario.id.clone())
    {
        return Err(ApiError::DemasiadasPruebasImpresion {
            segundos: u64::try_from(espera.num_milliseconds())
                .unwrap_or(0)
                .div_ceil(1000)
                .max(1),
        });
    }
    // An address the rule refuses (saved before it, or where the name now leads) is said as on
    // save; the send checks the addresses it connects to again.
    let red = state.conf_impresion.red;
    let espera = state.conf_impresion.tiempo_max;
    if let Ok(Err(e)) = tokio::time::timeout(espera, destinos(&i.direccion, &red)).await {
        return Err(e.into());
    }
    let ancho = u32::try_from(i.ancho)
        .ok()
        .and_then(Ancho::de_mm)
        .unwrap_or(Ancho::Mm80);
    let pagina = PaginaCodigos::parse(&i.pagina).unwrap_or(PaginaCodigos::Cp858);
    let hora = state.reloj.ahora().with_timezone(&zona).naive_local();
    match crate::impresion::probar(
        &i.name,
        &i.direccion,
        ancho,
        pagina,
        hora,
        &state.conf_impresion,
    )
    .await
    {
        Ok(()) => Ok(Envelope::ok(
            "La impresora respondió e imprimió la prueba",
            PruebaImpresora { respondio: true },
        )),
        Err(e) => Err(ApiError::Impresora(format!(
            "No se pudo imprimir la prueba en «{}»: {e}",
            i.name
        ))),
    }
}

/// Whose tickets: a walk-in's or a seated reservation's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum OrigenTicket {
    Walkin,
    Reservacion,
}

fn sentado(origen: OrigenTicket, id: String) -> Sentado {
    match origen {
        OrigenTicket::Walkin => Sentado::Walkin(id),
        OrigenTicket::Reservacion => Sentado::Reservacion(id),
    }
}

/// One ticket sent to one printer.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TrabajoImpresion {
    #[serde(rename = "_id")]
    pub id: String,
    pub tipo: TipoTicket,
    /// The printer's name.
    pub impresora: String,
    pub estado: EstadoImpresion,
    pub intentos: u32,
    /// Why the last try failed (or why it expired), in Spanish.
    pub error: Option<String>,
    pub reimpresion: bool,
    /// `HH:MM`, branch-local: when it was queued.
    #[schema(example = "19:41")]
    pub en_cola: String,
    /// `HH:MM`, branch-local: when the printer took it.
    #[schema(example = "19:42")]
    pub impreso: Option<String>,
}

/// A record's tickets and whether its branch prints them directly.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ImpresionDeRegistro {
    /// The branch's active printers: none keeps the browser's printing alone.
    pub impresoras: u32,
    pub trabajos: Vec<TrabajoImpresion>,
}

fn hora(t: DateTime<Utc>, zona: Tz) -> String {
    t.with_timezone(&zona).format("%H:%M").to_string()
}

fn trabajo(t: TrabajoLeido, zona: Tz) -> TrabajoImpresion {
    TrabajoImpresion {
        en_cola: hora(t.creado_en, zona),
        impreso: t.impreso_en.map(|i| hora(i, zona)),
        id: t.id,
        tipo: t.tipo,
        impresora: t.impresora,
        estado: t.estado,
        intentos: t.intentos,
        error: t.error,
        reimpresion: t.reimpresion,
    }
}

async fn de_registro(
    state: &AppState,
    sucursal_id: &str,
    zona: Tz,
    sentado: &Sentado,
) -> Result<ImpresionDeRegistro> {
    let activas = state
        .store
        .impresoras_de(sucursal_id)
        .await?
        .iter()
        .filter(|i| i.activa)
        .count();
    let trabajos = state.store.trabajos_de(sucursal_id, sentado).await?;
    Ok(ImpresionDeRegistro {
        impresoras: u32::try_from(activas).unwrap_or(u32::MAX),
        trabajos: trabajos.into_iter().map(|t| trabajo(t, zona)).collect(),
    })
}

#[utoipa::path(
    get, path = "/api/v1/admin/impresion/{origen}/{id}", tag = "impresión", operation_id = "leer_impresion", security(("token" = [])),
    params(
        ("origen" = inline(OrigenTicket), Path, description = "De qué registro: walkin o reservacion"),
        ("id" = String, Path, description = "`_id` del walk-in o de la reservación"),
        ("tag" = String, Query, description = "Sucursal actual"),
    ),
    responses(
        (status = 200, description = "Los tickets del registro y dónde va cada uno (ninguno si no tiene)", body = Envelope<ImpresionDeRegistro>),
        (status = 403, description = "Sin el permiso impresion.index, o sucursal ajena", body = EnvelopeError),
        (status = 404, description = "La sucursal no existe", body = EnvelopeError),
    )
)]
async fn trabajos(
    State(state): State<AppState>,
    _permiso: Con<requiere::ImpresionIndex>,
    sucursal: SucursalEnAlcance,
    Path((origen, id)): Path<(OrigenTicket, String)>,
) -> Result<Envelope<ImpresionDeRegistro>> {
    let sentado = sentado(origen, id);
    let (sucursal_id, conf) = sucursal.conf(&state).await?;
    let r = de_registro(&state, &sucursal_id, conf.walkin.horario.zona, &sentado).await?;
    Ok(Envelope::ok("Impresión", r))
}

#[utoipa::path(
    post, path = "/api/v1/admin/impresion/trabajos/{id}/reintentar", tag = "impresión", operation_id = "reintentar_impresion", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` del trabajo"), ("tag" = String, Query, description = "Sucursal actual")),
    responses(
        (status = 200, description = "El ticket vuelve a la cola y se intenta ahora", body = Envelope<TrabajoReintentado>),
        (status = 403, description = "Sin el permiso impresion.index, o sucursal ajena", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
        (status = 409, description = "Ya se imprimió", body = EnvelopeError),
    )
)]
async fn reintentar(
    State(state): State<AppState>,
    _permiso: Con<requiere::ImpresionIndex>,
    sucursal: SucursalEnAlcance,
    Path(id): Path<String>,
) -> Result<Envelope<TrabajoReintentado>> {
    let sucursal_id = sucursal.id(&state).await?;
    match state
        .store
        .reintentar_trabajo(&sucursal_id, &id, state.reloj.ahora())
        .await?
    {
        None => Err(ApiError::NoEncontrado("el ticket")),
        Some(false) => Err(ApiError::Conflicto(
            "Ese ticket ya se imprimió; use Reimprimir para otra copia".to_owned(),
        )),
        Some(true) => {
            state
                .store
                .anunciar_impresion(sucursal.tag.as_str())
                .await?;
            state.eventos.impresion_cambio(sucursal.tag.as_str());
            state.impresion.notify_one();
            Ok(Envelope::ok(
                "El ticket volvió a la cola",
                TrabajoReintentado { id },
            ))
        }
    }
}

/// A ticket back in the queue.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TrabajoReintentado {
    #[serde(rename = "_id")]
    pub id: String,
}

/// Which of the record's tickets to print again.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct SolicitudReimpresion {
    /// `comanda` or `abre`.
    pub tipo: TipoTicket,
}

/// What a reprint's entry records.
#[derive(Serialize)]
struct Reimpreso<'a> {
    ticket: &'a str,
}

#[utoipa::path(
    post, path = "/api/v1/admin/impresion/{origen}/{id}/reimprimir", tag = "impresión", operation_id = "reimprimir", security(("token" = [])),
    params(
        ("origen" = inline(OrigenTicket), Path, description = "De qué registro: walkin o reservacion"),
        ("id" = String, Path, description = "`_id` del walk-in o de la reservación"),
        ("tag" = String, Query, description = "Sucursal actual"),
    ),
    request_body = SolicitudReimpresion,
    responses(
        (status = 201, description = "Reimpresión en cola, anotada en la bitácora del registro", body = Envelope<ImpresionDeRegistro>),
        (status = 403, description = "Sin el permiso impresion.index, o sucursal ajena", body = EnvelopeError),
        (status = 404, description = "No existe, o no tiene comanda", body = EnvelopeError),
        (status = 409, description = "La sucursal no tiene impresoras activas para ese ticket", body = EnvelopeError),
    )
)]
async fn reimprimir(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::ImpresionIndex>,
    sucursal: SucursalEnAlcance,
    Path((origen, id)): Path<(OrigenTicket, String)>,
    Json(s): Json<SolicitudReimpresion>,
) -> Result<(StatusCode, Envelope<ImpresionDeRegistro>)> {
    let sentado = sentado(origen, id);
    let (sucursal_id, conf) = sucursal.conf(&state).await?;
    let alcance = usuario.alcance();
    let ve = VeContacto::de(&usuario);
    let (mut tickets, entidad, registro) = match &sentado {
        Sentado::Walkin(id) => {
            let w = en_alcance(state.store.walkin_en(&alcance, id, ve).await?, "el walk-in")?;
            if w.tag_sucursal != sucursal.tag.as_str() {
                return Err(ApiError::NoEncontrado("el walk-in"));
            }
            let fecha =
                NaiveDateTime::parse_from_str(&w.fecha_hora, "%Y-%m-%d %H:%M").unwrap_or_default();
            let mut tickets = tickets_de(&w.folio, fecha, &w.name, w.evento, &w.comanda, &w.abre);
            con_llegada(&mut tickets, w.llegada.as_deref());
            (tickets, Entidad::Walkin, w.id)
        }
        Sentado::Reservacion(id) => {
            let r = en_alcance(
                state.store.reservacion_en(&alcance, id, ve).await?,
                "la reservación",
            )?;
            let (Some(comanda), Some(abre)) = (&r.comanda, &r.abre) else {
                return Err(ApiError::NoEncontrado("la comanda de la reservación"));
            };
            if r.tag_sucursal != sucursal.tag.as_str() {
                return Err(ApiError::NoEncontrado("la reservación"));
            }
            (
                tickets_de(
                    r.folio.as_deref().unwrap_or_default(),
                    r.abierta.unwrap_or(r.fecha_hora),
                    &r.name,
                    r.evento,
                    comanda,
                    abre,
                ),
                Entidad::Reservacion,
                r.id,
            )
        }
    };
    tickets.retain(|t| t.tipo == s.tipo);
    for t in &mut tickets {
        t.reimpresion = true;
    }
    let cambio = Cambio::de(&usuario, entidad, &registro, Accion::Reimprimir)
        .en(&sucursal_id)
        .despues(&Reimpreso {
            ticket: s.tipo.titulo(),
        });
    let encargo = Encargo {
        sucursal_id: &sucursal_id,
        sentado: &sentado,
        tickets: &tickets,
        ahora: state.reloj.ahora(),
    };
    let n = state.store.reimprimir(&encargo, &cambio).await?;
    if n == 0 {
        return Err(ApiError::Conflicto(format!(
            "La sucursal no tiene impresoras activas para {}",
            match s.tipo {
                TipoTicket::Comanda => "la comanda",
                TipoTicket::Abre => "el abre",
            }
        )));
    }
    state
        .store
        .anunciar_impresion(sucursal.tag.as_str())
        .await?;
    state.eventos.impresion_cambio(sucursal.tag.as_str());
    state.impresion.notify_one();
    let r = de_registro(&state, &sucursal_id, conf.walkin.horario.zona, &sentado).await?;
    Ok((
        StatusCode::CREATED,
        Envelope::ok("Reimpresión enviada a la impresora", r),
    ))
}
