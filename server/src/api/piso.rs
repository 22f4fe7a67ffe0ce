//! `/api/v1/admin/salon`: the branch's floor (its tables where they stand, which are free, seated
//! or overdue, by whom and since when, and the wait a party would have), freeing a table and
//! moving a party to another one. Tables open inside the walk-in's and the attendance's saves.

use anfitrion_core::permisos::{requiere, Permiso};
use anfitrion_core::piso::{self, EstadoMesa, LlegadaPorSentar, MesaDelPiso, GRUPOS_DE_ESPERA};
use axum::extract::State;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::{en_alcance, Autenticado, Con, SucursalEnAlcance};
use crate::db::piso::{TurnoAbierto, TurnoCambiado};
use crate::db::usuarios::Usuario;
use crate::envelope::Envelope;
use crate::error::{ApiError, EnvelopeError, Result};
use crate::estado::AppState;
use crate::extract::{Json, Path};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(leer))
        .routes(routes!(liberar))
        .routes(routes!(mover))
}

/// Whoever seats guests reads the floor: the floor's own permission, or registering walk-ins or
/// attendances (the comanda step offers the free tables).
pub fn ve_el_piso(u: &Usuario) -> bool {
    [
        Permiso::SalonIndex,
        Permiso::WalkinIndex,
        Permiso::ReservacionAsistio,
    ]
    .into_iter()
    .any(|p| u.tiene_permiso(p))
}

/// A party seated at a table.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TurnoEnPiso {
    #[serde(rename = "_id")]
    pub id: String,
    /// As the tickets print it: `4` or `4+5`.
    pub mesa: String,
    pub personas: u32,
    pub name: String,
    pub mesero: Option<String>,
    pub folio: Option<String>,
    /// `HH:MM`, branch-local: when the table opened.
    #[schema(example = "19:42")]
    pub desde: String,
    /// Minutes seated.
    pub minutos: u32,
    pub walkin_id: Option<String>,
    pub reservacion_id: Option<String>,
}

/// The reservation expected at a table next.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LlegadaEnPiso {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// `HH:MM`, branch-local.
    #[schema(example = "19:30")]
    pub hora: String,
    pub no_personas: u32,
}

/// A table on the floor: where it stands, and who sits there.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MesaEnPiso {
    pub numero: u32,
    pub asientos: u32,
    pub combinable: bool,
    pub area: String,
    /// `cuadrada` or `redonda`.
    pub forma: String,
    /// Its place in the plan, in percent of its width and height; absent: laid out by number.
    pub x: Option<u32>,
    pub y: Option<u32>,
    pub estado: EstadoMesa,
    /// Minutes seated; absent when free.
    pub minutos: Option<u32>,
    pub turno: Option<TurnoEnPiso>,
    /// The next reservation due at it: the day's arrivals within one expected stay, each placed
    /// at the table that seats it best (core's `asignar_llegadas`).
    pub proxima: Option<LlegadaEnPiso>,
}

/// The wait a party of `personas` would have now; absent when no table or join seats it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Espera {
    pub personas: u32,
    pub minutos: Option<u32>,
}

/// The floor's summary bar.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ResumenPiso {
    pub libres: u32,
    pub ocupadas: u32,
    pub excedidas: u32,
    /// Guests seated now.
    pub comensales: u32,
    pub esperas: Vec<Espera>,
}

/// A branch's floor now.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Piso {
    pub tag: String,
    /// The stay the floor expects (today's median once there are enough, else the setting).
    pub estancia_min: u32,
    pub mesas: Vec<MesaEnPiso>,
    pub resumen: ResumenPiso,
}

fn minutos_desde(desde: DateTime<Utc>, ahora: DateTime<Utc>) -> u32 {
    u32::try_from((ahora - desde).num_minutes()).unwrap_or(0)
}

