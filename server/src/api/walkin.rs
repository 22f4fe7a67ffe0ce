//! `/api/v1/admin/walkin`: a branch's walk-ins (the day's, or all in pages) and registering one:
//! checked by core, its table, waiter and promotions by the branch's catalogue, its folio taken
//! from the branch's sequence in the same transaction that saves it.

use anfitrion_core::bitacora::Accion;
use anfitrion_core::permisos::{requiere, Permiso};
use anfitrion_core::walkin::{SolicitudWalkin, WalkinValido};
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::{en_alcance, Autenticado, Con, SucursalEnAlcance};
use crate::db::avisos::Lista;
use crate::db::bitacora::{Cambio, Entidad};
use crate::db::nuevo_id;
use crate::db::piso::Sala;
use crate::db::reservaciones::VeContacto;
use crate::db::walkins::{ConsultaWalkins, NuevoWalkin, OrdenWalkin, PaginaWalkins, Walkin};
use crate::envelope::Envelope;
use crate::error::{ApiError, EnvelopeError, Result};
use crate::estado::AppState;
use crate::extract::{Json, Paginacion, Path, Query};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(listar, registrar))
        .routes(routes!(detalle))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ParametrosWalkins {
    /// Branch tag.
    #[param(required = true)]
    pub tag: Option<String>,
    /// `hoy` (the branch-local date, whole) or `todas` (in pages); hoy when absent.
    pub slug: Option<String>,
    /// Name, e-mail or phone.
    pub q: Option<String>,
}

/// The branch's walk-ins.
#[utoipa::path(
    operation_id = "listar_walkins",
    get, path = "/api/v1/admin/walkin", tag = "walk-in", security(("token" = [])),
    params(ParametrosWalkins, Paginacion),
    responses(
        (status = 200, description = "Walk-ins, una página: los de hoy en la sucursal o todos", body = Envelope<PaginaWalkins>),
        (status = 400, description = "Pestaña, página o límite no válidos", body = EnvelopeError),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sucursal ajena", body = EnvelopeError),
    )
)]
async fn listar(
    State(state): State<AppState>,
    sesion: Autenticado,
    sucursal: SucursalEnAlcance,
    Query(p): Query<ParametrosWalkins>,
    Paginacion { page, limit }: Paginacion,
) -> Result<Envelope<PaginaWalkins>> {
    let usuario = sesion.usuario;
    let hoy = match p.slug.as_deref().map(str::trim).unwrap_or("hoy") {
        "hoy" => true,
        "todas" => false,
        otra => {
            return Err(ApiError::Entrada(format!(
                "Pestaña de walk-in desconocida: {otra}"
            )))
        }
    };
    let (sucursal_id, conf) = sucursal.conf(&state).await?;
    let consulta = ConsultaWalkins {
        sucursal_id: &sucursal_id,
        dia: hoy.then(|| {
            let h = &conf.walkin.horario;
            h.ventana_dia(h.hoy(state.reloj.ahora()))
        }),
        q: p.q.as_deref(),
        page,
        limit,
    };
    // The day's list pages like every other: a busy branch's day is never cut short.
    let (items, total) = state
        .store
        .walkins_de(&consulta, VeContacto::de(&usuario))
        .await?;
    Ok(Envelope::ok(
        "Walk-ins",
        PaginaWalkins {
            items,
            total,
            page,
            limit,
        },
    ))
}

