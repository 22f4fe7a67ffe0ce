//! Brands: the organisation's, not a branch's; each is read with its branches.

use async_trait::async_trait;
use serde::Serialize;
use utoipa::ToSchema;

use super::sucursal::{select_sucursal, FilaSucursal, SucursalResumen};
use crate::db::bitacora::Cambio;
use crate::db::comun::clave_de_nombre;
use crate::db::error::DbResult;
use crate::db::motores::para_cada_motor;

/// A brand with its branches.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Marca {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub sucursales: Vec<SucursalResumen>,
}

#[derive(Debug, Clone)]
pub struct NuevaMarca {
    pub id: String,
    pub name: String,
}

#[async_trait]
pub trait Marcas {
    /// [`crate::db::error::Clave::NombreMarca`] when the name is taken.
    async fn crear_marca(&self, marca: &NuevaMarca) -> DbResult<()>;

    /// Every brand with its branches (brands are the organisation's, not a branch's).
    async fn marcas(&self) -> DbResult<Vec<Marca>>;
    async fn marca(&self, id: &str) -> DbResult<Option<Marca>>;
    async fn editar_marca(&self, id: &str, name: &str, cambio: &Cambio) -> DbResult<bool>;
}

para_cada_motor! {
    #[async_trait]
    impl Marcas for Motor {
        async fn crear_marca(&self, m: &NuevaMarca) -> DbResult<()> {
            sqlx::query("INSERT INTO marcas (id, name, created_at, nombre_clave) VALUES ($1, $2, $3, $4)")
                .bind(&m.id)
                .bind(&m.name)
                .bind(self.reloj.ahora())
                .bind(clave_de_nombre(&m.name))
                .execute(&self.pool)
                .await?;
            Ok(())
        }

        async fn marcas(&self) -> DbResult<Vec<Marca>> {
            let marcas: Vec<(String, String)> = sqlx::query_as("SELECT id, name FROM marcas ORDER BY name").fetch_all(&self.pool).await?;
            let sucursales = sqlx::query_as::<_, FilaSucursal>(&format!("{} ORDER BY s.name", select_sucursal::<Motor>()))
                .bind("[]")
                .fetch_all(&self.pool)
                .await?;
            Ok(marcas
                .into_iter()
                .map(|(id, name)| Marca {
                    sucursales: sucursales.iter().filter(|s| s.marca_id == id).map(|s| s.clone_resumen()).collect(),
                    id,
                    name,
                })
                .collect())
        }

        async fn marca(&self, id: &str) -> DbResult<Option<Marca>> {
            Ok(self.marcas().await?.into_iter().find(|m| m.id == id))
        }

        async fn editar_marca(&self, id: &str, name: &str, cambio: &Cambio) -> DbResult<bool> {
            self.cambiar_con_bitacora(sqlx::query("UPDATE marcas SET name = $2, nombre_clave = $3 WHERE id = $1").bind(id).bind(name).bind(clave_de_nombre(name)), cambio).await
        }
    }
}