#[utoipa::path(
    operation_id = "leer_salon",
    get, path = "/api/v1/admin/salon", tag = "salón", security(("token" = [])),
    params(("tag" = String, Query, description = "Sucursal actual")),
    responses(
        (status = 200, description = "El salón de la sucursal", body = Envelope<Piso>),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sin los permisos salon.index, walkin.index o reservacion.asistio, o sucursal ajena", body = EnvelopeError),
        (status = 404, description = "La sucursal no existe", body = EnvelopeError),
    )
)]
async fn leer(
    State(state): State<AppState>,
    sesion: Autenticado,
    sucursal: SucursalEnAlcance,
) -> Result<Envelope<Piso>> {
    if !ve_el_piso(&sesion.usuario) {
        return Err(ApiError::SinPermiso);
    }
    let (sucursal_id, conf) = sucursal.conf(&state).await?;
    let ahora = state.reloj.ahora();
    let zona = conf.walkin.horario.zona;
    // Today's stays: those opened since the business day began (at 00:30, yesterday's 05:00).
    let medianoche = conf
        .walkin
        .horario
        .instantes_dia(conf.walkin.horario.hoy(ahora))
        .map_or(ahora, |(desde, _)| desde);
    // The arrivals still expected (within their tolerance) and due within one expected stay.
    let ahora_local = conf.walkin.horario.local(ahora);
    let ventana = (
        ahora_local - chrono::Duration::minutes(i64::from(conf.walkin.gracia_min)),
        ahora_local + chrono::Duration::minutes(i64::from(conf.estancia_mesa_min)),
    );
    let leido = state
        .store
        .piso_de(&sucursal_id, medianoche, ventana)
        .await?;
    let estancia = piso::estancia_esperada(&leido.estancias, conf.estancia_mesa_min);
    let turnos: std::collections::HashMap<&str, &TurnoAbierto> =
        leido.turnos.iter().map(|t| (t.id.as_str(), t)).collect();
    let mesas: Vec<MesaEnPiso> = leido
        .mesas
        .iter()
        .map(|m| {
            let turno = m.turno_id.as_deref().and_then(|id| turnos.get(id));
            let minutos = turno.map(|t| minutos_desde(t.abierta_en, ahora));
            MesaEnPiso {
                numero: u32::try_from(m.numero).unwrap_or(0),
                asientos: u32::try_from(m.asientos).unwrap_or(0),
                combinable: m.combinable,
                area: m.area.clone(),
                forma: m.forma.clone(),
                x: m.x.and_then(|v| u32::try_from(v).ok()),
                y: m.y.and_then(|v| u32::try_from(v).ok()),
                estado: EstadoMesa::de(minutos, conf.estancia_mesa_min),
                minutos,
                turno: turno.map(|t| TurnoEnPiso {
                    id: t.id.clone(),
                    mesa: t.mesa.clone(),
                    personas: t.personas,
                    name: t.name.clone(),
                    mesero: t.mesero.clone(),
                    folio: t.folio.clone(),
                    desde: t
                        .abierta_en
                        .with_timezone(&zona)
                        .format("%H:%M")
                        .to_string(),
                    minutos: minutos_desde(t.abierta_en, ahora),
                    walkin_id: t.walkin_id.clone(),
                    reservacion_id: t.reservacion_id.clone(),
                }),
                proxima: None,
            }
        })
        .collect();
    let mut mesas = mesas;
    let del_piso: Vec<MesaDelPiso> = mesas
        .iter()
        .map(|m| MesaDelPiso {
            proxima: None,
            numero: m.numero,
            asientos: m.asientos,
            combinable: m.combinable,
            area: m.area.clone(),
            minutos: m.minutos,
        })
        .collect();
    let por_sentar: Vec<LlegadaPorSentar> = leido
        .llegadas
        .iter()
        .map(|l| LlegadaPorSentar {
            personas: u32::try_from(l.no_personas).unwrap_or(0),
        })
        .collect();
    for (m, i) in mesas
        .iter_mut()
        .zip(piso::asignar_llegadas(&del_piso, &por_sentar))
    {
        m.proxima = i
            .and_then(|i| leido.llegadas.get(i))
            .map(|l| LlegadaEnPiso {
                id: l.id.clone(),
                name: l.name.clone(),
                hora: l.fecha_hora.format("%H:%M").to_string(),
                no_personas: u32::try_from(l.no_personas).unwrap_or(0),
            });
    }
    let conteo = piso::ConteoPiso::de(&del_piso, conf.estancia_mesa_min);
    let resumen = ResumenPiso {
        libres: conteo.libres,
        ocupadas: conteo.ocupadas,
        excedidas: conteo.excedidas,
        comensales: leido.turnos.iter().map(|t| t.personas).sum(),
        esperas: GRUPOS_DE_ESPERA
            .iter()
            .map(|&personas| Espera {
                personas,
                minutos: piso::espera_estimada(&del_piso, personas, estancia),
            })
            .collect(),
    };
    Ok(Envelope::ok(
        "Salón",
        Piso {
            tag: sucursal.tag.as_str().to_owned(),
            estancia_min: estancia,
            mesas,
            resumen,
        },
    ))
}

