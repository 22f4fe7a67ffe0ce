//! The branch's catalogue for orders: its waiters (meseros) and promotions.

use async_trait::async_trait;
use chrono::Utc;

use super::{para_cada_motor, DbResult};

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
