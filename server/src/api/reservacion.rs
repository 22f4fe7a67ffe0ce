//! `/api/v1/admin/reservacion`: a branch's reservations by tab, one in detail, and the staff's
//! changes (cancel, edit, the guest's contact). Contact fields reach only `reservacion.client`.

use anfitrion_core::bitacora::Accion;
use anfitrion_core::disponibilidad::{Disponibilidad, Reservante};
use anfitrion_core::estado::{EstadoReservacion, Origen};
use anfitrion_core::mensajes;
use anfitrion_core::permisos::{requiere, Permiso};
use anfitrion_core::personal::validar_correo;
use anfitrion_core::personal::{DatosPersonales, Evento};
use anfitrion_core::qr::validar_codigo_reservacion;
use anfitrion_core::reservacion::{
    exigir_editable, CambiosReservacion, ContactoReservacion, EdicionReservacion,
    SolicitudReservacion, VistaReservaciones,
};
use anfitrion_core::tiempo::formato_fecha_hora;
use anfitrion_core::walkin::SolicitudAsistencia;
use anfitrion_core::ReglaError;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::{en_alcance, Con, JsonSucursal, NombraSucursal, SucursalEnAlcance};
use crate::api::publico::{
    disponibilidad_como, reservar_como, ParametrosDisponibilidad, Quien, ReservaRegistrada,
};
use crate::db::bitacora::{Cambio, Entidad, Estado};
use crate::db::piso::Sala;
use crate::db::publico::CorreoReservacion;
use crate::db::reservaciones::{
    Asistencia, ConsultaReservaciones, PaginaReservaciones, Reservacion, VeContacto,
};
use crate::db::usuarios::Usuario;
use crate::envelope::Envelope;
use crate::error::{ApiError, EnvelopeError, Result};
use crate::estado::AppState;
use crate::extract::{Json, Path, Query};

/// Page size when none is asked for, and the largest allowed.
pub const LIMITE_POR_DEFECTO: u32 = 50;
pub const LIMITE_MAX: u32 = 200;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(listar, crear))
        .routes(routes!(disponibilidad))
        .routes(routes!(detalle, editar))
        .routes(routes!(cancelar))
        .routes(routes!(editar_cliente))
        .routes(routes!(buscar_por_codigo))
        .routes(routes!(buscar_por_correo))
        .routes(routes!(asistencia))
        .routes(routes!(correos))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ParametrosLista {
    /// Branch tag.
    #[param(required = true)]
    pub tag: Option<String>,
    /// Tab: hoy, pendientes, asistio, vencidas, canceladas or todas (hoy when absent); or the
    /// status a tab shows: Pendiente, Asistio, Vencido or Cancelada.
    pub status: Option<String>,
    /// Name, e-mail or phone (e-mail and phone only for callers who may see them).
    pub q: Option<String>,
    /// Page, from 1 (paged tabs only).
    pub page: Option<u32>,
    /// Items per page, 1 to 200 (paged tabs only).
    pub limit: Option<u32>,
}

/// The day's tab comes whole (bounded by the day, as the spec's "data array"); every other tab
/// grows without bound and comes in pages.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum ListaReservaciones {
    Dia(Vec<Reservacion>),
    Pagina(PaginaReservaciones),
}

fn cambio(
    usuario: &Usuario,
    r: &Reservacion,
    accion: Accion,
    antes: &impl Serialize,
    despues: &impl Serialize,
) -> Cambio {
    Cambio::de(usuario, Entidad::Reservacion, &r.id, accion)
        .en(&r.sucursal_id)
        .antes(antes)
        .despues(despues)
}

/// An edit's entry: the booking's fields staff may change.
#[derive(Serialize)]
struct EdicionEnBitacora<'a, P: Serialize> {
    fecha_hora: String,
    no_personas: P,
    evento: Evento,
    comentarios: &'a str,
}

