//! Public booking: what availability reads of a branch, the booking's transaction (availability
//! run again under the branch's lock), the confirmation a guest opens with its token, and the
//! outbox of confirmation e-mails.

use anfitrion_core::disponibilidad::{ReglasReserva, ReservaTomada, Salon};
use anfitrion_core::estado::EstadoReservacion;
use anfitrion_core::organizacion::{ConfSucursal, DatosMesa};
use anfitrion_core::reservacion::{DiaEspecial as EspecialCore, HorarioDia};
use anfitrion_core::ReglaError;
use async_trait::async_trait;
use chrono::{DateTime, NaiveDateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use super::alcance::{Alcance, EnAlcance};
use super::error::{DbResult, ErrorAlmacen};
use super::motores::para_cada_motor;
use super::reservaciones::{Aviso, NuevaNotificacion, NuevaReservacion};

/// An active branch with everything availability reads.
#[derive(Debug, Clone)]
pub struct SucursalReservable {
    pub id: String,
    pub tag: String,
    pub name: String,
    pub marca: String,
    /// The branch's street address and phone, as its form saved them; absent when not given.
    pub direccion: Option<String>,
    pub telefono: Option<String>,
    pub horario: Vec<HorarioDia>,
    pub especiales: Vec<EspecialCore>,
    pub mesas: Vec<DatosMesa>,
    pub conf: ConfSucursal,
}

impl SucursalReservable {
    pub fn salon(&self) -> Salon<'_> {
        Salon {
            zona: self.conf.walkin.horario.zona,
            horario: &self.horario,
            especiales: &self.especiales,
            mesas: &self.mesas,
            reglas: ReglasReserva::from(&self.conf),
        }
    }
}

/// A confirmation e-mail to queue with the booking.
#[derive(Debug, Clone)]
pub struct NuevoCorreo {
    pub id: String,
    pub tipo: String,
    pub destinatario: String,
    pub asunto: String,
    pub texto: String,
    pub html: String,
}

/// What the confirmation page shows, and the token's hash it is checked against.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct FilaConfirmacion {
    pub id: String,
    pub name: String,
    pub fecha_hora: NaiveDateTime,
    pub no_personas: i32,
    pub sucursal: String,
    pub marca: String,
    pub tag: String,
    pub confirmacion_hash: Option<String>,
    /// SHA-256 of the e-mail check's own token, which only the e-mail carries.
    pub verificacion_hash: Option<String>,
    pub status: String,
    pub confirmada: Option<DateTime<Utc>>,
    /// The occasion the guest named («Cumpleaños», …; «Ninguno» when none).
    pub evento: String,
    /// The guest's e-mail, for a new confirmation after a change; never shown on the page.
    pub email: Option<String>,
}

/// A queued e-mail, as the sending job reads it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CorreoSalida {
    pub id: String,
    pub reservacion_id: String,
    pub destinatario: String,
    pub asunto: String,
    pub texto: String,
    pub html: String,
    pub intentos: i32,
    pub siguiente_intento: DateTime<Utc>,
}

/// The SHA-256 of a booking's two secrets: the confirmation page's (in the booking's answer and
/// the e-mail) and the e-mail check's (in the e-mail alone; none without an e-mail).
pub struct HashesReserva<'a> {
    pub confirmacion: &'a str,
    pub verificacion: Option<&'a str>,
}

/// A reservation's e-mail as its detail lists it.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct CorreoReservacion {
    #[serde(rename = "_id")]
    pub id: String,
    /// `confirmacion`.
    pub tipo: String,
    /// The guest's address: only for callers with `reservacion.client`, absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub destinatario: Option<String>,
    /// `pendiente`, `enviado` or `fallido`.
    #[schema(example = "pendiente")]
    pub estado: String,
    pub intentos: i32,
    pub ultimo_error: Option<String>,
    pub creado_en: DateTime<Utc>,
    pub enviado_en: Option<DateTime<Utc>>,
}

#[async_trait]
pub trait ReservasPublicas {
    /// The active branch with this tag, with its schedule, days, tables and settings.
    async fn sucursal_reservable(&self, tag: &str) -> DbResult<Option<SucursalReservable>>;

