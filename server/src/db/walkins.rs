//! Walk-in guests: each saved with its comanda (folio from the branch's sequence, taken in the
//! same transaction) and abre.

use anfitrion_core::comanda::{Comanda, Mesero, Pedido};
use anfitrion_core::personal::Evento;
use anfitrion_core::promos::Abre;
use async_trait::async_trait;
use chrono::{DateTime, NaiveDateTime, Utc};
use sqlx::types::Json;

use super::bitacora::Cambio;
use super::{para_cada_motor, DbResult, ErrorAlmacen};

#[derive(Debug, Clone)]
pub struct NuevoWalkin {
    pub id: String,
    pub sucursal_id: String,
    pub cliente_id: Option<String>,
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    /// Branch-local wall time.
    pub fecha_hora: NaiveDateTime,
    pub evento: Evento,
    pub pedido: Pedido,
    pub mesa: String,
    pub mesero: Mesero,
    pub abre: Abre,
    pub created_by: Option<String>,
    pub creado: DateTime<Utc>,
}

#[async_trait]
pub trait Walkins {
    /// Saves the walk-in with the next folio of its branch and its audit entry, all or nothing;
    /// answers the comanda as saved.
    async fn crear_walkin(&self, walkin: &NuevoWalkin, cambio: &Cambio) -> DbResult<Comanda>;
}

para_cada_motor! {
    #[async_trait]
    impl Walkins for Motor {
        async fn crear_walkin(&self, w: &NuevoWalkin, cambio: &Cambio) -> DbResult<Comanda> {
            let mut tx = self.pool.begin().await?;
            let folio = Motor::siguiente_folio(&mut tx, &w.sucursal_id).await?.ok_or(ErrorAlmacen::SinReferencia)?;
            let comanda = Comanda::nueva(&w.pedido, folio, &w.mesa, w.mesero.clone());
            let b = comanda.buffets();
            sqlx::query(
                "INSERT INTO walkins (id, sucursal_id, cliente_id, name, email, phone, fecha_hora, no_personas, evento, \
                 buffet_adulto, buffet_boy, buffet_promo_adulto, buffet_promo_girl, buffet_promo_boy, folio, comanda, \
                 abre, created_by, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)",
            )
            .bind(&w.id)
            .bind(&w.sucursal_id)
            .bind(&w.cliente_id)
            .bind(&w.name)
            .bind(&w.email)
            .bind(&w.phone)
            .bind(w.fecha_hora)
            .bind(i64::from(comanda.no_personas().get()))
            .bind(w.evento.nombre())
            .bind(i64::from(b.buffet_adulto))
            .bind(i64::from(b.buffet_boy))
            .bind(i64::from(b.buffet_promo_adulto))
            .bind(i64::from(b.buffet_promo_girl))
            .bind(i64::from(b.buffet_promo_boy))
            .bind(i64::try_from(folio).unwrap_or(i64::MAX))
            .bind(Json(&comanda))
            .bind(Json(&w.abre))
            .bind(&w.created_by)
            .bind(w.creado)
            .execute(&mut *tx)
            .await?;
            Motor::anotar(&mut tx, cambio).await?;
            tx.commit().await?;
            Ok(comanda)
        }
    }
}
