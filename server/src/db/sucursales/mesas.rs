//! A branch's tables: the rows its record carries and the replacement of the whole list.

use std::collections::HashMap;

use anfitrion_core::organizacion::DatosMesa;
use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::db::bitacora::Cambio;
use crate::db::comun::nuevo_id;
use crate::db::error::DbResult;
use crate::db::motores::para_cada_motor;

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, sqlx::FromRow)]
pub struct Mesa {
    #[serde(rename = "_id")]
    pub id: String,
    #[serde(skip)]
    pub sucursal_id: String,
    pub numero: i32,
    pub asientos: i32,
    /// May be joined with the next table by number that may be joined too.
    pub combinable: bool,
    /// The room it stands in (Salón, Terraza, Privado…).
    pub area: String,
    /// `cuadrada` or `redonda`.
    pub forma: String,
    /// Its place in the plan, in percent of the plan's width and height; absent: laid out by number.
    pub x: Option<i32>,
    pub y: Option<i32>,
}

#[async_trait]
pub trait Mesas {
    /// Replaces a branch's tables.
    async fn reemplazar_mesas(
        &self,
        id: &str,
        mesas: &[DatosMesa],
        cambio: &Cambio,
    ) -> DbResult<()>;
}

para_cada_motor! {
    #[async_trait]
    impl Mesas for Motor {
        async fn reemplazar_mesas(&self, id: &str, mesas: &[DatosMesa], cambio: &Cambio) -> DbResult<()> {
            let mut tx = self.escribir().await?;
            // A table keeps its `_id` while its number stays: saving the list unchanged changes nothing.
            let previas: HashMap<i32, String> = sqlx::query_as::<_, (i32, String)>("SELECT numero, id FROM mesas WHERE sucursal_id = $1")
                .bind(id)
                .fetch_all(&mut *tx)
                .await?
                .into_iter()
                .collect();
            sqlx::query("DELETE FROM mesas WHERE sucursal_id = $1").bind(id).execute(&mut *tx).await?;
            for m in mesas {
                let numero = i32::try_from(m.numero).unwrap_or(0);
                sqlx::query("INSERT INTO mesas (id, sucursal_id, numero, asientos, combinable, area, forma, x, y) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)")
                    .bind(previas.get(&numero).cloned().unwrap_or_else(nuevo_id))
                    .bind(id)
                    .bind(numero)
                    .bind(i32::try_from(m.asientos).unwrap_or(0))
                    .bind(m.combinable)
                    .bind(&m.area)
                    .bind(&m.forma)
                    .bind(m.x.and_then(|v| i32::try_from(v).ok()))
                    .bind(m.y.and_then(|v| i32::try_from(v).ok()))
                    .execute(&mut *tx)
                    .await?;
            }
            self.anotar(&mut tx, cambio).await?;
            tx.commit().await?;
            Ok(())
        }
    }
}