    /// The reservations of a branch whose wall time is in `[desde, hasta)`, any status.
    async fn reservas_tomadas(
        &self,
        sucursal_id: &str,
        desde: NaiveDateTime,
        hasta: NaiveDateTime,
    ) -> DbResult<Vec<ReservaTomada>>;

    /// A guest's booking, its notification and its e-mail, in one transaction that holds the
    /// branch's lock while `revisar` runs availability again over the reservations of
    /// `[desde, hasta)`: concurrent bookings of one branch run one after another, so the last
    /// table goes once. `revisar`'s refusal is [`ErrorAlmacen::Regla`], with nothing written.
    #[allow(clippy::too_many_arguments)]
    async fn reservar_publica(
        &self,
        reservacion: &NuevaReservacion,
        aviso: &NuevaNotificacion,
        hashes: &HashesReserva<'_>,
        correo: Option<&NuevoCorreo>,
        desde: NaiveDateTime,
        hasta: NaiveDateTime,
        revisar: &(dyn for<'t> Fn(&'t [ReservaTomada]) -> Result<(), ReglaError> + Send + Sync),
    ) -> DbResult<Option<Aviso>>;

    /// What the confirmation page shows of one reservation, with its token's hash.
    async fn confirmacion(&self, id: &str) -> DbResult<Option<FilaConfirmacion>>;

    /// Marks the guest's e-mail verified; false when the reservation does not exist.
    async fn verificar_correo(&self, id: &str) -> DbResult<bool>;

    /// Pending e-mails due at `ahora`, oldest first.
    async fn correos_vencidos(
        &self,
        ahora: DateTime<Utc>,
        limite: i64,
    ) -> DbResult<Vec<CorreoSalida>>;

    /// Takes a due e-mail for sending by moving its next try to `hasta` (a lease); false when
    /// another instance took it first.
    async fn tomar_correo(
        &self,
        id: &str,
        antes: DateTime<Utc>,
        hasta: DateTime<Utc>,
    ) -> DbResult<bool>;

    async fn correo_enviado(&self, id: &str, ahora: DateTime<Utc>) -> DbResult<()>;

    /// A failed try: counted, its error kept, tried again at `siguiente`, or given up (`fallido`).
    async fn correo_fallo(
        &self,
        id: &str,
        error: &str,
        siguiente: DateTime<Utc>,
        fallido: bool,
    ) -> DbResult<()>;

    /// How many e-mails wait in the outbox, and when the oldest of them was written.
    async fn bandeja_pendiente(&self) -> DbResult<(i64, Option<DateTime<Utc>>)>;

    /// A reservation's e-mails, oldest first, if the reservation is in `alcance`.
    async fn correos_de_en(
        &self,
        alcance: &Alcance,
        reservacion_id: &str,
    ) -> DbResult<EnAlcance<Vec<CorreoReservacion>>>;
}

#[derive(sqlx::FromRow)]
struct FilaTomada {
    fecha_hora: NaiveDateTime,
    no_personas: i32,
    status: String,
}

const SELECT_TOMADAS: &str =
    "SELECT fecha_hora, no_personas, status FROM reservaciones WHERE sucursal_id = $1 AND fecha_hora >= $2 AND fecha_hora < $3";

fn tomadas(filas: Vec<FilaTomada>) -> Vec<ReservaTomada> {
    filas
        .into_iter()
        .filter_map(|f| {
            Some(ReservaTomada {
                fecha_hora: f.fecha_hora,
                no_personas: u32::try_from(f.no_personas).ok()?,
                status: EstadoReservacion::parse(&f.status).ok()?,
            })
        })
        .collect()
}

