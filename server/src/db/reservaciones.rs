//! Reservations and the notifications their arrival raises: creation, status moves, attendance
//! (which turns a reservation into a comanda with its folio and an abre).

use anfitrion_core::bitacora::Accion;
use anfitrion_core::comanda::{Comanda, Mesero, Pedido, Personas};
use anfitrion_core::estado::{EstadoReservacion, Origen};
use anfitrion_core::permisos::Permiso;
use anfitrion_core::personal::Evento;
use anfitrion_core::promos::Abre;
use anfitrion_core::reservacion::{CambiosReservacion, ContactoReservacion, VistaReservaciones};
use anfitrion_core::sucursal::Tag;
use anfitrion_core::tiempo::formato_fecha_hora;
use anfitrion_core::walkin::formato_folio;
use async_trait::async_trait;
use chrono::{DateTime, NaiveDateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::types::Json;
use utoipa::ToSchema;

use super::alcance::{Alcance, EnAlcance};
use super::bitacora::{Autor, Cambio, Entidad};
use super::error::DbResult;
use super::motores::para_cada_motor;
use super::usuarios::Usuario;

/// Whether a caller may see guests' e-mail and phone (`reservacion.client`). Every read of a
/// reservation takes one, so no handler can hand out a contact without deciding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VeContacto(bool);

impl VeContacto {
    pub fn de(usuario: &Usuario) -> Self {
        VeContacto(usuario.tiene_permiso(Permiso::ReservacionClient))
    }

    pub fn permite(self) -> bool {
        self.0
    }

    /// Everything, for tools that read as the system (benchmarks), never for a request.
    pub fn todo() -> Self {
        VeContacto(true)
    }
}

/// A guest's contact, present in an answer only for callers with `reservacion.client`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Contacto {
    pub email: Option<String>,
    pub phone: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Nombre {
    pub name: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Verificado {
    pub email_verified: bool,
    pub phone_verified: bool,
    /// The origin is only the booker's claim: a partner origin sent to the public booking call
    /// without an affiliate's code. Staff bookings and affiliates' are not claims.
    pub origin_declarado: bool,
}

/// A reservation as the API answers it. `email` and `phone` are left out for callers
/// without `reservacion.client`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Reservacion {
    #[serde(rename = "_id")]
    pub id: String,
    /// For audit entries; the API speaks of branches by tag.
    #[serde(skip)]
    pub sucursal_id: String,
    pub name: String,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    #[schema(inline)]
    pub contacto: Option<Contacto>,
    /// Branch-local wall time, `YYYY-MM-DD HH:MM` as every answer writes one.
    #[serde(with = "anfitrion_core::tiempo::fecha_hora_local")]
    #[schema(value_type = String, example = "2026-11-22 19:15")]
    pub fecha_hora: NaiveDateTime,
    pub no_personas: u32,
    pub evento: Evento,
    pub comentarios: String,
    pub status: EstadoReservacion,
    pub tag_sucursal: String,
    pub marca: Nombre,
    pub sucursal: Nombre,
    pub origin: Origen,
    pub verified: Verificado,
    pub comanda: Option<Comanda>,
    pub abre: Option<Abre>,
    /// When the table was opened (the attendance registered), branch-local `YYYY-MM-DD HH:MM`;
    /// the tickets print it. `null` until seated, and for the ones seated before it was kept.
    #[serde(serialize_with = "anfitrion_core::tiempo::fecha_hora_local_opcional::serialize")]
    #[schema(value_type = Option<String>, example = "2026-11-24 22:47")]
    pub abierta: Option<NaiveDateTime>,
    /// The comanda's folio as it prints, with the branch's prefix (`POL-0042`), once seated.
    #[schema(example = "POL-0042")]
    pub folio: Option<String>,
    /// When the guest confirmed they are coming (a reminder's link or their own page), RFC 3339;
    /// `null` until then.
    pub confirmada: Option<DateTime<Utc>>,
    pub buffet_adulto: i32,
    pub buffet_boy: i32,
    pub buffet_promo_adulto: i32,
    pub buffet_promo_girl: i32,
    pub buffet_promo_boy: i32,
    /// The guest's history, when the reservation is linked to a client; null otherwise.
    pub cliente: Option<HistorialCliente>,
}

/// What the host reads of a guest beside their reservation: how often they came to this branch
/// and when last, their no-shows here, and those of the 90 days before this reservation anywhere
/// in the group, with whether that many mark them «Riesgo de no-show» at this branch.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct HistorialCliente {
    /// Visits to this branch (attended reservations and walk-ins); 0: «Nuevo».
    pub visitas: i64,
    /// The latest, branch-local `YYYY-MM-DD HH:MM`.
    #[serde(serialize_with = "anfitrion_core::tiempo::fecha_hora_local_opcional::serialize")]
    #[schema(value_type = Option<String>, example = "2026-11-02 14:10")]
    pub ultima_visita: Option<NaiveDateTime>,
    /// No-shows at this branch, ever.
    pub no_shows: i64,
    /// No-shows in the group in the 90 days before this reservation.
    pub no_shows_recientes: u32,
    /// At least the branch's threshold of them.
    pub riesgo_no_show: bool,
}

/// A page of a list that grows without bound.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PaginaReservaciones {
    pub items: Vec<Reservacion>,
    pub total: i64,
    pub page: u32,
    pub limit: u32,
}

