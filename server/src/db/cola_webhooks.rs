//! The webhook outbox's queue: one delivery per event and interested endpoint, written on the
//! connection of the transaction that makes the change (a rolled-back save queues nothing), its
//! body fixed then, so every try sends the same bytes under the same `webhook-id`. On PostgreSQL
//! the endpoints are locked until the change commits, so an endpoint's sequence follows the
//! commits' order. What an audit entry reports is `bitacora`'s; the endpoints and their sending,
//! `integraciones`'.

use anfitrion_core::integracion::Evento;
use chrono::{DateTime, Utc};
use serde_json::{json, Value};

use super::comun::nuevo_id;
use super::error::DbResult;
use super::motores::para_cada_motor;

para_cada_motor! {
    impl Motor {
        /// Queues `evento` with `datos` for every active endpoint that wants it and the branch
        /// `sucursal_id` (a change of the group's, such as a client's, for every such endpoint),
        /// on the connection of the change's transaction.
        pub(in crate::db) async fn avisar_webhooks(
            &self,
            con: &mut Conexion,
            evento: Evento,
            sucursal_id: Option<&str>,
            datos: &Value,
        ) -> DbResult<()> {
            let destinos: Vec<String> = sqlx::query_scalar(&format!(
                "SELECT d.id FROM webhook_destinos d WHERE d.activo \
                 AND EXISTS (SELECT 1 FROM webhook_destino_eventos de WHERE de.destino_id = d.id AND de.evento = $1) \
                 AND ($2 IS NULL OR EXISTS (SELECT 1 FROM webhook_destino_sucursales ds WHERE ds.destino_id = d.id AND ds.sucursal_id = $2)) \
                 ORDER BY d.id{}",
                // The endpoints stay locked until the change commits, so the deliveries'
                // sequence follows the commits.
                Motor::PARA_ACTUALIZAR
            ))
            .bind(evento.nombre())
            .bind(sucursal_id)
            .fetch_all(&mut *con)
            .await?;
            if destinos.is_empty() {
                return Ok(());
            }
            let mut datos = datos.clone();
            if let (Some(id), Value::Object(m)) = (sucursal_id, &mut datos) {
                let tag: Option<String> = sqlx::query_scalar("SELECT tag FROM sucursales WHERE id = $1")
                    .bind(id)
                    .fetch_optional(&mut *con)
                    .await?;
                m.insert("sucursal".into(), json!(tag));
            }
            let ahora = self.reloj.ahora();
            let cuerpo = json!({
                "type": evento.nombre(),
                "timestamp": ahora.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
                "data": datos,
            })
            .to_string();
            for destino in destinos {
                Motor::encolar_entrega(con, &destino, evento.nombre(), &cuerpo, ahora).await?;
            }
            Ok(())
        }

        pub(in crate::db) async fn encolar_entrega(
            con: &mut Conexion,
            destino_id: &str,
            evento: &str,
            cuerpo: &str,
            ahora: DateTime<Utc>,
        ) -> DbResult<String> {
            let id = format!("msg_{}", nuevo_id());
            sqlx::query(
                "INSERT INTO webhook_entregas (id, destino_id, evento, cuerpo, siguiente_intento, creado_en) \
                 VALUES ($1, $2, $3, $4, $5, $5)",
            )
            .bind(&id)
            .bind(destino_id)
            .bind(evento)
            .bind(cuerpo)
            .bind(ahora)
            .execute(&mut *con)
            .await?;
            Ok(id)
        }

        pub(in crate::db) async fn destino_en(&self, con: &mut Conexion, id: &str) -> DbResult<bool> {
            Ok(sqlx::query_scalar::<_, String>("SELECT id FROM webhook_destinos WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *con)
                .await?
                .is_some())
        }
    }

}