/// A contact edit's entry: the guest's name and contact.
#[derive(Serialize)]
struct ContactoEnBitacora<'a> {
    name: &'a str,
    email: Option<&'a str>,
    phone: Option<&'a str>,
}

/// An attendance's entry: the state and party, and once seated the table and waiter.
#[derive(Serialize)]
struct AsistenciaEnBitacora<'a, P: Serialize> {
    status: EstadoReservacion,
    no_personas: P,
    #[serde(skip_serializing_if = "Option::is_none")]
    mesa: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mesero: Option<&'a str>,
}

/// A branch's reservations of one tab.
#[utoipa::path(
    operation_id = "listar_reservaciones",
    get, path = "/api/v1/admin/reservacion", tag = "reservaciones", security(("token" = [])),
    params(ParametrosLista),
    responses(
        (status = 200, description = "Reservaciones de la pestaña", body = Envelope<ListaReservaciones>),
        (status = 400, description = "Pestaña, página o límite no válidos", body = EnvelopeError),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sin el permiso reservacion.index, o sucursal ajena", body = EnvelopeError),
    )
)]
async fn listar(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::ReservacionIndex>,
    sucursal: SucursalEnAlcance,
    Query(p): Query<ParametrosLista>,
) -> Result<Envelope<ListaReservaciones>> {
    let vista = VistaReservaciones::parse(p.status.as_deref().unwrap_or("hoy").trim())?;
    let page = p.page.unwrap_or(1);
    let limit = p.limit.unwrap_or(LIMITE_POR_DEFECTO);
    if page == 0 {
        return Err(ApiError::Entrada(
            "El parámetro «page» empieza en 1.".to_owned(),
        ));
    }
    if !(1..=LIMITE_MAX).contains(&limit) {
        return Err(ApiError::Entrada(format!(
            "El parámetro «limit» debe estar entre 1 y {LIMITE_MAX}."
        )));
    }
    let conf = sucursal.conf(&state).await?.1.walkin;
    let SucursalEnAlcance { tag, alcance } = sucursal;
    let consulta = ConsultaReservaciones {
        tag: &tag,
        vista,
        ahora_local: conf.horario.local(state.reloj.ahora()),
        dia: conf
            .horario
            .ventana_dia(conf.horario.hoy(state.reloj.ahora())),
        q: p.q.as_deref(),
        // The day's list comes whole: a day is bounded, but give it room.
        page: if vista.paginada() { page } else { 1 },
        limit: if vista.paginada() { limit } else { 5000 },
    };
    let (items, total) = state
        .store
        .reservaciones_en(&alcance, &consulta, VeContacto::de(&usuario))
        .await?;
    let lista = if vista.paginada() {
        ListaReservaciones::Pagina(PaginaReservaciones {
            items,
            total,
            page,
            limit,
        })
    } else {
        ListaReservaciones::Dia(items)
    };
    Ok(Envelope::ok("Reservaciones", lista))
}