/// A notification of the bell.
#[derive(Debug, Clone, Serialize, serde::Deserialize, ToSchema, sqlx::FromRow)]
pub struct Notificacion {
    #[serde(rename = "_id")]
    pub id: String,
    pub title: String,
    pub description: String,
    pub origin: String,
    pub avatar: Option<String>,
    #[serde(rename = "createdAt")]
    #[sqlx(rename = "created_at")]
    pub created_at: DateTime<Utc>,
    #[serde(rename = "isRead")]
    #[sqlx(rename = "is_read")]
    pub is_read: bool,
    #[serde(rename = "isUnRead")]
    #[sqlx(skip)]
    pub is_un_read: bool,
    #[sqlx(rename = "reservacion_id")]
    pub reservacion: Option<String>,
}

/// Columns of a notification, joined with its branch (`s`).
const SELECT_NOTIFICACION: &str = "SELECT n.id, n.title, n.description, n.origin, n.avatar, n.created_at, n.is_read, n.reservacion_id \
     FROM notificaciones n JOIN sucursales s ON s.id = n.sucursal_id";

impl Notificacion {
    /// `isUnRead` mirrors `isRead`, as the console's bell reads both.
    fn con_estado(mut self) -> Self {
        self.is_un_read = !self.is_read;
        self
    }
}

/// A notification for the consoles of one branch, as the live notices carry it (`avisos`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Aviso {
    pub tag: String,
    pub notificacion: Notificacion,
}

/// What a list asks for: the branch, the tab, a search, and the page (for paged tabs).
#[derive(Debug, Clone)]
pub struct ConsultaReservaciones<'a> {
    pub tag: &'a Tag,
    pub vista: VistaReservaciones,
    /// Branch-local now: "from now on" is read from it.
    pub ahora_local: NaiveDateTime,
    /// The business day's local moments (from, until): what the "Hoy" tab lists.
    pub dia: (NaiveDateTime, NaiveDateTime),
    pub q: Option<&'a str>,
    pub page: u32,
    pub limit: u32,
}

#[derive(sqlx::FromRow)]
struct FilaReservacion {
    id: String,
    sucursal_id: String,
    name: String,
    email: Option<String>,
    phone: Option<String>,
    fecha_hora: NaiveDateTime,
    no_personas: i32,
    evento: String,
    comentarios: String,
    status: String,
    tag: String,
    marca_name: String,
    sucursal_name: String,
    origin: String,
    email_verified: bool,
    phone_verified: bool,
    origin_declarado: bool,
    comanda: Option<Json<Comanda>>,
    abre: Option<Json<Abre>>,
    abierta_en: Option<NaiveDateTime>,
    folio: Option<i64>,
    prefijo: Option<String>,
    confirmada: Option<DateTime<Utc>>,
    buffet_adulto: i32,
    buffet_boy: i32,
    buffet_promo_adulto: i32,
    buffet_promo_girl: i32,
    buffet_promo_boy: i32,
    en_alcance: bool,
    cliente_id: Option<String>,
    cliente_visitas: Option<i64>,
    cliente_ultima_visita: Option<NaiveDateTime>,
    cliente_no_shows: Option<i64>,
    cliente_no_shows_recientes: i64,
    umbral_no_show: Option<i64>,
}

fn mal_guardado(e: anfitrion_core::ReglaError) -> super::error::ErrorAlmacen {
    super::error::ErrorAlmacen::Interno(sqlx::Error::Decode(Box::new(e)))
}

impl FilaReservacion {
    fn reservacion(self, ve: VeContacto) -> DbResult<Reservacion> {
        Ok(Reservacion {
            contacto: ve.0.then_some(Contacto {
                email: self.email,
                phone: self.phone,
            }),
            no_personas: u32::try_from(self.no_personas).unwrap_or(0),
            evento: Evento::de_nombre(&self.evento),
            status: EstadoReservacion::parse(&self.status).map_err(mal_guardado)?,
            origin: Origen::parse(&self.origin).map_err(mal_guardado)?,
            verified: Verificado {
                email_verified: self.email_verified,
                phone_verified: self.phone_verified,
                origin_declarado: self.origin_declarado,
            },
            marca: Nombre {
                name: self.marca_name,
            },
            sucursal: Nombre {
                name: self.sucursal_name,
            },
            comanda: self.comanda.map(|j| j.0),
            abre: self.abre.map(|j| j.0),
            abierta: self.abierta_en,
            confirmada: self.confirmada,
            id: self.id,
            sucursal_id: self.sucursal_id,
            name: self.name,
            fecha_hora: self.fecha_hora,
            comentarios: self.comentarios,
            tag_sucursal: self.tag,
            folio: self
                .folio
                .and_then(|f| u64::try_from(f).ok())
                .map(|f| formato_folio(self.prefijo.as_deref().unwrap_or(""), f)),
            buffet_adulto: self.buffet_adulto,
            buffet_boy: self.buffet_boy,
            buffet_promo_adulto: self.buffet_promo_adulto,
            buffet_promo_girl: self.buffet_promo_girl,
            buffet_promo_boy: self.buffet_promo_boy,
            cliente: self.cliente_id.is_some().then(|| {
                let umbral = self
                    .umbral_no_show
                    .and_then(|u| u32::try_from(u).ok())
                    .unwrap_or(anfitrion_core::clientes::UMBRAL_NO_SHOW_POR_DEFECTO);
                let recientes = u32::try_from(self.cliente_no_shows_recientes).unwrap_or(0);
                HistorialCliente {
                    visitas: self.cliente_visitas.unwrap_or(0),
                    ultima_visita: self.cliente_ultima_visita,
                    no_shows: self.cliente_no_shows.unwrap_or(0),
                    no_shows_recientes: recientes,
                    riesgo_no_show: anfitrion_core::clientes::riesgo_no_show(recientes, umbral),
                }
            }),
        })
    }
}

