//! A form's reference to another record (a user's role, a branch's brand, a role's permissions):
//! its key as text, or the record as an answer shows it (`{"_id": …, "name": …}`, `{"name": …}`),
//! so a body read from a GET goes back in a PUT as it came. The field stays text for every
//! other reader (TypeScript, OpenAPI); only reading it is lenient.

use std::fmt;

use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};

/// One reference: a string, or an object whose `clave` member is one (other members are ignored).
struct Referencia(&'static str);

impl<'de> Visitor<'de> for Referencia {
    type Value = String;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "a string, or an object with a string `{}`", self.0)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<String, E> {
        Ok(v.to_owned())
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<String, E> {
        Ok(v)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut mapa: A) -> Result<String, A::Error> {
        let mut valor = None;
        while let Some(clave) = mapa.next_key::<String>()? {
            if clave == self.0 && valor.is_none() {
                valor = Some(mapa.next_value::<String>()?);
            } else {
                mapa.next_value::<de::IgnoredAny>()?;
            }
        }
        valor.ok_or_else(|| de::Error::missing_field(self.0))
    }
}

/// `#[serde(deserialize_with = "…")]` for a record's `_id`: `"65f…"` or `{"_id": "65f…", "name": …}`.
pub fn id<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    d.deserialize_any(Referencia("_id"))
}

/// A list of names: each `"marcas.index"` or `{"name": "marcas.index"}`.
pub fn nombres<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    struct Lista;

    /// One item of the list, read by [`Referencia`].
    struct Nombre(String);

    impl<'de> de::Deserialize<'de> for Nombre {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            d.deserialize_any(Referencia("name")).map(Nombre)
        }
    }

    impl<'de> Visitor<'de> for Lista {
        type Value = Vec<String>;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a sequence of strings, or of objects with a string `name`")
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut lista: A) -> Result<Vec<String>, A::Error> {
            let mut salida = Vec::with_capacity(lista.size_hint().unwrap_or(0).min(256));
            while let Some(Nombre(n)) = lista.next_element()? {
                salida.push(n);
            }
            Ok(salida)
        }
    }

    d.deserialize_seq(Lista)
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    #[derive(Debug, Deserialize, PartialEq)]
    struct Forma {
        #[serde(default, deserialize_with = "super::id")]
        role: String,
        #[serde(default, deserialize_with = "super::nombres")]
        permissions: Vec<String>,
    }

    fn leer(json: &str) -> Result<Forma, String> {
        serde_json::from_str(json).map_err(|e| e.to_string())
    }

    #[test]
    fn a_reference_reads_as_text_or_as_the_record_an_answer_shows() {
        let esperado = Forma {
            role: "r1".into(),
            permissions: vec!["marcas.index".into(), "users.edit".into()],
        };
        assert_eq!(
            leer(r#"{"role":"r1","permissions":["marcas.index","users.edit"]}"#),
            Ok(esperado)
        );
        let esperado = Forma {
            role: "r1".into(),
            permissions: vec!["marcas.index".into(), "users.edit".into()],
        };
        assert_eq!(
            leer(
                r#"{"role":{"_id":"r1","name":"Gerente"},"permissions":[{"name":"marcas.index"},"users.edit"]}"#
            ),
            Ok(esperado)
        );
        assert_eq!(
            leer("{}"),
            Ok(Forma {
                role: String::new(),
                permissions: vec![]
            })
        );
    }

    #[test]
    fn anything_else_is_refused_as_text_expected() {
        for json in [
            r#"{"role":7}"#,
            r#"{"role":{"name":"Gerente"}}"#,
            r#"{"role":{"_id":7}}"#,
            r#"{"permissions":[7]}"#,
            r#"{"permissions":"a"}"#,
        ] {
            assert!(leer(json).is_err(), "{json}");
        }
        assert!(leer(r#"{"role":7}"#)
            .unwrap_err()
            .contains("expected a string"));
    }
}
