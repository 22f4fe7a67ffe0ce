//! What the dashboard reads: a branch's reservations and walk-ins over a span of days, as core
//! counts them.

use anfitrion_core::estado::{EstadoReservacion, Origen};
use anfitrion_core::tablero::{VisitaReservada, VisitaSinReserva};
use async_trait::async_trait;
use chrono::NaiveDateTime;

use super::error::DbResult;
use super::motores::para_cada_motor;

#[async_trait]
pub trait Tablero {
    /// Reservations and walk-ins of a branch from `desde` until before `hasta` (branch-local).
    async fn visitas_entre(
        &self,
        sucursal_id: &str,
        desde: NaiveDateTime,
        hasta: NaiveDateTime,
    ) -> DbResult<(Vec<VisitaReservada>, Vec<VisitaSinReserva>)>;
}

para_cada_motor! {
    #[async_trait]
    impl Tablero for Motor {
        async fn visitas_entre(&self, sucursal_id: &str, desde: NaiveDateTime, hasta: NaiveDateTime) -> DbResult<(Vec<VisitaReservada>, Vec<VisitaSinReserva>)> {
            let reservas: Vec<(String, NaiveDateTime, i32, String)> = sqlx::query_as(
                "SELECT status, fecha_hora, no_personas, origin FROM reservaciones WHERE sucursal_id = $1 AND fecha_hora >= $2 AND fecha_hora < $3",
            )
            .bind(sucursal_id)
            .bind(desde)
            .bind(hasta)
            .fetch_all(&self.pool)
            .await?;
            let walkins: Vec<(NaiveDateTime, i32)> =
                sqlx::query_as("SELECT fecha_hora, no_personas FROM walkins WHERE sucursal_id = $1 AND fecha_hora >= $2 AND fecha_hora < $3")
                    .bind(sucursal_id)
                    .bind(desde)
                    .bind(hasta)
                    .fetch_all(&self.pool)
                    .await?;
            let personas = |n: i32| u32::try_from(n).unwrap_or(0);
            Ok((
                reservas
                    .into_iter()
                    .filter_map(|(estado, fecha_hora, n, origen)| {
                        Some(VisitaReservada { estado: EstadoReservacion::parse(&estado).ok()?, fecha_hora, personas: personas(n), origen: Origen::parse(&origen).ok()? })
                    })
                    .collect(),
                walkins.into_iter().map(|(fecha_hora, n)| VisitaSinReserva { fecha_hora, personas: personas(n) }).collect(),
            ))
        }
    }
}
