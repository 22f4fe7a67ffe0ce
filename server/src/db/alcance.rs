//! Branch scope inside the query: reads of branch-owned records take the caller's [`Alcance`], so
//! a handler that forgot to check gets nothing of another branch rather than its data.

/// The branches a caller may read, by tag: those of the signed-in user (every branch for a role
/// holding `sucursal.todas`, resolved when the user is read).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alcance {
    tags: Vec<String>,
    /// The tags as a JSON array, the form both engines take a list in.
    json: String,
}

impl Alcance {
    pub fn de_tags(tags: &[String]) -> Alcance {
        Alcance {
            tags: tags.to_vec(),
            json: serde_json::to_string(tags).expect("una lista de textos es JSON"),
        }
    }

    pub fn incluye(&self, tag: &str) -> bool {
        self.tags.iter().any(|t| t == tag)
    }

    pub(crate) fn json(&self) -> &str {
        &self.json
    }
}

/// A scoped read of one record: found in the caller's branches, found in another branch (and
/// not handed out), or not there at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EnAlcance<T> {
    Si(T),
    Ajeno,
    NoExiste,
}

impl<T> EnAlcance<T> {
    /// From a row read with its in-scope flag.
    pub(crate) fn de(fila: Option<(T, bool)>) -> EnAlcance<T> {
        match fila {
            Some((v, true)) => EnAlcance::Si(v),
            Some((_, false)) => EnAlcance::Ajeno,
            None => EnAlcance::NoExiste,
        }
    }
}