para_cada_motor! {
    #[async_trait]
    impl ReservasPublicas for Motor {
        async fn sucursal_reservable(&self, tag: &str) -> DbResult<Option<SucursalReservable>> {
            let fila: Option<(String, String, String, Option<String>, Option<String>)> = sqlx::query_as(
                "SELECT s.id, s.name, m.name, s.direccion, s.telefono FROM sucursales s JOIN marcas m ON m.id = s.marca_id WHERE s.tag = $1 AND s.activa",
            )
            .bind(tag)
            .fetch_optional(&self.pool)
            .await?;
            let Some((id, name, marca, direccion, telefono)) = fila else { return Ok(None) };
            let (horario, mesas, days) = self.detalles(std::slice::from_ref(&id)).await?;
            Ok(Some(SucursalReservable {
                conf: self.conf_sucursal_de(&id).await?,
                horario: horario
                    .into_iter()
                    .map(|h| HorarioDia { dia: u32::try_from(h.dia).unwrap_or(0), abre: h.abre, cierra: h.cierra, cerrado: h.cerrado })
                    .collect(),
                especiales: days
                    .into_iter()
                    .map(|d| EspecialCore { fecha: d.fecha, cerrado: d.tipo == "cerrado", abre: d.abre, cierra: d.cierra })
                    .collect(),
                mesas: mesas
                    .into_iter()
                    .map(|m| DatosMesa::nueva(u32::try_from(m.numero).unwrap_or(0), u32::try_from(m.asientos).unwrap_or(0), m.combinable))
                    .collect(),
                id,
                tag: tag.to_owned(),
                name,
                marca,
                direccion: direccion.filter(|d| !d.trim().is_empty()),
                telefono: telefono.filter(|t| !t.trim().is_empty()),
            }))
        }

        async fn reservas_tomadas(&self, sucursal_id: &str, desde: NaiveDateTime, hasta: NaiveDateTime) -> DbResult<Vec<ReservaTomada>> {
            let filas = sqlx::query_as::<_, FilaTomada>(SELECT_TOMADAS)
                .bind(sucursal_id)
                .bind(desde)
                .bind(hasta)
                .fetch_all(&self.pool)
                .await?;
            Ok(tomadas(filas))
        }

        async fn reservar_publica(
            &self,
            r: &NuevaReservacion,
            aviso: &NuevaNotificacion,
            hashes: &HashesReserva<'_>,
            correo: Option<&NuevoCorreo>,
            desde: NaiveDateTime,
            hasta: NaiveDateTime,
            revisar: &(dyn for<'t> Fn(&'t [ReservaTomada]) -> Result<(), ReglaError> + Send + Sync),
        ) -> DbResult<Option<Aviso>> {
            let mut tx = self.escribir().await?;
            sqlx::query(Motor::BLOQUEAR_SUCURSAL).bind(&r.sucursal_id).fetch_optional(&mut *tx).await?;
            let filas = sqlx::query_as::<_, FilaTomada>(SELECT_TOMADAS)
                .bind(&r.sucursal_id)
                .bind(desde)
                .bind(hasta)
                .fetch_all(&mut *tx)
                .await?;
            revisar(&tomadas(filas)).map_err(ErrorAlmacen::Regla)?;
            let anunciado = self.insertar_reservacion(&mut tx, r, Some(aviso)).await?;
            sqlx::query("UPDATE reservaciones SET confirmacion_hash = $2, verificacion_hash = $3 WHERE id = $1")
                .bind(&r.id)
                .bind(hashes.confirmacion)
                .bind(hashes.verificacion)
                .execute(&mut *tx)
                .await?;
            if let Some(c) = correo {
                sqlx::query(
                    "INSERT INTO correos_salida (id, reservacion_id, tipo, destinatario, asunto, texto, html, estado, intentos, \
                     siguiente_intento, creado_en) VALUES ($1, $2, $3, $4, $5, $6, $7, 'pendiente', 0, $8, $8)",
                )
                .bind(&c.id)
                .bind(&r.id)
                .bind(&c.tipo)
                .bind(&c.destinatario)
                .bind(&c.asunto)
                .bind(&c.texto)
                .bind(&c.html)
                .bind(r.creada)
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
            Ok(anunciado)
        }

        async fn confirmacion(&self, id: &str) -> DbResult<Option<FilaConfirmacion>> {
            Ok(sqlx::query_as::<_, FilaConfirmacion>(
                "SELECT r.id, r.name, r.fecha_hora, r.no_personas, s.name AS sucursal, m.name AS marca, s.tag, r.confirmacion_hash, r.verificacion_hash, r.status, r.confirmada, r.evento, r.email \
                 FROM reservaciones r JOIN sucursales s ON s.id = r.sucursal_id JOIN marcas m ON m.id = s.marca_id WHERE r.id = $1",
            )
            .bind(id)
            .fetch_optional(&self.pool)
            .await?)
        }

        async fn verificar_correo(&self, id: &str) -> DbResult<bool> {
            let r = sqlx::query("UPDATE reservaciones SET email_verified = $2 WHERE id = $1").bind(id).bind(true).execute(&self.pool).await?;
            Ok(r.rows_affected() == 1)
        }

        async fn correos_vencidos(&self, ahora: DateTime<Utc>, limite: i64) -> DbResult<Vec<CorreoSalida>> {
            Ok(sqlx::query_as::<_, CorreoSalida>(
                "SELECT id, reservacion_id, destinatario, asunto, texto, html, intentos, siguiente_intento FROM correos_salida \
                 WHERE estado = 'pendiente' AND siguiente_intento <= $1 ORDER BY siguiente_intento LIMIT $2",
            )
            .bind(ahora)
            .bind(limite)
            .fetch_all(&self.pool)
            .await?)
        }

        async fn tomar_correo(&self, id: &str, antes: DateTime<Utc>, hasta: DateTime<Utc>) -> DbResult<bool> {
            let r = sqlx::query(
                "UPDATE correos_salida SET siguiente_intento = $3 WHERE id = $1 AND estado = 'pendiente' AND siguiente_intento = $2",
            )
            .bind(id)
            .bind(antes)
            .bind(hasta)
            .execute(&self.pool)
            .await?;
            Ok(r.rows_affected() == 1)
        }

        async fn bandeja_pendiente(&self) -> DbResult<(i64, Option<DateTime<Utc>>)> {
            let (n, mas_viejo): (i64, Option<DateTime<Utc>>) =
                sqlx::query_as("SELECT COUNT(*), MIN(creado_en) FROM correos_salida WHERE estado = 'pendiente'")
                    .fetch_one(&self.pool)
                    .await?;
            Ok((n, mas_viejo))
        }

        async fn correo_enviado(&self, id: &str, ahora: DateTime<Utc>) -> DbResult<()> {
            sqlx::query("UPDATE correos_salida SET estado = 'enviado', intentos = intentos + 1, enviado_en = $2, ultimo_error = NULL WHERE id = $1")
                .bind(id)
                .bind(ahora)
                .execute(&self.pool)
                .await?;
            Ok(())
        }

        async fn correo_fallo(&self, id: &str, error: &str, siguiente: DateTime<Utc>, fallido: bool) -> DbResult<()> {
            sqlx::query(
                "UPDATE correos_salida SET intentos = intentos + 1, ultimo_error = $2, siguiente_intento = $3, estado = $4 WHERE id = $1",
            )
            .bind(id)
            .bind(error)
            .bind(siguiente)
            .bind(if fallido { "fallido" } else { "pendiente" })
            .execute(&self.pool)
            .await?;
            Ok(())
        }

        async fn correos_de_en(&self, alcance: &Alcance, reservacion_id: &str) -> DbResult<EnAlcance<Vec<CorreoReservacion>>> {
            let en: Option<bool> = sqlx::query_scalar(&format!(
                "SELECT ({}) FROM reservaciones r JOIN sucursales s ON s.id = r.sucursal_id WHERE r.id = $2",
                Motor::en_lista_json("s.tag", 1)
            ))
            .bind(alcance.json())
            .bind(reservacion_id)
            .fetch_optional(&self.pool)
            .await?;
            match en {
                None => Ok(EnAlcance::NoExiste),
                Some(false) => Ok(EnAlcance::Ajeno),
                Some(true) => Ok(EnAlcance::Si(
                    sqlx::query_as::<_, CorreoReservacion>(
                        "SELECT id, tipo, destinatario, estado, intentos, ultimo_error, creado_en, enviado_en FROM correos_salida \
                         WHERE reservacion_id = $1 ORDER BY creado_en, id",
                    )
                    .bind(reservacion_id)
                    .fetch_all(&self.pool)
                    .await?,
                )),
            }
        }
    }
}
