//! Messages guests send to the group's number (migration 0026's `mensajes_entrantes`): what a
//! number has open (its waiting parties, its Pendiente reservations it was reminded of by phone),
//! a waiting party marked on its way, and each message kept once by the provider's id, with its
//! answer queued in the phone outbox, its notice and its log entry, in one transaction.

use async_trait::async_trait;
use chrono::{DateTime, NaiveDateTime, Utc};

use super::avisos::Lista;
use super::bitacora::Cambio;
use super::error::DbResult;
use super::espera::{ESPERANDO, TIPO_RESPUESTA};
use super::motores::para_cada_motor;
use super::recordatorios::{NoEncolado, NuevoMensaje};
use super::reservaciones::{Aviso, NuevaNotificacion};
use anfitrion_core::telefono;

use super::alcance::{Alcance, EnAlcance};
use super::comun::nuevo_id;
use super::espera::al_microsegundo;

/// A waiting party of a number.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct EsperaAbierta {
    pub id: String,
    pub name: String,
    pub sucursal_id: String,
    pub tag: String,
    pub sucursal: String,
}

/// A Pendiente reservation of a number that was reminded by phone.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ReservaRecordada {
    pub id: String,
    pub name: String,
    pub fecha_hora: NaiveDateTime,
    pub sucursal_id: String,
    pub tag: String,
    pub sucursal: String,
    pub zona: String,
}

/// A guest's message to keep, with what it did.
#[derive(Debug, Clone)]
pub struct NuevoEntrante {
    /// The provider's id of the message (`SM…`): a retried delivery is the same message.
    pub sid: String,
    pub sucursal_id: Option<String>,
    pub espera_id: Option<String>,
    pub reservacion_id: Option<String>,
    /// Digits with the country code.
    pub remitente: String,
    pub texto: String,
    /// `si`, `no`, `mensaje`, `elegir` or `nada`.
    pub decision: &'static str,
    pub ahora: DateTime<Utc>,
}

/// A message of a waiting party's conversation, as the host reads it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct LineaConversacion {
    /// `huesped` (it came in) or `sucursal` (an answer that went out).
    pub de: String,
    pub texto: String,
    pub creado_en: DateTime<Utc>,
}

#[async_trait]
pub trait Entrantes {
    /// Whether the message `sid` was already taken (a provider's retry).
    async fn entrante_visto(&self, sid: &str) -> DbResult<bool>;

    /// What the number (digits) has open: its waiting parties in order of arrival, and its
    /// Pendiente reservations it was reminded of by phone with a time from `desde` (wall time;
    /// the caller drops those past at their branch), soonest first.
    async fn abiertos_de(
        &self,
        telefono: &str,
        desde: NaiveDateTime,
    ) -> DbResult<(Vec<EsperaAbierta>, Vec<ReservaRecordada>)>;

    /// Marks the waiting party `id` on its way; false when it no longer waits.
    async fn marcar_viene(&self, id: &str, tag: &str, ahora: DateTime<Utc>) -> DbResult<bool>;

    /// Keeps the message once, with its answer (queued while the number has room in the rolling
    /// hour's cap), its notice and its log entry; `None` when it was already kept (nothing more
    /// is written), else the notice to publish after the commit (if any).
    async fn guardar_entrante(
        &self,
        e: &NuevoEntrante,
        respuesta: Option<&NuevoMensaje>,
        aviso: Option<&NuevaNotificacion>,
        cambio: &Cambio,
    ) -> DbResult<Option<Option<Aviso>>>;

    /// A waiting party's messages in and the answers out, oldest first.
    async fn conversacion_espera(&self, id: &str) -> DbResult<Vec<LineaConversacion>>;

    /// A reservation's messages in and the answers out, oldest first.
    async fn conversacion_reservacion(&self, id: &str) -> DbResult<Vec<LineaConversacion>>;

    /// Answers the reservation `id`'s guest: `texto` to its phone through the outbox, with the
    /// log entry `cambio`, in one transaction; the branch's tag. While the number has no room in
    /// the rolling hour's cap, or without a phone or a provider, nothing is written.
    async fn responder_reservacion(
        &self,
        alcance: &Alcance,
        id: &str,
        texto: &str,
        con_proveedor: bool,
        cambio: &Cambio,
    ) -> DbResult<EnAlcance<Result<String, NoEncolado>>>;
}

#[derive(sqlx::FromRow)]
struct ReservaPorResponder {
    sucursal_id: String,
    tag: String,
    zona: String,
    phone: Option<String>,
    dentro: bool,
}

/// The conversation of the party or reservation whose id is in column `columna`.
const CONVERSACION: &str = "SELECT 'huesped' AS de, texto, creado_en FROM mensajes_entrantes WHERE {col} = $1 \
     UNION ALL SELECT 'sucursal' AS de, texto, creado_en FROM mensajes_salida WHERE {col} = $1 AND tipo = $2 \
     ORDER BY creado_en";