/// Columns of a reservation with its branch and brand, and whether it is in scope by `en_alcance`.
/// The folio prefix is a subquery, not a join: joined, SQLite left the page index and sorted the
/// whole tab (a page took 390 ms at a million reservations instead of 1 ms).
/// The guest's history comes the same way, one indexed lookup each: their figures at this branch
/// (`clientes_sucursal`), their no-shows anywhere in the group in the 90 days before this
/// reservation (`hace_90`, the dialect's moment), and the branch's threshold.
fn select_reservacion(en_alcance: &str, hace_90: &str) -> String {
    format!(
        "SELECT r.id, r.sucursal_id, r.name, r.email, r.phone, r.fecha_hora, r.no_personas, r.evento, r.comentarios, r.status, \
         s.tag, m.name AS marca_name, s.name AS sucursal_name, r.origin, r.email_verified, r.phone_verified, r.origin_declarado, r.comanda, \
         r.abre, r.abierta_en, r.folio, (SELECT c.prefijo_folio FROM conf_walkin c WHERE c.sucursal_id = r.sucursal_id) AS prefijo, \
         r.buffet_adulto, r.buffet_boy, r.buffet_promo_adulto, r.buffet_promo_girl, r.buffet_promo_boy, r.confirmada, ({en_alcance}) AS en_alcance, \
         r.cliente_id, \
         (SELECT CAST(cs.visitas AS BIGINT) FROM clientes_sucursal cs WHERE cs.sucursal_id = r.sucursal_id AND cs.cliente_id = r.cliente_id) AS cliente_visitas, \
         (SELECT cs.ultima_visita FROM clientes_sucursal cs WHERE cs.sucursal_id = r.sucursal_id AND cs.cliente_id = r.cliente_id) AS cliente_ultima_visita, \
         (SELECT CAST(cs.no_shows AS BIGINT) FROM clientes_sucursal cs WHERE cs.sucursal_id = r.sucursal_id AND cs.cliente_id = r.cliente_id) AS cliente_no_shows, \
         (SELECT COUNT(*) FROM reservaciones x WHERE x.cliente_id = r.cliente_id AND x.status = 'Vencido' \
          AND x.fecha_hora >= {hace_90} AND x.fecha_hora < r.fecha_hora) AS cliente_no_shows_recientes, \
         (SELECT CAST(c.umbral_no_show AS BIGINT) FROM conf_walkin c WHERE c.sucursal_id = r.sucursal_id) AS umbral_no_show \
         FROM reservaciones r JOIN sucursales s ON s.id = r.sucursal_id JOIN marcas m ON m.id = s.marca_id"
    )
}

#[derive(Debug, Clone)]
pub struct NuevaReservacion {
    pub id: String,
    pub sucursal_id: String,
    pub cliente_id: Option<String>,
    pub afiliado_id: Option<String>,
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    /// Branch-local wall time.
    pub fecha_hora: NaiveDateTime,
    pub no_personas: Personas,
    pub evento: Evento,
    pub comentarios: String,
    pub origin: Origen,
    pub email_verified: bool,
    pub phone_verified: bool,
    /// The origin is the guest's claim (see [`Verificado::origin_declarado`]).
    pub origin_declarado: bool,
    /// Who booked it, when staff did (their session's user); `None` for a guest's own booking.
    pub autor: Option<Autor>,
    pub creada: DateTime<Utc>,
}

#[derive(Debug, Clone)]
pub struct NuevaNotificacion {
    pub id: String,
    pub sucursal_id: String,
    pub reservacion_id: Option<String>,
    pub title: String,
    pub description: String,
    pub origin: String,
    pub creada: DateTime<Utc>,
}

/// A party that arrived: the checked order, its table, waiter and abre.
#[derive(Debug, Clone)]
pub struct Asistencia {
    pub reservacion_id: String,
    /// Branch-local now: when the table opened.
    pub abierta: NaiveDateTime,
    pub pedido: Pedido,
    pub mesa: String,
    /// The tables it opens (none where the branch has no tables).
    pub numeros: Vec<u32>,
    pub mesero: Mesero,
    pub abre: Abre,
    /// The floor whose table it opens; none for a past visit (the demo's history).
    pub sala: Option<super::piso::Sala>,
    /// Who seats the party.
    pub autor: Option<String>,
}

#[async_trait]
pub trait Reservaciones {
    /// A tab of a branch's reservations within `alcance`: the page asked for, and the total the
    /// tab holds. The search matches the name, and the e-mail and phone only for callers who may
    /// see them.
    async fn reservaciones_en(
        &self,
        alcance: &Alcance,
        consulta: &ConsultaReservaciones<'_>,
        ve: VeContacto,
    ) -> DbResult<(Vec<Reservacion>, i64)>;

