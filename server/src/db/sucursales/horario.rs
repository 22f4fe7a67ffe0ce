//! A branch's schedule: its opening hours by weekday and its special days (closures and special
//! hours on one date), the rows its record carries and the replacement of each list.

use std::collections::HashMap;

use anfitrion_core::organizacion::{DatosDia, DiaEspecialValido};
use async_trait::async_trait;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::db::bitacora::Cambio;
use crate::db::comun::nuevo_id;
use crate::db::error::DbResult;
use crate::db::motores::para_cada_motor;

/// Opening hours of one weekday (1 = Monday … 7 = Sunday).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, sqlx::FromRow)]
pub struct DiaHorario {
    #[serde(skip)]
    pub sucursal_id: String,
    pub dia: i32,
    #[schema(example = "14:00")]
    pub abre: String,
    #[schema(example = "22:00")]
    pub cierra: String,
    pub cerrado: bool,
}

/// A closure (`cerrado`) or special opening hours (`especial`) on one date.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, sqlx::FromRow)]
pub struct DiaEspecial {
    #[serde(rename = "_id")]
    pub id: String,
    #[serde(skip)]
    pub sucursal_id: String,
    pub fecha: NaiveDate,
    pub tipo: String,
    pub abre: Option<String>,
    pub cierra: Option<String>,
    pub motivo: String,
}

#[async_trait]
pub trait Horarios {
    /// Replaces a branch's weekly schedule.
    async fn reemplazar_horario(
        &self,
        id: &str,
        dias: &[DatosDia],
        cambio: &Cambio,
    ) -> DbResult<()>;
    /// Replaces a branch's closures and special days.
    async fn reemplazar_dias(
        &self,
        id: &str,
        dias: &[DiaEspecialValido],
        cambio: &Cambio,
    ) -> DbResult<()>;
}

para_cada_motor! {
    #[async_trait]
    impl Horarios for Motor {
        async fn reemplazar_horario(&self, id: &str, dias: &[DatosDia], cambio: &Cambio) -> DbResult<()> {
            let mut tx = self.escribir().await?;
            sqlx::query("DELETE FROM sucursal_horario WHERE sucursal_id = $1").bind(id).execute(&mut *tx).await?;
            for d in dias {
                sqlx::query("INSERT INTO sucursal_horario (sucursal_id, dia, abre, cierra, cerrado) VALUES ($1, $2, $3, $4, $5)")
                    .bind(id)
                    // i32 as in crear_sucursal: PostgreSQL keeps one prepared statement per text.
                    .bind(i32::try_from(d.dia).unwrap_or(0))
                    .bind(&d.abre)
                    .bind(&d.cierra)
                    .bind(d.cerrado)
                    .execute(&mut *tx)
                    .await?;
            }
            self.anotar(&mut tx, cambio).await?;
            tx.commit().await?;
            Ok(())
        }

        async fn reemplazar_dias(&self, id: &str, dias: &[DiaEspecialValido], cambio: &Cambio) -> DbResult<()> {
            let mut tx = self.escribir().await?;
            // A day keeps its `_id` while its date stays: saving the list unchanged changes nothing.
            let previos: HashMap<NaiveDate, String> = sqlx::query_as::<_, (NaiveDate, String)>("SELECT fecha, id FROM sucursal_dias WHERE sucursal_id = $1")
                .bind(id)
                .fetch_all(&mut *tx)
                .await?
                .into_iter()
                .collect();
            sqlx::query("DELETE FROM sucursal_dias WHERE sucursal_id = $1").bind(id).execute(&mut *tx).await?;
            for d in dias {
                sqlx::query("INSERT INTO sucursal_dias (id, sucursal_id, fecha, tipo, abre, cierra, motivo) VALUES ($1, $2, $3, $4, $5, $6, $7)")
                    .bind(previos.get(&d.fecha).cloned().unwrap_or_else(nuevo_id))
                    .bind(id)
                    .bind(d.fecha)
                    .bind(if d.cerrado { "cerrado" } else { "especial" })
                    .bind(&d.abre)
                    .bind(&d.cierra)
                    .bind(&d.motivo)
                    .execute(&mut *tx)
                    .await?;
            }
            self.anotar(&mut tx, cambio).await?;
            tx.commit().await?;
            Ok(())
        }
    }
}