/// One reservation.
#[utoipa::path(
    operation_id = "detalle_reservacion",
    get, path = "/api/v1/admin/reservacion/{id}", tag = "reservaciones", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` de la reservación"), ("tag" = Option<String>, Query, description = "Sucursal actual")),
    responses(
        (status = 200, description = "Reservación", body = Envelope<Reservacion>),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sin el permiso reservacion.index, o de otra sucursal", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
    )
)]
async fn detalle(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::ReservacionIndex>,
    _sucursal: Option<SucursalEnAlcance>,
    Path(id): Path<String>,
) -> Result<Envelope<Reservacion>> {
    let r = en_alcance(
        state
            .store
            .reservacion_en(&usuario.alcance(), &id, VeContacto::de(&usuario))
            .await?,
        "la reservación",
    )?;
    Ok(Envelope::ok("Reservación", r))
}

async fn leer(state: &AppState, usuario: &Usuario, id: &str) -> Result<Reservacion> {
    en_alcance(
        state
            .store
            .reservacion_en(&usuario.alcance(), id, VeContacto::de(usuario))
            .await?,
        "la reservación",
    )
}

/// Cancels a Pendiente reservation; any other answers 409 with the reason.
#[utoipa::path(
    put, path = "/api/v1/admin/reservacion/{id}/cancel", tag = "reservaciones", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` de la reservación"), ("tag" = Option<String>, Query, description = "Sucursal actual")),
    responses(
        (status = 200, description = "Reservación cancelada", body = Envelope<Reservacion>),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sin el permiso reservacion.edit, o de otra sucursal", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
        (status = 409, description = "No está pendiente", body = EnvelopeError),
    )
)]
async fn cancelar(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::ReservacionEdit>,
    _sucursal: Option<SucursalEnAlcance>,
    Path(id): Path<String>,
) -> Result<Envelope<Reservacion>> {
    let r = leer(&state, &usuario, &id).await?;
    let hacia = EstadoReservacion::Cancelada;
    r.status
        .pasar_a(hacia)
        .map_err(|e| ApiError::Conflicto(e.to_string()))?;
    let c = cambio(
        &usuario,
        &r,
        Accion::Cancelar,
        &Estado { status: r.status },
        &Estado { status: hacia },
    );
    if !state.store.pasar_estado(&id, hacia, &c).await? {
        // Another change got there first: say what it is now.
        let ahora = leer(&state, &usuario, &id).await?;
        return Err(ApiError::Conflicto(
            ahora
                .status
                .pasar_a(hacia)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default(),
        ));
    }
    Ok(Envelope::ok(
        "Reservación cancelada",
        leer(&state, &usuario, &id).await?,
    ))
}

