//! What every aggregate's storage shares: the engines' SQL hook, names' keys, LIKE patterns and
//! record ids.

use rand::RngCore;

/// The statements that differ between the engines.
pub(crate) trait Dialecto {
    /// `expr` is one of the texts of the JSON array bound as parameter `$n`.
    fn en_lista_json(expr: &str, n: usize) -> String;
    /// The condition that a reservation (`r`) holds `q` in its name (accents and case aside), its
    /// e-mail or its phone (also as the digits of a phone typed with spaces), using each engine's
    /// trigram index. Whoever may list may search by contact; the answer hides it as always.
    fn busqueda_reservacion(q: &str) -> Vec<Parte>;
    /// What opens every write's transaction (a booking's too: two bookings never read the same
    /// free table). On SQLite a deferred `BEGIN` that reads first
    /// and then writes fails at once with "database is locked" when another connection wrote in
    /// between (the busy wait cannot help a reader that must upgrade), so writes take the lock
    /// up front and wait their turn; PostgreSQL's row locks need nothing more than `BEGIN`.
    const EMPEZAR_ESCRITURA: &'static str;
    /// Locks the branch (`$1`) for the rest of a booking's transaction: on PostgreSQL a row lock
    /// (`FOR UPDATE`) that the next booking of that branch waits on; SQLite already holds its lock.
    const BLOQUEAR_SUCURSAL: &'static str;
    /// Locks a phone number (`$1`, E.164) for the rest of a transaction that counts and queues
    /// messages to it: on PostgreSQL a transaction-scoped advisory lock on the number's hash, so
    /// two calls to one number count one after the other; SQLite already holds its lock.
    const BLOQUEAR_NUMERO: &'static str;
    /// What ends a read whose rows the transaction locks until it ends: ` FOR UPDATE` on
    /// PostgreSQL; nothing on SQLite, whose writer already holds the whole database.
    const PARA_ACTUALIZAR: &'static str;
    /// As [`Dialecto::busqueda_reservacion`], for a client (`c`).
    fn busqueda_cliente(q: &str) -> Vec<Parte>;
    /// A subquery of the member values of the JSON object in column `col`, one row each, in a
    /// column `value` (text, or the JSON of a nested value): none when it holds no object. What
    /// the log search reads of an entry's `antes` and `despues`.
    fn valores_json(col: &str) -> String;
    /// `expr` as search compares it: core's `texto::plegar` in SQL (accents folded, ASCII lower).
    fn plegado(expr: &str) -> String;
    /// The local moment `dias` days before the local moment `expr` (a `fecha_hora`), comparable
    /// with the column.
    fn dias_antes(expr: &str, dias: i64) -> String;
    /// An aggregate of the rows read into one JSON text: an array of arrays of `columnas`
    /// (`[]` when none), or None where rows are better read one by one. SQLite's driver hands
    /// each row over from its own thread: thousands of small rows cost more that way than one
    /// text parsed at once; PostgreSQL sends rows cheaply and builds JSON slowly.
    fn filas_json(columnas: &str) -> Option<String>;

    /// As [`Dialecto::busqueda_reservacion`], for a list already bounded to a day: read on each
    /// row of `alias` (a few dozen) where that is cheaper than the index's matches across every
    /// branch and date (PostgreSQL's trigram index); an engine may keep its index.
    fn busqueda_directa(alias: &str, q: &str) -> Vec<Parte> {
        let contacto = format!(
            " OR lower(coalesce({alias}.email, '') || ' ' || coalesce({alias}.phone, '')) LIKE "
        );
        let mut partes = vec![
            Parte::Sql(format!(
                "({} LIKE ",
                Self::plegado(&format!("{alias}.name"))
            )),
            Parte::Valor(patron_like(&anfitrion_core::texto::plegar(q))),
            Parte::Sql(" ESCAPE '\\'".into()),
            Parte::Sql(contacto.clone()),
            Parte::Valor(patron_like(&q.to_lowercase())),
            Parte::Sql(" ESCAPE '\\'".into()),
        ];
        if let Some(digitos) =
            anfitrion_core::texto::digitos_de_telefono(q).filter(|d| d != q.trim())
        {
            partes.extend([Parte::Sql(contacto), Parte::Valor(format!("%{digitos}%"))]);
        }
        partes.push(Parte::Sql(")".into()));
        partes
    }
}

/// A piece of SQL built by a [`Dialecto`] hook: text, or a value to bind in its place.
pub(crate) enum Parte {
    Sql(String),
    Valor(String),
}

/// The key a name is unique by (migration 0013's `nombre_clave`): trimmed and folded as core
/// tells names apart ([`anfitrion_core::texto::mismo_nombre`]).
pub(crate) fn clave_de_nombre(name: &str) -> String {
    anfitrion_core::texto::plegar(name.trim())
}

/// `%texto%` for LIKE, with its wildcards escaped (`\` is the escape character).
pub(crate) fn patron_like(texto: &str) -> String {
    let mut p = String::from("%");
    for c in texto.chars() {
        if matches!(c, '%' | '_' | '\\') {
            p.push('\\');
        }
        p.push(c);
    }
    p.push('%');
    p
}

/// A new record id: 24 hex characters, like the `_id`s the console already knows.
pub fn nuevo_id() -> String {
    let mut b = [0u8; 12];
    rand::thread_rng().fill_bytes(&mut b);
    hex::encode(b)
}
