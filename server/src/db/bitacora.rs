//! The audit log (Bitácoras): an append-only record of every change, written by each aggregate
//! inside the transaction of the change it records, so a change and its entry land together.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;
use sqlx::types::Json;

use super::{nuevo_id, para_cada_motor, DbResult};

/// Who made a change: copied into the entry, so history survives the user's removal.
#[derive(Debug, Clone, Default)]
pub struct Autor {
    pub usuario_id: Option<String>,
    pub usuario_name: String,
}

impl From<&super::usuarios::Usuario> for Autor {
    fn from(u: &super::usuarios::Usuario) -> Self {
        Autor { usuario_id: Some(u.id.clone()), usuario_name: u.name.clone() }
    }
}

/// One change to record.
#[derive(Debug, Clone)]
pub struct Cambio {
    pub autor: Autor,
    pub sucursal_id: Option<String>,
    /// The kind of record (`sucursal`, `reservacion`, `walkin`, …).
    pub entidad: &'static str,
    pub entidad_id: String,
    /// What happened (`crear`, `cancelar`, `asistencia`, …).
    pub accion: &'static str,
    pub antes: Option<Value>,
    pub despues: Option<Value>,
}

/// An entry as read back.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
pub struct EntradaBitacora {
    #[serde(rename = "_id")]
    pub id: String,
    pub at: DateTime<Utc>,
    pub usuario_id: Option<String>,
    pub usuario_name: String,
    pub sucursal_id: Option<String>,
    pub entidad: String,
    pub entidad_id: String,
    pub accion: String,
    pub antes: Option<Json<Value>>,
    pub despues: Option<Json<Value>>,
}

#[async_trait]
pub trait Bitacora {
    /// Every entry about one record, oldest first.
    async fn bitacora_de(&self, entidad_id: &str) -> DbResult<Vec<EntradaBitacora>>;
}

para_cada_motor! {
    impl Motor {
        /// Appends `cambio` on the connection of the transaction that makes the change.
        pub(in crate::db) async fn anotar(con: &mut Conexion, cambio: &Cambio) -> DbResult<()> {
            sqlx::query(
                "INSERT INTO bitacora (id, at, usuario_id, usuario_name, sucursal_id, entidad, entidad_id, accion, antes, despues) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
            )
            .bind(nuevo_id())
            .bind(Utc::now())
            .bind(&cambio.autor.usuario_id)
            .bind(&cambio.autor.usuario_name)
            .bind(&cambio.sucursal_id)
            .bind(cambio.entidad)
            .bind(&cambio.entidad_id)
            .bind(cambio.accion)
            .bind(cambio.antes.as_ref().map(Json))
            .bind(cambio.despues.as_ref().map(Json))
            .execute(&mut *con)
            .await?;
            Ok(())
        }
    }

    #[async_trait]
    impl Bitacora for Motor {
        async fn bitacora_de(&self, entidad_id: &str) -> DbResult<Vec<EntradaBitacora>> {
            Ok(sqlx::query_as::<_, EntradaBitacora>(
                "SELECT id, at, usuario_id, usuario_name, sucursal_id, entidad, entidad_id, accion, antes, despues \
                 FROM bitacora WHERE entidad_id = $1 ORDER BY at, id",
            )
            .bind(entidad_id)
            .fetch_all(&self.pool)
            .await?)
        }
    }
}