/// Changes date, party, event and comments of a Pendiente reservation. A new time must be ahead
/// and within the branch's opening; the party limit and the lead time are staff's to override.
#[utoipa::path(
    operation_id = "editar_reservacion",
    put, path = "/api/v1/admin/reservacion/{id}", tag = "reservaciones", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` de la reservación"), ("tag" = Option<String>, Query, description = "Sucursal actual")),
    request_body = EdicionReservacion,
    responses(
        (status = 200, description = "Reservación editada", body = Envelope<Reservacion>),
        (status = 400, description = "Datos no válidos", body = EnvelopeError),
        (status = 403, description = "Sin el permiso reservacion.edit, o de otra sucursal", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
        (status = 409, description = "No está pendiente", body = EnvelopeError),
    )
)]
async fn editar(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::ReservacionEdit>,
    _sucursal: Option<SucursalEnAlcance>,
    Path(id): Path<String>,
    Json(edicion): Json<EdicionReservacion>,
) -> Result<Envelope<Reservacion>> {
    let cambios = CambiosReservacion::parse(&edicion)?;
    let r = leer(&state, &usuario, &id).await?;
    exigir_editable(r.status).map_err(|e| ApiError::Conflicto(e.to_string()))?;
    // Core's booking rules, as staff may bend them: never outside the opening hours or in the past.
    let suc = state
        .store
        .sucursal_reservable(&r.tag_sucursal)
        .await?
        .ok_or(ApiError::NoEncontrado("la sucursal"))?;
    let ahora = suc.conf.walkin.horario.local(state.reloj.ahora());
    cambios.exigir_posible(r.fecha_hora, ahora, &suc.horario, &suc.especiales)?;
    let antes = EdicionEnBitacora {
        fecha_hora: formato_fecha_hora(r.fecha_hora),
        no_personas: r.no_personas,
        evento: r.evento,
        comentarios: &r.comentarios,
    };
    let despues = EdicionEnBitacora {
        fecha_hora: formato_fecha_hora(cambios.fecha_hora),
        no_personas: cambios.no_personas,
        evento: cambios.evento,
        comentarios: &cambios.comentarios,
    };
    if !state
        .store
        .editar_reservacion(
            &id,
            &cambios,
            &cambio(&usuario, &r, Accion::Editar, &antes, &despues),
        )
        .await?
    {
        let ahora = leer(&state, &usuario, &id).await?;
        return Err(ApiError::Conflicto(
            exigir_editable(ahora.status)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default(),
        ));
    }
    Ok(Envelope::ok(
        "Reservación actualizada",
        leer(&state, &usuario, &id).await?,
    ))
}

/// The guest's name, e-mail and phone as staff correct them.
#[derive(Debug, Deserialize, ToSchema)]
pub struct EdicionCliente {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub phone: Option<String>,
}

/// Corrects the guest's name and contact (needs `reservacion.client` as well: it shows them).
#[utoipa::path(
    put, path = "/api/v1/admin/reservacion/{id}/editclient", tag = "reservaciones", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` de la reservación"), ("tag" = Option<String>, Query, description = "Sucursal actual")),
    request_body = EdicionCliente,
    responses(
        (status = 200, description = "Datos del cliente actualizados", body = Envelope<Reservacion>),
        (status = 400, description = "Datos no válidos", body = EnvelopeError),
        (status = 403, description = "Sin los permisos reservacion.edit y reservacion.client, o de otra sucursal", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
    )
)]
async fn editar_cliente(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::ReservacionEdit>,
    _sucursal: Option<SucursalEnAlcance>,
    Path(id): Path<String>,
    Json(e): Json<EdicionCliente>,
) -> Result<Envelope<Reservacion>> {
    if !usuario.tiene_permiso(Permiso::ReservacionClient) {
        return Err(ApiError::SinPermiso);
    }
    let contacto = ContactoReservacion::parse(&DatosPersonales {
        name: e.name,
        email: e.email,
        phone: e.phone,
        evento: None,
    })?;
    let r = leer(&state, &usuario, &id).await?;
    let antes = ContactoEnBitacora {
        name: &r.name,
        email: r.contacto.as_ref().and_then(|c| c.email.as_deref()),
        phone: r.contacto.as_ref().and_then(|c| c.phone.as_deref()),
    };
    let despues = ContactoEnBitacora {
        name: &contacto.name,
        email: contacto.email.as_deref(),
        phone: contacto.phone.as_deref(),
    };
    state
        .store
        .editar_cliente_reservacion(
            &id,
            &contacto,
            &cambio(&usuario, &r, Accion::EditarCliente, &antes, &despues),
        )
        .await?;
    Ok(Envelope::ok(
        "Datos del cliente actualizados",
        leer(&state, &usuario, &id).await?,
    ))
}

/// A check-in lookup: the scanned code (`id`) or the guest's e-mail, and the current branch.
#[derive(Debug, Deserialize, ToSchema)]
pub struct Busqueda {
    #[serde(default)]
    pub id: Option<String>,
    #[serde(default)]
    #[schema(required = true, min_length = 1, pattern = r"\S")]
    pub tag: String,
    #[serde(default)]
    pub email: Option<String>,
}

impl NombraSucursal for Busqueda {
    fn tag(&self) -> Option<&str> {
        Some(&self.tag)
    }
}

/// Another branch's reservation: its brand and branch names, and nothing else of it.
fn otra_sucursal(r: &Reservacion) -> ApiError {
    ApiError::ConDatos {
        codigo: StatusCode::CONFLICT,
        mensaje: format!(
            "La reservación es de otra sucursal: {} ({}).",
            r.sucursal.name, r.marca.name
        ),
        data: json!({ "marca": { "name": r.marca.name }, "sucursal": { "name": r.sucursal.name } }),
    }
}

/// A reservation of this branch that cannot be seated (`e` says why: it already ended, or it is
/// another day's or past its tolerance): the reason, with the reservation for the card.
fn no_sentable(e: ReglaError, r: &Reservacion) -> ApiError {
    ApiError::ConDatos {
        codigo: StatusCode::CONFLICT,
        mensaje: e.to_string(),
        data: serde_json::to_value(r).unwrap_or_default(),
    }
}