    /// One reservation, if it is in `alcance`.
    async fn reservacion_en(
        &self,
        alcance: &Alcance,
        id: &str,
        ve: VeContacto,
    ) -> DbResult<EnAlcance<Reservacion>>;

    /// Changes date, party, event and comments of a Pendiente reservation, with its audit entry;
    /// false when it was no longer Pendiente.
    async fn editar_reservacion(
        &self,
        id: &str,
        cambios: &CambiosReservacion,
        cambio: &Cambio,
    ) -> DbResult<bool>;

    /// Changes the guest's name and contact, with its audit entry.
    async fn editar_cliente_reservacion(
        &self,
        id: &str,
        contacto: &ContactoReservacion,
        cambio: &Cambio,
    ) -> DbResult<bool>;

    /// The reservation a host is checking in, by its id (the QR) or its guest's e-mail, in any
    /// branch: the caller decides what of another branch's it may show (only its names). By
    /// e-mail, the current branch's come first, then Pendiente ones from `desde` on, soonest first.
    async fn buscar_para_asistencia(
        &self,
        id: Option<&str>,
        email: Option<&str>,
        tag_actual: &Tag,
        desde: NaiveDateTime,
        ve: VeContacto,
    ) -> DbResult<Option<Reservacion>>;

    /// A branch's latest notifications, newest first.
    async fn notificaciones_de(
        &self,
        alcance: &Alcance,
        tag: &Tag,
        limite: u32,
    ) -> DbResult<Vec<Notificacion>>;

    /// A branch's notifications created after `desde`, oldest first: what a reconnecting console missed.
    async fn notificaciones_desde(
        &self,
        alcance: &Alcance,
        tag: &Tag,
        desde: DateTime<Utc>,
    ) -> DbResult<Vec<Notificacion>>;

    /// Marks one notification read (with its audit entry) if it is in `alcance`.
    async fn leer_notificacion_en(
        &self,
        alcance: &Alcance,
        id: &str,
        cambio: &Cambio,
    ) -> DbResult<EnAlcance<Notificacion>>;

    /// Pendiente reservations of every branch whose time is at or before `hasta` in that branch's
    /// local time, with the branch's id: the no-show job's candidates.
    async fn pendientes_hasta(
        &self,
        sucursal_id: &str,
        hasta: NaiveDateTime,
    ) -> DbResult<Vec<(String, NaiveDateTime)>>;

    /// A Pendiente reservation, its creation entry (the record, by the channel it came through)
    /// and, when given, the notification of its arrival, together; the notification is announced
    /// to every instance when the transaction commits.
    async fn crear_reservacion(
        &self,
        reservacion: &NuevaReservacion,
        aviso: Option<&NuevaNotificacion>,
    ) -> DbResult<Option<Aviso>>;

    /// Pendiente → Asistio with the comanda (its folio taken from the branch's sequence), the
    /// abre and the audit entry (completed with the printed folio and the guest's name), in one
    /// transaction. `None`, with nothing changed, when the
    /// reservation is not Pendiente (or does not exist).
    async fn registrar_asistencia(
        &self,
        asistencia: &Asistencia,
        cambio: &Cambio,
    ) -> DbResult<Option<Comanda>>;

    /// Moves a Pendiente reservation to `hacia` as core allows, with its audit entry; false when
    /// it was not Pendiente any more.
    async fn pasar_estado(
        &self,
        id: &str,
        hacia: EstadoReservacion,
        cambio: &Cambio,
    ) -> DbResult<bool>;

    async fn marcar_notificacion_leida(&self, id: &str) -> DbResult<bool>;
}

/// A reservation's creation entry: the record as booked, so the log finds it by the guest's name.
/// Not the contact (the log's readers need not hold `reservacion.client`). Bookings come without
/// a session: the author is the channel the guest booked through, or the staff member who booked.
fn alta(r: &NuevaReservacion) -> Cambio {
    let autor = r.autor.clone().unwrap_or_else(|| Autor {
        usuario_id: None,
        usuario_name: r.origin.nombre().to_owned(),
    });
    Cambio::de(autor, Entidad::Reservacion, &r.id, Accion::Crear)
        .en(&r.sucursal_id)
        .ocurrido(r.creada)
        .despues(&Alta {
            name: &r.name,
            fecha_hora: formato_fecha_hora(r.fecha_hora),
            no_personas: r.no_personas.get(),
            evento: r.evento,
            comentarios: &r.comentarios,
            origin: r.origin,
            status: EstadoReservacion::Pendiente,
        })
}

/// A reservation as its creation entry holds it.
#[derive(Serialize)]
struct Alta<'a> {
    name: &'a str,
    fecha_hora: String,
    no_personas: u32,
    evento: Evento,
    comentarios: &'a str,
    origin: Origen,
    status: EstadoReservacion,
}

/// What a seated reservation's entry is completed with: the guest, and the folio the
/// transaction took.
#[derive(Serialize)]
struct Sentada<'a> {
    name: &'a str,
    folio: &'a str,
}

