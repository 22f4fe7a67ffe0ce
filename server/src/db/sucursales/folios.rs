//! The folio counter each branch starts with (its row is written with the branch): the next
//! folio and a folio as its ticket prints it, both inside the caller's transaction.

use crate::db::error::DbResult;
use crate::db::motores::para_cada_motor;

para_cada_motor! {
    impl Motor {
        /// The branch's next folio, taken inside the caller's transaction: the counter row stays
        /// locked until it commits, so concurrent saves get distinct folios and a rollback
        /// gives its folio back (no gaps).
        pub(in crate::db) async fn siguiente_folio(con: &mut Conexion, sucursal_id: &str) -> DbResult<Option<u64>> {
            let folio: Option<i64> =
                sqlx::query_scalar("UPDATE folios SET ultimo = ultimo + 1 WHERE sucursal_id = $1 RETURNING ultimo")
                    .bind(sucursal_id)
                    .fetch_optional(&mut *con)
                    .await?;
            Ok(folio.and_then(|f| u64::try_from(f).ok()))
        }

        /// A folio as its ticket prints it, with the branch's prefix, read inside the caller's
        /// transaction (what an audit entry records of a new comanda).
        pub(in crate::db) async fn folio_impreso(con: &mut Conexion, sucursal_id: &str, folio: u64) -> DbResult<String> {
            let prefijo: Option<String> = sqlx::query_scalar("SELECT prefijo_folio FROM conf_walkin WHERE sucursal_id = $1")
                .bind(sucursal_id)
                .fetch_optional(&mut *con)
                .await?;
            Ok(anfitrion_core::walkin::formato_folio(prefijo.as_deref().unwrap_or(""), folio))
        }
    }
}
