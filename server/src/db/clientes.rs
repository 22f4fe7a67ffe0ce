//! The guest book: one record per guest, and the partners (affiliates) whose codes reservations
//! may carry.

use async_trait::async_trait;
use chrono::Utc;

use super::{para_cada_motor, DbResult};

#[derive(Debug, Clone)]
pub struct NuevoCliente {
    pub id: String,
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
}

#[derive(Debug, Clone)]
pub struct NuevoAfiliado {
    pub id: String,
    pub code: String,
    pub name: String,
    pub tipo: String,
    pub contacto: String,
}

#[async_trait]
pub trait Clientes {
    /// [`super::Clave::CorreoCliente`] or [`super::Clave::TelefonoCliente`] when another guest has them.
    async fn crear_cliente(&self, cliente: &NuevoCliente) -> DbResult<()>;
    /// [`super::Clave::CodigoAfiliado`] when the code is taken.
    async fn crear_afiliado(&self, afiliado: &NuevoAfiliado) -> DbResult<()>;
}

para_cada_motor! {
    #[async_trait]
    impl Clientes for Motor {
        async fn crear_cliente(&self, c: &NuevoCliente) -> DbResult<()> {
            sqlx::query("INSERT INTO clientes (id, name, email, phone, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)")
                .bind(&c.id)
                .bind(&c.name)
                .bind(&c.email)
                .bind(&c.phone)
                .bind(Utc::now())
                .execute(&self.pool)
                .await?;
            Ok(())
        }

        async fn crear_afiliado(&self, a: &NuevoAfiliado) -> DbResult<()> {
            sqlx::query("INSERT INTO afiliados (id, code, name, tipo, contacto, activo, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)")
                .bind(&a.id)
                .bind(&a.code)
                .bind(&a.name)
                .bind(&a.tipo)
                .bind(&a.contacto)
                .bind(true)
                .bind(Utc::now())
                .execute(&self.pool)
                .await?;
            Ok(())
        }
    }
}