/// A reservation that already ended.
fn no_pendiente(r: &Reservacion) -> ApiError {
    no_sentable(ReglaError::NoPendiente { estado: r.status }, r)
}

async fn buscar(
    state: &AppState,
    usuario: &Usuario,
    b: &Busqueda,
    sucursal: &SucursalEnAlcance,
    id: Option<String>,
) -> Result<Envelope<Reservacion>> {
    let email = match &b.email {
        Some(e) if id.is_none() => Some(validar_correo(e)?.ok_or(ReglaError::CorreoInvalido)?),
        _ => None,
    };
    let conf = sucursal.conf(state).await?.1.walkin;
    let ahora = conf.horario.local(state.reloj.ahora());
    // From the start of the business day: at 00:30 a 23:50 booking is still today's.
    let hoy = conf
        .horario
        .ventana_dia(conf.horario.dia_de_servicio(ahora))
        .0;
    let encontrada = state
        .store
        .buscar_para_asistencia(
            id.as_deref(),
            email.as_deref(),
            &sucursal.tag,
            hoy,
            VeContacto::de(usuario),
        )
        .await?;
    let r = encontrada.ok_or(ApiError::NoEncontrado("la reservación"))?;
    if r.tag_sucursal != sucursal.tag.as_str() {
        return Err(otra_sucursal(&r));
    }
    if r.status != EstadoReservacion::Pendiente {
        return Err(no_pendiente(&r));
    }
    conf.exigir_llegada(r.fecha_hora, ahora)
        .map_err(|e| no_sentable(e, &r))?;
    Ok(Envelope::ok("Reservación encontrada", r))
}

/// Check-in by the reservation's code (its QR holds the `_id`): the reservation, or why not.
#[utoipa::path(
    post, path = "/api/v1/admin/reservacion/{id}/check", tag = "reservaciones", security(("token" = [])),
    params(("id" = String, Path, description = "Código escaneado: el `_id` de la reservación")),
    request_body = Busqueda,
    responses(
        (status = 200, description = "Reservación pendiente de esta sucursal", body = Envelope<Reservacion>),
        (status = 400, description = "El código no es de una reservación", body = EnvelopeError),
        (status = 403, description = "Sin el permiso reservacion.asistio, o sucursal ajena", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
        (status = 409, description = "De otra sucursal (data: marca y sucursal), ya no pendiente, o fuera de la ventana de llegada (otro día, o pasada su tolerancia; data: la reservación)", body = EnvelopeError),
    )
)]
async fn buscar_por_codigo(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::ReservacionAsistio>,
    Path(id): Path<String>,
    JsonSucursal(b, sucursal): JsonSucursal<Busqueda>,
) -> Result<Envelope<Reservacion>> {
    let id = validar_codigo_reservacion(&id)?;
    buscar(&state, &usuario, &b, &sucursal, Some(id)).await
}

/// Check-in by the guest's e-mail.
#[utoipa::path(
    post, path = "/api/v1/admin/reservacion/check", tag = "reservaciones", security(("token" = [])),
    request_body = Busqueda,
    responses(
        (status = 200, description = "Reservación pendiente de esta sucursal", body = Envelope<Reservacion>),
        (status = 400, description = "Correo no válido", body = EnvelopeError),
        (status = 403, description = "Sin el permiso reservacion.asistio, o sucursal ajena", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
        (status = 409, description = "De otra sucursal (data: marca y sucursal), ya no pendiente, o fuera de la ventana de llegada (otro día, o pasada su tolerancia; data: la reservación)", body = EnvelopeError),
    )
)]
async fn buscar_por_correo(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::ReservacionAsistio>,
    JsonSucursal(b, sucursal): JsonSucursal<Busqueda>,
) -> Result<Envelope<Reservacion>> {
    let id = match b.id.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(id) => Some(validar_codigo_reservacion(id)?),
        None => None,
    };
    if id.is_none() && b.email.as_deref().is_none_or(|e| e.trim().is_empty()) {
        return Err(ApiError::Regla(ReglaError::CorreoInvalido));
    }
    buscar(&state, &usuario, &b, &sucursal, id).await
}

