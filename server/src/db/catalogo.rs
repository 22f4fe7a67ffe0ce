//! The branch's catalogue for orders: its waiters (meseros) and promotions.

use anfitrion_core::comanda::Mesero;
use anfitrion_core::walkin::CatalogoSucursal;
use async_trait::async_trait;
use chrono::Utc;
use serde::Serialize;
use utoipa::ToSchema;

use super::{para_cada_motor, DbResult};

/// A waiter as the order forms list them (spec §7: `_id`, `name`).
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct MeseroRef {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
}

/// A promotion the order forms offer today.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct PromoActiva {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub descripcion: String,
}

#[derive(Debug, Clone)]
pub struct NuevoMesero {
    pub id: String,
    pub sucursal_id: String,
    pub name: String,
}

#[derive(Debug, Clone)]
pub struct NuevaPromo {
    pub id: String,
    pub sucursal_id: String,
    pub name: String,
    pub descripcion: String,
    pub activa: bool,
}

#[async_trait]
pub trait Catalogo {
    async fn crear_mesero(&self, mesero: &NuevoMesero) -> DbResult<()>;
    /// [`super::Clave::NombrePromocion`] when the branch already has one by that name.
    async fn crear_promo(&self, promo: &NuevaPromo) -> DbResult<()>;

    /// The branch's active waiters, by name.
    async fn meseros_de(&self, sucursal_id: &str) -> DbResult<Vec<MeseroRef>>;

    /// The branch's active promotions, by name.
    async fn promos_activas_de(&self, sucursal_id: &str) -> DbResult<Vec<PromoActiva>>;

    /// What an order may use at the branch: tables, active waiters, active promotions.
    async fn catalogo_de(&self, sucursal_id: &str) -> DbResult<CatalogoSucursal>;
}

para_cada_motor! {
    #[async_trait]
    impl Catalogo for Motor {
        async fn crear_mesero(&self, m: &NuevoMesero) -> DbResult<()> {
            sqlx::query("INSERT INTO meseros (id, sucursal_id, name, activo, created_at) VALUES ($1, $2, $3, $4, $5)")
                .bind(&m.id)
                .bind(&m.sucursal_id)
                .bind(&m.name)
                .bind(true)
                .bind(Utc::now())
                .execute(&self.pool)
                .await?;
            Ok(())
        }

        async fn meseros_de(&self, sucursal_id: &str) -> DbResult<Vec<MeseroRef>> {
            Ok(sqlx::query_as::<_, MeseroRef>("SELECT id, name FROM meseros WHERE sucursal_id = $1 AND activo ORDER BY name")
                .bind(sucursal_id)
                .fetch_all(&self.pool)
                .await?)
        }

        async fn promos_activas_de(&self, sucursal_id: &str) -> DbResult<Vec<PromoActiva>> {
            Ok(sqlx::query_as::<_, PromoActiva>("SELECT id, name, descripcion FROM promociones WHERE sucursal_id = $1 AND activa ORDER BY name")
                .bind(sucursal_id)
                .fetch_all(&self.pool)
                .await?)
        }

        async fn catalogo_de(&self, sucursal_id: &str) -> DbResult<CatalogoSucursal> {
            let mesas: Vec<i32> = sqlx::query_scalar("SELECT numero FROM mesas WHERE sucursal_id = $1 ORDER BY numero")
                .bind(sucursal_id)
                .fetch_all(&self.pool)
                .await?;
            Ok(CatalogoSucursal {
                mesas: mesas.into_iter().map(|n| n.to_string()).collect(),
                meseros: self.meseros_de(sucursal_id).await?.into_iter().map(|m| Mesero { id: m.id, name: m.name }).collect(),
                promos: self.promos_activas_de(sucursal_id).await?.into_iter().map(|p| (p.id, p.name)).collect(),
            })
        }

        async fn crear_promo(&self, p: &NuevaPromo) -> DbResult<()> {
            sqlx::query("INSERT INTO promociones (id, sucursal_id, name, descripcion, activa, created_at) VALUES ($1, $2, $3, $4, $5, $6)")
                .bind(&p.id)
                .bind(&p.sucursal_id)
                .bind(&p.name)
                .bind(&p.descripcion)
                .bind(p.activa)
                .bind(Utc::now())
                .execute(&self.pool)
                .await?;
            Ok(())
        }
    }
}
