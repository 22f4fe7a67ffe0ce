//! Reservations and the notifications their arrival raises: creation, status moves, attendance
//! (which turns a reservation into a comanda with its folio and an abre).

use anfitrion_core::comanda::{Comanda, Mesero, Pedido, Personas};
use anfitrion_core::estado::{EstadoReservacion, Origen};
use anfitrion_core::personal::Evento;
use anfitrion_core::promos::Abre;
use async_trait::async_trait;
use chrono::{DateTime, NaiveDateTime, Utc};
use sqlx::types::Json;

use super::bitacora::Cambio;
use super::{para_cada_motor, DbResult};

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
    pub pedido: Pedido,
    pub mesa: String,
    pub mesero: Mesero,
    pub abre: Abre,
}

#[async_trait]
pub trait Reservaciones {
    /// A Pendiente reservation and, when given, the notification of its arrival, together.
    async fn crear_reservacion(&self, reservacion: &NuevaReservacion, aviso: Option<&NuevaNotificacion>) -> DbResult<()>;

    /// Pendiente → Asistio with the comanda (its folio taken from the branch's sequence), the
    /// abre and the audit entry, in one transaction. `None`, with nothing changed, when the
    /// reservation is not Pendiente (or does not exist).
    async fn registrar_asistencia(&self, asistencia: &Asistencia, cambio: &Cambio) -> DbResult<Option<Comanda>>;

    /// Moves a Pendiente reservation to `hacia` as core allows, with its audit entry; false when
    /// it was not Pendiente any more.
    async fn pasar_estado(&self, id: &str, hacia: EstadoReservacion, cambio: &Cambio) -> DbResult<bool>;

    async fn marcar_notificacion_leida(&self, id: &str) -> DbResult<bool>;
}

para_cada_motor! {
    #[async_trait]
    impl Reservaciones for Motor {
        async fn crear_reservacion(&self, r: &NuevaReservacion, aviso: Option<&NuevaNotificacion>) -> DbResult<()> {
            let mut tx = self.pool.begin().await?;
            sqlx::query(
                "INSERT INTO reservaciones (id, sucursal_id, cliente_id, afiliado_id, name, email, phone, fecha_hora, \
                 no_personas, evento, comentarios, status, origin, email_verified, phone_verified, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16)",
            )
            .bind(&r.id)
            .bind(&r.sucursal_id)
            .bind(&r.cliente_id)
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
            .execute(&mut *tx)
            .await?;
            if let Some(n) = aviso {
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
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
            Ok(())
        }

        async fn registrar_asistencia(&self, a: &Asistencia, cambio: &Cambio) -> DbResult<Option<Comanda>> {
            let pendiente = EstadoReservacion::Pendiente.nombre();
            let mut tx = self.pool.begin().await?;
            let sucursal: Option<String> = sqlx::query_scalar("SELECT sucursal_id FROM reservaciones WHERE id = $1 AND status = $2")
                .bind(&a.reservacion_id)
                .bind(pendiente)
                .fetch_optional(&mut *tx)
                .await?;
            let Some(sucursal) = sucursal else { return Ok(None) };
            let Some(folio) = Motor::siguiente_folio(&mut tx, &sucursal).await? else { return Ok(None) };
            let comanda = Comanda::nueva(&a.pedido, folio, &a.mesa, a.mesero.clone());
            let b = comanda.buffets();
            let hecho = sqlx::query(
                "UPDATE reservaciones SET status = $3, no_personas = $4, buffet_adulto = $5, buffet_boy = $6, \
                 buffet_promo_adulto = $7, buffet_promo_girl = $8, buffet_promo_boy = $9, folio = $10, comanda = $11, \
                 abre = $12, updated_at = $13 WHERE id = $1 AND status = $2",
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
            .bind(Utc::now())
            .execute(&mut *tx)
            .await?;
            if hecho.rows_affected() != 1 {
                return Ok(None);
            }
            Motor::anotar(&mut tx, cambio).await?;
            tx.commit().await?;
            Ok(Some(comanda))
        }

        async fn pasar_estado(&self, id: &str, hacia: EstadoReservacion, cambio: &Cambio) -> DbResult<bool> {
            let desde = EstadoReservacion::Pendiente;
            if desde.pasar_a(hacia).is_err() {
                return Ok(false);
            }
            let mut tx = self.pool.begin().await?;
            let hecho = sqlx::query("UPDATE reservaciones SET status = $3, updated_at = $4 WHERE id = $1 AND status = $2")
                .bind(id)
                .bind(desde.nombre())
                .bind(hacia.nombre())
                .bind(Utc::now())
                .execute(&mut *tx)
                .await?;
            if hecho.rows_affected() != 1 {
                return Ok(false);
            }
            Motor::anotar(&mut tx, cambio).await?;
            tx.commit().await?;
            Ok(true)
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