/// One walk-in, to review or reprint its tickets.
#[utoipa::path(
    operation_id = "detalle_walkin",
    get, path = "/api/v1/admin/walkin/{id}", tag = "walk-in", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` del walk-in"), ("tag" = Option<String>, Query, description = "Sucursal actual")),
    responses(
        (status = 200, description = "Walk-in", body = Envelope<Walkin>),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "De otra sucursal", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
    )
)]
async fn detalle(
    State(state): State<AppState>,
    sesion: Autenticado,
    _sucursal: Option<SucursalEnAlcance>,
    Path(id): Path<String>,
) -> Result<Envelope<Walkin>> {
    let u = &sesion.usuario;
    let w = en_alcance(
        state
            .store
            .walkin_en(&u.alcance(), &id, VeContacto::de(u))
            .await?,
        "el walk-in",
    )?;
    Ok(Envelope::ok("Walk-in", w))
}

/// Registers a walk-in: status and origin `Walk-in`, the time of the branch now, the next folio.
/// With `espera_id`, the party called from the waitlist is marked seated in the same save.
#[utoipa::path(
    operation_id = "registrar_walkin",
    post, path = "/api/v1/admin/walkin", tag = "walk-in", security(("token" = [])),
    request_body = SolicitudWalkin,
    responses(
        (status = 201, description = "Datos guardados correctamente", body = Envelope<Walkin>),
        (status = 400, description = "Una regla no se cumple; no se guardó nada", body = EnvelopeError),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sin el permiso walkin.index (o espera.index con espera_id), o sucursal ajena", body = EnvelopeError),
        (status = 409, description = "La mesa está ocupada, o el grupo de espera_id ya no está en la lista de espera de la sucursal; no se guardó nada", body = EnvelopeError),
    )
)]
async fn registrar(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::WalkinIndex>,
    Json(s): Json<SolicitudWalkin>,
) -> Result<(StatusCode, Envelope<Walkin>)> {
    // Seating a waiting party is keeping the waitlist.
    if s.espera().is_some() && !usuario.tiene_permiso(Permiso::EsperaIndex) {
        return Err(ApiError::SinPermiso);
    }
    let sucursal = SucursalEnAlcance::de_cuerpo(&usuario, &s.tag_sucursal)?;
    // One read before the save: the branch and its settings together.
    let (sucursal_id, conf) = sucursal.conf(&state).await?;
    let conf = conf.walkin;
    let valido = WalkinValido::parse(&s, &conf)?;
    let espera_id = valido.espera_id.clone();
    let ahora = state.reloj.ahora();
    let fecha_hora = conf.horario.local(ahora);
    // A branch that charges the buffet by the time of arrival keeps when the party was written
    // down on its waitlist: the tickets print it (core's rule says when it counts).
    let llegada = match &espera_id {
        Some(id) if conf.horario.cobro_por_llegada => state
            .store
            .espera_de(&sucursal_id)
            .await?
            .into_iter()
            .find(|g| &g.id == id)
            .map(|g| conf.horario.local(g.creado_en)),
        _ => None,
    };
    let llegada = conf.horario.modo_al_sentar(llegada, fecha_hora).llegada;
    let walkin = NuevoWalkin {
        id: nuevo_id(),
        sucursal_id: sucursal_id.clone(),
        cliente_id: None,
        name: valido.personal.name.clone(),
        email: valido.personal.email.clone(),
        phone: valido.personal.phone.clone(),
        fecha_hora,
        dia: conf.horario.hoy(ahora),
        evento: valido.personal.evento.unwrap_or_default(),
        // Checked against the branch's catalogue inside the save's transaction.
        orden: OrdenWalkin::PorComprobar(valido.orden),
        created_by: usuario.cuenta_id(),
        creado: ahora,
        sala: Some(Sala {
            tag: sucursal.tag.as_str().to_owned(),
            zona: conf.horario.zona,
        }),
        llegada,
    };
    // Storage writes the record as saved, its folio with it.
    let cambio =
        Cambio::de(&usuario, Entidad::Walkin, &walkin.id, Accion::Registrar).en(sucursal_id);
    // The transaction answers the walk-in as saved: nothing is read again.
    let ve = VeContacto::de(&usuario);
    let guardado = match &espera_id {
        Some(espera_id) => {
            state
                .store
                .crear_walkin_de_espera(&walkin, &cambio, ve, espera_id)
                .await?
        }
        None => state.store.crear_walkin(&walkin, &cambio, ve).await?,
    };
    state.eventos.salon_tras_commit(sucursal.tag.as_str());
    if espera_id.is_some() {
        state
            .eventos
            .lista_tras_commit(Lista::Espera, sucursal.tag.as_str());
    }
    // The tickets the save queued go out now, not at the next period.
    state.impresion.notify_one();
    Ok((
        StatusCode::CREATED,
        Envelope::ok(anfitrion_core::mensajes::DATOS_GUARDADOS, guardado),
    ))
}