para_cada_motor! {
    #[async_trait]
    impl Entrantes for Motor {
        async fn entrante_visto(&self, sid: &str) -> DbResult<bool> {
            let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM mensajes_entrantes WHERE sid = $1")
                .bind(sid)
                .fetch_one(&self.pool)
                .await?;
            Ok(n > 0)
        }

        async fn abiertos_de(&self, telefono: &str, desde: NaiveDateTime) -> DbResult<(Vec<EsperaAbierta>, Vec<ReservaRecordada>)> {
            let esperas = sqlx::query_as::<_, EsperaAbierta>(
                "SELECT e.id, e.name, e.sucursal_id, s.tag, s.name AS sucursal FROM lista_espera e \
                 JOIN sucursales s ON s.id = e.sucursal_id WHERE e.phone = $1 AND e.estado = $2 ORDER BY e.creado_en, e.id",
            )
            .bind(telefono)
            .bind(ESPERANDO)
            .fetch_all(&self.pool)
            .await?;
            let reservas = sqlx::query_as::<_, ReservaRecordada>(
                "SELECT r.id, r.name, r.fecha_hora, r.sucursal_id, s.tag, s.name AS sucursal, s.zona FROM reservaciones r \
                 JOIN sucursales s ON s.id = r.sucursal_id WHERE r.phone = $1 AND r.status = 'Pendiente' AND r.fecha_hora >= $2 \
                 AND EXISTS (SELECT 1 FROM recordatorios x WHERE x.reservacion_id = r.id AND x.canal = 'telefono') \
                 ORDER BY r.fecha_hora, r.id",
            )
            .bind(telefono)
            .bind(desde)
            .fetch_all(&self.pool)
            .await?;
            Ok((esperas, reservas))
        }

        async fn marcar_viene(&self, id: &str, tag: &str, ahora: DateTime<Utc>) -> DbResult<bool> {
            let mut tx = self.escribir().await?;
            let hecho = sqlx::query("UPDATE lista_espera SET viene_en = $2 WHERE id = $1 AND estado = $3")
                .bind(id)
                .bind(ahora)
                .bind(ESPERANDO)
                .execute(&mut *tx)
                .await?;
            if hecho.rows_affected() == 0 {
                return Ok(false);
            }
            Motor::avisar_lista(&mut tx, Lista::Espera, tag).await?;
            Motor::confirmar(tx).await?;
            Ok(true)
        }

        async fn guardar_entrante(
            &self,
            e: &NuevoEntrante,
            respuesta: Option<&NuevoMensaje>,
            aviso: Option<&NuevaNotificacion>,
            cambio: &Cambio,
        ) -> DbResult<Option<Option<Aviso>>> {
            let mut tx = self.escribir().await?;
            let hecho = sqlx::query(
                "INSERT INTO mensajes_entrantes (sid, sucursal_id, espera_id, reservacion_id, remitente, texto, decision, creado_en) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (sid) DO NOTHING",
            )
            .bind(&e.sid)
            .bind(&e.sucursal_id)
            .bind(&e.espera_id)
            .bind(&e.reservacion_id)
            .bind(&e.remitente)
            .bind(&e.texto)
            .bind(e.decision)
            .bind(e.ahora)
            .execute(&mut *tx)
            .await?;
            if hecho.rows_affected() == 0 {
                return Ok(None);
            }
            if let Some(m) = respuesta {
                // An answer never lifts the number's cap: two numbers' robots cannot talk forever.
                let al_numero = Motor::mensajes_al_numero(&mut tx, &m.destinatario, e.ahora).await?;
                if telefono::cabe_en_numero(&al_numero, e.ahora) {
                    Motor::insertar_mensaje(&mut tx, m, e.ahora).await?;
                }
            }
            let anunciado = match aviso {
                Some(n) => Some(Motor::insertar_notificacion(&mut tx, n).await?),
                None => None,
            };
            self.anotar(&mut tx, cambio).await?;
            Motor::confirmar(tx).await?;
            Ok(Some(anunciado))
        }

        async fn conversacion_espera(&self, id: &str) -> DbResult<Vec<LineaConversacion>> {
            Ok(sqlx::query_as::<_, LineaConversacion>(&CONVERSACION.replace("{col}", "espera_id"))
                .bind(id)
                .bind(TIPO_RESPUESTA)
                .fetch_all(&self.pool)
                .await?)
        }

        async fn conversacion_reservacion(&self, id: &str) -> DbResult<Vec<LineaConversacion>> {
            Ok(sqlx::query_as::<_, LineaConversacion>(&CONVERSACION.replace("{col}", "reservacion_id"))
                .bind(id)
                .bind(TIPO_RESPUESTA)
                .fetch_all(&self.pool)
                .await?)
        }

        async fn responder_reservacion(&self, alcance: &Alcance, id: &str, texto: &str, con_proveedor: bool, cambio: &Cambio) -> DbResult<EnAlcance<Result<String, NoEncolado>>> {
            let mut tx = self.escribir().await?;
            let fila: Option<ReservaPorResponder> = sqlx::query_as(&format!(
                "SELECT r.sucursal_id, s.tag, s.zona, r.phone, ({}) AS dentro FROM reservaciones r \
                 JOIN sucursales s ON s.id = r.sucursal_id WHERE r.id = $2",
                Motor::en_lista_json("s.tag", 1)
            ))
            .bind(alcance.json())
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
            let f = match fila {
                None => return Ok(EnAlcance::NoExiste),
                Some(f) if !f.dentro => return Ok(EnAlcance::Ajeno),
                Some(f) => f,
            };
            let ahora = al_microsegundo(self.reloj.ahora());
            let mensaje = NuevoMensaje {
                id: nuevo_id(),
                sucursal_id: f.sucursal_id.clone(),
                reservacion_id: Some(id.to_owned()),
                espera_id: None,
                tipo: TIPO_RESPUESTA.to_owned(),
                destinatario: String::new(),
                texto: texto.to_owned(),
            };
            if let Err(no) = Motor::encolar_al_telefono(&mut tx, mensaje, f.phone.as_deref(), &f.zona, con_proveedor, &[], ahora).await? {
                // Nothing is written: the transaction is dropped, rolled back.
                return Ok(EnAlcance::Si(Err(no)));
            }
            self.anotar(&mut tx, &cambio.clone().en(&f.sucursal_id)).await?;
            Motor::avisar_lista(&mut tx, Lista::Reservaciones, &f.tag).await?;
            Motor::confirmar(tx).await?;
            Ok(EnAlcance::Si(Ok(f.tag)))
        }
    }
}
