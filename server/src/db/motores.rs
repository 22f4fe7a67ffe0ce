//! The macro that writes an aggregate's storage once for both engines.

/// Expands an aggregate's storage, written once, for each engine. Inside, `Motor` is the engine's
/// store (`self.pool` its pool), `Db` its sqlx database and `Conexion` one of its connections.
macro_rules! para_cada_motor {
    ($($cuerpo:tt)*) => {
        mod en_sqlite {
            #![allow(unused_imports, dead_code)]
            use super::*;
            use $crate::db::comun::Dialecto as _;
            type Motor = $crate::db::sqlite::SqliteStore;
            type Db = sqlx::Sqlite;
            type Conexion = <Db as sqlx::Database>::Connection;
            $($cuerpo)*
        }
        mod en_postgres {
            #![allow(unused_imports, dead_code)]
            use super::*;
            use $crate::db::comun::Dialecto as _;
            type Motor = $crate::db::postgres::PgStore;
            type Db = sqlx::Postgres;
            type Conexion = <Db as sqlx::Database>::Connection;
            $($cuerpo)*
        }
    };
}
pub(crate) use para_cada_motor;