para_cada_motor! {
    impl Motor {
        /// A Pendiente reservation, its creation entry and its notification, inside the caller's
        /// transaction; the notification's announcement is sent when it commits.
        pub(in crate::db) async fn insertar_reservacion(&self, con: &mut Conexion, r: &NuevaReservacion, aviso: Option<&NuevaNotificacion>) -> DbResult<Option<Aviso>> {
            let cliente_id = self.vincular_cliente(&mut *con, &r.name, r.email.as_deref(), r.phone.as_deref()).await?.or_else(|| r.cliente_id.clone());
            sqlx::query(
                "INSERT INTO reservaciones (id, sucursal_id, cliente_id, afiliado_id, name, email, phone, fecha_hora, \
                 no_personas, evento, comentarios, status, origin, email_verified, phone_verified, origin_declarado, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $17, $16, $16)",
            )
            .bind(&r.id)
            .bind(&r.sucursal_id)
            .bind(&cliente_id)
            .bind(&r.afiliado_id)
            .bind(&r.name)
            .bind(&r.email)
            .bind(&r.phone)
            .bind(r.fecha_hora)
            .bind(i64::from(r.no_personas.get()))
            .bind(r.evento.nombre())
            .bind(&r.comentarios)
            .bind(EstadoReservacion::Pendiente.nombre())
            .bind(r.origin.nombre())
            .bind(r.email_verified)
            .bind(r.phone_verified)
            .bind(r.creada)
            .bind(r.origin_declarado)
            .execute(&mut *con)
            .await?;
            self.anotar(&mut *con, &alta(r)).await?;
            let mut anunciado = None;
            if let Some(n) = aviso {
                anunciado = Some(Motor::insertar_notificacion(&mut *con, n).await?);
            }
            Ok(anunciado)
        }

        /// Writes the notice `n` and announces it to the branch's consoles at commit; the
        /// answer is what to publish after the commit on an engine without a channel.
        pub(in crate::db) async fn insertar_notificacion(con: &mut Conexion, n: &NuevaNotificacion) -> DbResult<Aviso> {
            sqlx::query(
                "INSERT INTO notificaciones (id, sucursal_id, reservacion_id, title, description, origin, is_read, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            )
            .bind(&n.id)
            .bind(&n.sucursal_id)
            .bind(&n.reservacion_id)
            .bind(&n.title)
            .bind(&n.description)
            .bind(&n.origin)
            .bind(false)
            .bind(n.creada)
            .execute(&mut *con)
            .await?;
            let tag: String = sqlx::query_scalar("SELECT tag FROM sucursales WHERE id = $1").bind(&n.sucursal_id).fetch_one(&mut *con).await?;
            let a = Aviso {
                tag,
                notificacion: Notificacion {
                    id: n.id.clone(),
                    title: n.title.clone(),
                    description: n.description.clone(),
                    origin: n.origin.clone(),
                    avatar: None,
                    created_at: n.creada,
                    is_read: false,
                    is_un_read: true,
                    reservacion: n.reservacion_id.clone(),
                },
            };
            Motor::avisar(&mut *con, &a).await?;
            Ok(a)
        }
    }

    #[async_trait]
    impl Reservaciones for Motor {
        async fn crear_reservacion(&self, r: &NuevaReservacion, aviso: Option<&NuevaNotificacion>) -> DbResult<Option<Aviso>> {
            let mut tx = self.escribir().await?;
            let anunciado = self.insertar_reservacion(&mut tx, r, aviso).await?;
            tx.commit().await?;
            Ok(anunciado)
        }

        async fn reservaciones_en(&self, alcance: &Alcance, c: &ConsultaReservaciones<'_>, ve: VeContacto) -> DbResult<(Vec<Reservacion>, i64)> {
            // The branch first, within scope; then a query on its id alone, with only the
            // conditions this tab needs, so each engine can read it straight from an index.
            let sucursal: Option<String> = sqlx::query_scalar(&format!(
                "SELECT s.id FROM sucursales s WHERE s.tag = $2 AND {}",
                Motor::en_lista_json("s.tag", 1)
            ))
            .bind(alcance.json())
            .bind(c.tag.as_str())
            .fetch_optional(&self.pool)
            .await?;
            let Some(sucursal) = sucursal else { return Ok((Vec::new(), 0)) };
            let (desde, hasta): (Option<NaiveDateTime>, Option<NaiveDateTime>) = match c.vista {
                VistaReservaciones::Hoy => (Some(c.dia.0), Some(c.dia.1)),
                VistaReservaciones::Pendientes => (Some(c.ahora_local), None),
                _ => (None, None),
            };
            let estado = c.vista.estado().map(EstadoReservacion::nombre);
            let q = c.q.map(str::trim).filter(|q| !q.is_empty());
            let condiciones = |qb: &mut sqlx::QueryBuilder<'_, Db>| {
                qb.push(" WHERE r.sucursal_id = ").push_bind(sucursal.clone());
                if let Some(e) = estado {
                    qb.push(" AND r.status = ").push_bind(e);
                }
                if let Some(d) = desde {
                    qb.push(" AND r.fecha_hora >= ").push_bind(d);
                }
                if let Some(h) = hasta {
                    qb.push(" AND r.fecha_hora < ").push_bind(h);
                }
                if let Some(q) = q {
                    // Contact fields are searched only for callers who may see them: otherwise a
                    // search would tell who booked with an e-mail or phone.
                    qb.push(" AND ");
                    // A day's list reads its own rows; the other tabs go through the index.
                    let partes = if hasta.is_some() { Motor::busqueda_directa("r", q) } else { Motor::busqueda_reservacion(q) };
                    for parte in partes {
                        match parte {
                            crate::db::comun::Parte::Sql(sql) => qb.push(sql),
                            crate::db::comun::Parte::Valor(v) => qb.push_bind(v),
                        };
                    }
                }
            };
            let orden = if c.vista.ascendente() { "ASC" } else { "DESC" };
            // The branch was checked against the scope above.
            let mut qb = sqlx::QueryBuilder::<Db>::new(select_reservacion("TRUE", &Motor::dias_antes("r.fecha_hora", anfitrion_core::clientes::DIAS_RIESGO_NO_SHOW)));
            condiciones(&mut qb);
            // The day's list opens on who is still expected (Pendiente, in time order), then the
            // rest of the day: at 22:30 the host sees the next arrivals, not lunch's no-shows.
            if c.vista.pendientes_primero() {
                qb.push(" ORDER BY CASE WHEN r.status = ").push_bind(EstadoReservacion::Pendiente.nombre()).push(" THEN 0 ELSE 1 END,");
            } else {
                qb.push(" ORDER BY");
            }
            qb.push(format!(" r.fecha_hora {orden}, r.id {orden} LIMIT "))
                .push_bind(i64::from(c.limit))
                .push(" OFFSET ")
                .push_bind(i64::from(c.page.saturating_sub(1)) * i64::from(c.limit));
            let filas = qb.build_query_as::<FilaReservacion>().fetch_all(&self.pool).await?;
            let total: i64 = if let (None, VistaReservaciones::Pendientes) = (q, c.vista) {
                // What is still to come: the dashboard's sums for the hours after this one
                // (a few thousand rows a year ahead), and this hour's rest counted one by one.
                use chrono::Timelike;
                let ahora = c.ahora_local;
                let (dia, hora) = (ahora.date(), i32::try_from(ahora.hour()).unwrap_or(0));
                let fin_de_hora = ahora.date().and_hms_opt(ahora.hour(), 0, 0).unwrap_or(ahora) + chrono::Duration::hours(1);
                let pendiente = EstadoReservacion::Pendiente.nombre();
                // Two ranges of the (branch, state, day, hour) index, not one OR that SQLite
                // would read as every row of the branch.
                let despues: i64 = sqlx::query_scalar(
                    "SELECT CAST(COALESCE(SUM(v), 0) AS BIGINT) FROM ( \
                     SELECT visitas AS v FROM tablero_reservas WHERE sucursal_id = $1 AND estado = $2 AND dia > $3 \
                     UNION ALL \
                     SELECT visitas FROM tablero_reservas WHERE sucursal_id = $1 AND estado = $2 AND dia = $3 AND hora > $4) AS t",
                )
                .bind(&sucursal)
                .bind(pendiente)
                .bind(dia)
                .bind(hora)
                .fetch_one(&self.pool)
                .await?;
                let esta_hora: i64 = sqlx::query_scalar(
                    "SELECT COUNT(*) FROM reservaciones WHERE sucursal_id = $1 AND status = $2 AND fecha_hora >= $3 AND fecha_hora < $4",
                )
                .bind(&sucursal)
                .bind(pendiente)
                .bind(ahora)
                .bind(fin_de_hora)
                .fetch_one(&self.pool)
                .await?;
                despues + esta_hora
            } else if q.is_none() && desde.is_none() && hasta.is_none() {
                // A whole tab: the counts the triggers keep.
                let mut qb = sqlx::QueryBuilder::<Db>::new("SELECT CAST(COALESCE(SUM(n), 0) AS BIGINT) FROM reservaciones_conteo WHERE sucursal_id = ");
                qb.push_bind(sucursal.clone());
                if let Some(e) = estado {
                    qb.push(" AND status = ").push_bind(e);
                }
                qb.build_query_scalar().fetch_one(&self.pool).await?
            } else {
                let mut qb = sqlx::QueryBuilder::<Db>::new("SELECT COUNT(*) FROM reservaciones r");
                condiciones(&mut qb);
                qb.build_query_scalar().fetch_one(&self.pool).await?
            };
            let items = filas.into_iter().map(|f| f.reservacion(ve)).collect::<DbResult<Vec<_>>>()?;
            Ok((items, total))
        }

        async fn reservacion_en(&self, alcance: &Alcance, id: &str, ve: VeContacto) -> DbResult<EnAlcance<Reservacion>> {
            let fila = sqlx::query_as::<_, FilaReservacion>(&format!("{} WHERE r.id = $2", select_reservacion(&Motor::en_lista_json("s.tag", 1), &Motor::dias_antes("r.fecha_hora", anfitrion_core::clientes::DIAS_RIESGO_NO_SHOW))))
                .bind(alcance.json())
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
            Ok(match EnAlcance::de(fila.map(|f| { let dentro = f.en_alcance; (f, dentro) })) {
                EnAlcance::Si(f) => EnAlcance::Si(f.reservacion(ve)?),
                EnAlcance::Ajeno => EnAlcance::Ajeno,
                EnAlcance::NoExiste => EnAlcance::NoExiste,
            })
        }

        async fn editar_reservacion(&self, id: &str, c: &CambiosReservacion, cambio: &Cambio) -> DbResult<bool> {
            let consulta = sqlx::query(
                "UPDATE reservaciones SET fecha_hora = $3, no_personas = $4, evento = $5, comentarios = $6, updated_at = $7 \
                 WHERE id = $1 AND status = $2",
            )
            .bind(id)
            .bind(EstadoReservacion::Pendiente.nombre())
            .bind(c.fecha_hora)
            .bind(i64::from(c.no_personas.get()))
            .bind(c.evento.nombre())
            .bind(&c.comentarios)
            .bind(self.reloj.ahora());
            self.cambiar_con_bitacora(consulta, cambio).await
        }

        async fn editar_cliente_reservacion(&self, id: &str, c: &ContactoReservacion, cambio: &Cambio) -> DbResult<bool> {
            // A changed e-mail or phone is no longer the one the guest verified.
            let consulta = sqlx::query(
                "UPDATE reservaciones SET name = $2, \
                 email_verified = CASE WHEN email IS NOT DISTINCT FROM $3 THEN email_verified ELSE FALSE END, \
                 phone_verified = CASE WHEN phone IS NOT DISTINCT FROM $4 THEN phone_verified ELSE FALSE END, \
                 email = $3, phone = $4, updated_at = $5 WHERE id = $1",
            )
            .bind(id)
            .bind(&c.name)
            .bind(&c.email)
            .bind(&c.phone)
            .bind(self.reloj.ahora());
            self.cambiar_con_bitacora(consulta, cambio).await
        }

        async fn buscar_para_asistencia(&self, id: Option<&str>, email: Option<&str>, tag_actual: &Tag, desde: NaiveDateTime, ve: VeContacto) -> DbResult<Option<Reservacion>> {
            let mut qb = sqlx::QueryBuilder::<Db>::new(select_reservacion("TRUE", &Motor::dias_antes("r.fecha_hora", anfitrion_core::clientes::DIAS_RIESGO_NO_SHOW)));
            match (id, email) {
                (Some(id), _) => {
                    qb.push(" WHERE r.id = ").push_bind(id.to_owned());
                }
                (None, Some(email)) => {
                    qb.push(" WHERE lower(r.email) = ").push_bind(email.to_lowercase());
                }
                (None, None) => return Ok(None),
            }
            qb.push(" ORDER BY (s.tag = ").push_bind(tag_actual.as_str().to_owned());
            qb.push(") DESC, (r.status = ").push_bind(EstadoReservacion::Pendiente.nombre());
            qb.push(") DESC, (r.fecha_hora >= ").push_bind(desde);
            qb.push(") DESC, r.fecha_hora ASC LIMIT 1");
            let fila = qb.build_query_as::<FilaReservacion>().fetch_optional(&self.pool).await?;
            fila.map(|f| f.reservacion(ve)).transpose()
        }

        async fn notificaciones_de(&self, alcance: &Alcance, tag: &Tag, limite: u32) -> DbResult<Vec<Notificacion>> {
            let filas = sqlx::query_as::<_, Notificacion>(&format!(
                "{SELECT_NOTIFICACION} WHERE s.tag = $2 AND {} ORDER BY n.created_at DESC, n.id DESC LIMIT $3",
                Motor::en_lista_json("s.tag", 1)
            ))
            .bind(alcance.json())
            .bind(tag.as_str())
            .bind(i64::from(limite))
            .fetch_all(&self.pool)
            .await?;
            Ok(filas.into_iter().map(Notificacion::con_estado).collect())
        }

        async fn notificaciones_desde(&self, alcance: &Alcance, tag: &Tag, desde: DateTime<Utc>) -> DbResult<Vec<Notificacion>> {
            let filas = sqlx::query_as::<_, Notificacion>(&format!(
                "{SELECT_NOTIFICACION} WHERE s.tag = $2 AND {} AND n.created_at > $3 ORDER BY n.created_at, n.id LIMIT 500",
                Motor::en_lista_json("s.tag", 1)
            ))
            .bind(alcance.json())
            .bind(tag.as_str())
            .bind(desde)
            .fetch_all(&self.pool)
            .await?;
            Ok(filas.into_iter().map(Notificacion::con_estado).collect())
        }

        async fn leer_notificacion_en(&self, alcance: &Alcance, id: &str, cambio: &Cambio) -> DbResult<EnAlcance<Notificacion>> {
            let mut tx = self.escribir().await?;
            let dentro: Option<(bool, String)> = sqlx::query_as(&format!(
                "SELECT {}, n.sucursal_id FROM notificaciones n JOIN sucursales s ON s.id = n.sucursal_id WHERE n.id = $2",
                Motor::en_lista_json("s.tag", 1)
            ))
            .bind(alcance.json())
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
            let sucursal_id = match dentro {
                None => return Ok(EnAlcance::NoExiste),
                Some((false, _)) => return Ok(EnAlcance::Ajeno),
                Some((true, s)) => s,
            };
            let hecho = sqlx::query("UPDATE notificaciones SET is_read = TRUE WHERE id = $1 AND NOT is_read").bind(id).execute(&mut *tx).await?;
            if hecho.rows_affected() == 1 {
                // The branch's reservation log shows it.
                let cambio = Cambio { sucursal_id: Some(sucursal_id), ..cambio.clone() };
                self.anotar(&mut tx, &cambio).await?;
            }
            let n = sqlx::query_as::<_, Notificacion>(
                "SELECT id, title, description, origin, avatar, created_at, is_read, reservacion_id FROM notificaciones WHERE id = $1",
            )
            .bind(id)
            .fetch_one(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(EnAlcance::Si(n.con_estado()))
        }

        async fn pendientes_hasta(&self, sucursal_id: &str, hasta: NaiveDateTime) -> DbResult<Vec<(String, NaiveDateTime)>> {
            Ok(sqlx::query_as::<_, (String, NaiveDateTime)>(
                "SELECT id, fecha_hora FROM reservaciones WHERE sucursal_id = $1 AND status = $2 AND fecha_hora <= $3 ORDER BY fecha_hora LIMIT 1000",
            )
            .bind(sucursal_id)
            .bind(EstadoReservacion::Pendiente.nombre())
            .bind(hasta)
            .fetch_all(&self.pool)
            .await?)
        }

        async fn registrar_asistencia(&self, a: &Asistencia, cambio: &Cambio) -> DbResult<Option<Comanda>> {
            let pendiente = EstadoReservacion::Pendiente.nombre();
            let mut tx = self.escribir().await?;
            let fila: Option<(String, String, String)> = sqlx::query_as("SELECT sucursal_id, name, evento FROM reservaciones WHERE id = $1 AND status = $2")
                .bind(&a.reservacion_id)
                .bind(pendiente)
                .fetch_optional(&mut *tx)
                .await?;
            let Some((sucursal, name, evento)) = fila else { return Ok(None) };
            let Some(folio) = Motor::siguiente_folio(&mut tx, &sucursal).await? else { return Ok(None) };
            let comanda = Comanda::nueva(&a.pedido, folio, &a.mesa, a.mesero.clone());
            let b = a.pedido.buffets();
            let hecho = sqlx::query(
                "UPDATE reservaciones SET status = $3, no_personas = $4, buffet_adulto = $5, buffet_boy = $6, \
                 buffet_promo_adulto = $7, buffet_promo_girl = $8, buffet_promo_boy = $9, folio = $10, comanda = $11, \
                 abre = $12, updated_at = $13, abierta_en = $14 WHERE id = $1 AND status = $2",
            )
            .bind(&a.reservacion_id)
            .bind(pendiente)
            .bind(EstadoReservacion::Asistio.nombre())
            .bind(i64::from(comanda.no_personas().get()))
            .bind(i64::from(b.buffet_adulto))
            .bind(i64::from(b.buffet_boy))
            .bind(i64::from(b.buffet_promo_adulto))
            .bind(i64::from(b.buffet_promo_girl))
            .bind(i64::from(b.buffet_promo_boy))
            .bind(i64::try_from(folio).unwrap_or(i64::MAX))
            .bind(Json(&comanda))
            .bind(Json(&a.abre))
            .bind(self.reloj.ahora())
            .bind(a.abierta)
            .execute(&mut *tx)
            .await?;
            if hecho.rows_affected() != 1 {
                return Ok(None);
            }
            if let Some(sala) = &a.sala {
                let apertura = crate::db::piso::Apertura {
                    sucursal_id: &sucursal,
                    tag: &sala.tag,
                    numeros: &a.numeros,
                    mesa: &a.mesa,
                    personas: comanda.no_personas().get(),
                    sentado: crate::db::piso::Sentado::Reservacion(a.reservacion_id.clone()),
                    autor: a.autor.as_deref(),
                    ahora: self.reloj.ahora(),
                    zona: sala.zona,
                };
                Motor::abrir_mesas(&mut tx, &apertura).await?;
            }
            // The entry holds the folio the transaction took, and the guest's name: the log finds it by either.
            let folio_impreso = Motor::folio_impreso(&mut tx, &sucursal, folio).await?;
            if a.sala.is_some() {
                // Its comanda and abre go to the branch's printers with the save, or not at all.
                let tickets = anfitrion_core::ticket::tickets_de(&folio_impreso, a.abierta, &name, Evento::de_nombre(&evento), &comanda, &a.abre);
                let sentado = crate::db::piso::Sentado::Reservacion(a.reservacion_id.clone());
                let encargo = crate::db::impresion::Encargo { sucursal_id: &sucursal, sentado: &sentado, tickets: &tickets, ahora: self.reloj.ahora() };
                Motor::encolar(&mut tx, &encargo).await?;
            }
            self.anotar(&mut tx, &cambio.con_registro(&Sentada { name: &name, folio: &folio_impreso })).await?;
            tx.commit().await?;
            Ok(Some(comanda))
        }

        async fn pasar_estado(&self, id: &str, hacia: EstadoReservacion, cambio: &Cambio) -> DbResult<bool> {
            let desde = EstadoReservacion::Pendiente;
            if desde.pasar_a(hacia).is_err() {
                return Ok(false);
            }
            let consulta = sqlx::query("UPDATE reservaciones SET status = $3, updated_at = $4 WHERE id = $1 AND status = $2")
                .bind(id)
                .bind(desde.nombre())
                .bind(hacia.nombre())
                .bind(self.reloj.ahora());
            self.cambiar_con_bitacora(consulta, cambio).await
        }

        async fn marcar_notificacion_leida(&self, id: &str) -> DbResult<bool> {
            let hecho = sqlx::query("UPDATE notificaciones SET is_read = TRUE WHERE id = $1 AND NOT is_read")
                .bind(id)
                .execute(&self.pool)
                .await?;
            Ok(hecho.rows_affected() == 1)
        }
    }
}