/// A turn after it was freed or moved.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TurnoActualizado {
    #[serde(rename = "_id")]
    pub id: String,
    pub mesa: String,
}

fn respuesta(state: &AppState, t: TurnoCambiado) -> TurnoActualizado {
    state.eventos.salon_tras_commit(&t.tag);
    TurnoActualizado {
        id: t.id,
        mesa: t.mesa,
    }
}

#[utoipa::path(
    operation_id = "liberar_mesa",
    post, path = "/api/v1/admin/salon/turnos/{id}/liberar", tag = "salón", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` del turno (el grupo sentado)")),
    responses(
        (status = 200, description = "Mesa liberada", body = Envelope<TurnoActualizado>),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sin el permiso salon.edit, o sucursal ajena", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
        (status = 409, description = "La mesa ya se liberó", body = EnvelopeError),
    )
)]
async fn liberar(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::SalonEdit>,
    Path(id): Path<String>,
) -> Result<Envelope<TurnoActualizado>> {
    let t = en_alcance(
        state
            .store
            .liberar_turno(&usuario.alcance(), &id, &(&usuario).into())
            .await?,
        "el turno",
    )?;
    Ok(Envelope::ok("Mesa liberada", respuesta(&state, t)))
}

/// Where a party moves.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct SolicitudCambioMesa {
    /// A table or a join as the comanda takes it: `4`, `4+5`.
    #[serde(default)]
    #[schema(required = true, min_length = 1, pattern = r"\S")]
    pub mesa: String,
}

#[utoipa::path(
    operation_id = "cambiar_mesa",
    post, path = "/api/v1/admin/salon/turnos/{id}/mover", tag = "salón", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` del turno (el grupo sentado)")),
    request_body = SolicitudCambioMesa,
    responses(
        (status = 200, description = "Grupo cambiado de mesa; su comanda y su abre dicen la nueva", body = Envelope<TurnoActualizado>),
        (status = 400, description = "La mesa no es de la sucursal, o es la misma", body = EnvelopeError),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sin el permiso salon.edit, o sucursal ajena", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
        (status = 409, description = "La mesa está ocupada, o el grupo ya se fue", body = EnvelopeError),
    )
)]
async fn mover(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::SalonEdit>,
    Path(id): Path<String>,
    Json(s): Json<SolicitudCambioMesa>,
) -> Result<Envelope<TurnoActualizado>> {
    if s.mesa.trim().is_empty() {
        return Err(anfitrion_core::ReglaError::MesaRequerida.into());
    }
    let t = en_alcance(
        state
            .store
            .mover_turno(&usuario.alcance(), &id, &s.mesa, &(&usuario).into())
            .await?,
        "el turno",
    )?;
    Ok(Envelope::ok("Grupo cambiado de mesa", respuesta(&state, t)))
}