impl NombraSucursal for SolicitudAsistencia {
    fn tag(&self) -> Option<&str> {
        Some(&self.tag_sucursal)
    }
}

/// Registers the attendance: Pendiente → Asistio with the comanda (its folio from the branch's
/// sequence) and the abre, all at once. A second attendance answers 409 and changes nothing.
#[utoipa::path(
    put, path = "/api/v1/admin/reservacion/{id}/asistencia", tag = "reservaciones", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` de la reservación")),
    request_body = SolicitudAsistencia,
    responses(
        (status = 200, description = "Asistencia registrada", body = Envelope<Reservacion>),
        (status = 400, description = "Una regla no se cumple; no se guardó nada", body = EnvelopeError),
        (status = 403, description = "Sin el permiso reservacion.asistio, o sucursal ajena", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
        (status = 409, description = "De otra sucursal, ya no pendiente, o fuera de la ventana de llegada (otro día, o pasada su tolerancia)", body = EnvelopeError),
    )
)]
async fn asistencia(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::ReservacionAsistio>,
    Path(id): Path<String>,
    JsonSucursal(s, sucursal): JsonSucursal<SolicitudAsistencia>,
) -> Result<Envelope<Reservacion>> {
    let orden = s.parse()?;
    let r = leer(&state, &usuario, &id).await?;
    if r.tag_sucursal != sucursal.tag.as_str() {
        return Err(otra_sucursal(&r));
    }
    if r.status != EstadoReservacion::Pendiente {
        return Err(no_pendiente(&r));
    }
    let orden = orden.en_sucursal(&state.store.catalogo_de(&r.sucursal_id).await?)?;
    let mesero = orden.mesero.clone();
    // The table opens now, at the branch's wall time: the tickets print it.
    let (_, conf) = sucursal.conf(&state).await?;
    let abierta = conf.walkin.horario.local(state.reloj.ahora());
    // Only around its own time: another day's reservation is not seated today.
    conf.walkin
        .exigir_llegada(r.fecha_hora, abierta)
        .map_err(|e| no_sentable(e, &r))?;
    let a = Asistencia {
        reservacion_id: id.clone(),
        abierta,
        pedido: orden.pedido,
        mesa: orden.mesa,
        numeros: orden.numeros,
        mesero: orden.mesero,
        abre: orden.abre,
        sala: Some(Sala {
            tag: sucursal.tag.as_str().to_owned(),
            zona: conf.walkin.horario.zona,
        }),
        autor: Some(usuario.id.clone()),
    };
    let c = cambio(
        &usuario,
        &r,
        Accion::Asistencia,
        &AsistenciaEnBitacora {
            status: r.status,
            no_personas: r.no_personas,
            mesa: None,
            mesero: None,
        },
        &AsistenciaEnBitacora {
            status: EstadoReservacion::Asistio,
            no_personas: a.pedido.personas(),
            mesa: Some(&a.mesa),
            mesero: Some(&mesero.name),
        },
    );
    if state.store.registrar_asistencia(&a, &c).await?.is_none() {
        return Err(no_pendiente(&leer(&state, &usuario, &id).await?));
    }
    state.eventos.salon_tras_commit(sucursal.tag.as_str());
    // The tickets the save queued go out now, not at the next period.
    state.impresion.notify_one();
    Ok(Envelope::ok(
        mensajes::ASISTENCIA_REGISTRADA,
        leer(&state, &usuario, &id).await?,
    ))
}

/// A booking made by staff (the console's Nueva dialog, the host stand): the same checks as a
/// guest's booking, within the caller's branches, recorded with the caller as its author. The
/// origin is Plataforma unless the staff member names the channel the guest called through.
#[utoipa::path(
    operation_id = "crear_reservacion",
    post, path = "/api/v1/admin/reservacion", tag = "reservaciones", security(("token" = [])),
    request_body = SolicitudReservacion,
    responses(
        (status = 201, description = "Reservación registrada", body = Envelope<ReservaRegistrada>),
        (status = 400, description = "Datos no válidos, fecha pasada, sucursal cerrada u horario no disponible", body = EnvelopeError),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sin el permiso reservacion.create, sucursal ajena, u origen Plataforma pedido desde otro sitio", body = EnvelopeError),
        (status = 404, description = "La sucursal no existe", body = EnvelopeError),
        (status = 409, description = "Ya no hay mesa a esa hora", body = EnvelopeError),
    )
)]
async fn crear(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::ReservacionCreate>,
    cabeceras: axum::http::HeaderMap,
    Json(s): Json<SolicitudReservacion>,
) -> Result<(StatusCode, Envelope<ReservaRegistrada>)> {
    // Plataforma (said, or left to the default) is the console's own booking: a page another site
    // made, the booking widget framed there included, never books with it.
    if s.origin
        .as_deref()
        .map(str::trim)
        .is_none_or(|o| o.is_empty() || o == Origen::Plataforma.nombre())
    {
        crate::access::exigir_mismo_origen(&cabeceras)?;
    }
    let registrada = reservar_como(&state, s, Quien::Personal(&usuario)).await?;
    Ok((
        StatusCode::CREATED,
        Envelope::ok("Reservación registrada", registrada),
    ))
}

/// The times staff may book (the console's Nueva dialog, the host stand): the public page's,
/// without the lead time, and with parties larger than any table seats (core's
/// `Reservante::Personal`).
#[utoipa::path(
    operation_id = "disponibilidad_personal",
    get, path = "/api/v1/admin/reservacion/disponibilidad", tag = "reservaciones", security(("token" = [])),
    params(("tag" = String, Query, description = "Sucursal actual"), ParametrosDisponibilidad),
    responses(
        (status = 200, description = "Horarios disponibles; `motivo` dice por qué no hay ninguno", body = Envelope<Disponibilidad>),
        (status = 400, description = "Fecha, personas o sucursal no válidas", body = EnvelopeError),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sin el permiso reservacion.create, o sucursal ajena", body = EnvelopeError),
        (status = 404, description = "La sucursal no existe o no está activa", body = EnvelopeError),
    )
)]
async fn disponibilidad(
    State(state): State<AppState>,
    _usuario: Con<requiere::ReservacionCreate>,
    sucursal: SucursalEnAlcance,
    Query(p): Query<ParametrosDisponibilidad>,
) -> Result<Envelope<Disponibilidad>> {
    let d = disponibilidad_como(&state, sucursal.tag.as_str(), &p, Reservante::Personal).await?;
    Ok(Envelope::ok("Horarios disponibles", d))
}

/// A reservation's confirmation e-mails and where each stands (pending, sent, failed).
#[utoipa::path(
    operation_id = "correos_reservacion",
    get, path = "/api/v1/admin/reservacion/{id}/correos", tag = "reservaciones", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` de la reservación"), ("tag" = Option<String>, Query, description = "Sucursal actual")),
    responses(
        (status = 200, description = "Correos de la reservación, del más antiguo al más reciente", body = Envelope<Vec<CorreoReservacion>>),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sin el permiso reservacion.index, o de otra sucursal", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
    )
)]
async fn correos(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::ReservacionIndex>,
    _sucursal: Option<SucursalEnAlcance>,
    Path(id): Path<String>,
) -> Result<Envelope<Vec<CorreoReservacion>>> {
    let mut lista = en_alcance(
        state.store.correos_de_en(&usuario.alcance(), &id).await?,
        "la reservación",
    )?;
    // The address is the guest's contact: hidden from whoever may not see it.
    if !VeContacto::de(&usuario).permite() {
        lista.iter_mut().for_each(|c| c.destinatario = None);
    }
    Ok(Envelope::ok("Correos de la reservación", lista))
}
