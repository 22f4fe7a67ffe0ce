//! A guest's text message to the group's number: what it means given what the guest has open
//! with the group (a place on a waitlist, a reservation they were reminded of).
//!
//! With one thing open, "1" says yes (a waiting party is on its way; a reservation is
//! confirmed) and "9" says no (the party leaves the list; the reservation is cancelled). With
//! several, the guest names one by its number before the answer ("21": the second, yes); a bare
//! "1" or "9" is answered with the numbered choices. Any other text is a message for the host,
//! kept on the first thing open. Nothing open: nothing to do.

use chrono::NaiveDateTime;

use crate::error::ReglaError;

/// The longest answer the host may send a guest by SMS: two segments.
pub const RESPUESTA_MAX: usize = 320;

/// The host's answer as it is sent: spaces collapsed, required, at most [`RESPUESTA_MAX`].
pub fn texto_de_respuesta(texto: &str) -> Result<String, ReglaError> {
    let texto = texto.split_whitespace().collect::<Vec<_>>().join(" ");
    if texto.is_empty() {
        return Err(ReglaError::RespuestaVacia);
    }
    if texto.chars().count() > RESPUESTA_MAX {
        return Err(ReglaError::RespuestaLarga { max: RESPUESTA_MAX });
    }
    Ok(texto)
}

/// Something a guest has open with the group, in the order the choices number them: waiting
/// parties first (the most pressing), then reservations by time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pendiente {
    /// A place on a branch's waitlist (the branch's name).
    Espera { sucursal: String },
    /// A Pendiente reservation the guest was reminded of, at its branch's wall time.
    Reservacion {
        sucursal: String,
        fecha_hora: NaiveDateTime,
    },
}

/// What a message does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// "Yes" to the pending thing at this index.
    Si(usize),
    /// "No" to it.
    No(usize),
    /// A message for the host, kept on the pending thing at this index.
    Mensaje(usize),
    /// Several things are open and the answer named none: the guest gets the choices.
    Elegir,
    /// Nothing is open for the number.
    Nada,
}

/// The meaning of `texto` for a guest with `pendientes` open.
pub fn decidir(texto: &str, pendientes: &[Pendiente]) -> Decision {
    if pendientes.is_empty() {
        return Decision::Nada;
    }
    let t: String = texto.split_whitespace().collect();
    let respuesta = |d: char, i: usize| match d {
        '1' => Some(Decision::Si(i)),
        '9' => Some(Decision::No(i)),
        _ => None,
    };
    let mut cifras = t.chars();
    match (cifras.next(), cifras.next(), cifras.next()) {
        (Some(d), None, None) if pendientes.len() == 1 => {
            respuesta(d, 0).unwrap_or(Decision::Mensaje(0))
        }
        (Some('1' | '9'), None, None) => Decision::Elegir,
        (Some(n), Some(d), None) if pendientes.len() > 1 => n
            .to_digit(10)
            .and_then(|n| usize::try_from(n).ok())
            .filter(|n| (1..=pendientes.len()).contains(n))
            .and_then(|n| respuesta(d, n - 1))
            .unwrap_or(Decision::Mensaje(0)),
        _ => Decision::Mensaje(0),
    }
}

/// The numbered choices sent when a bare "1" or "9" could mean several things.
pub fn texto_elegir(pendientes: &[Pendiente]) -> String {
    let lista: Vec<String> = pendientes
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let n = i + 1;
            match p {
                Pendiente::Espera { sucursal } => {
                    format!("{n}) tu lugar en la lista de espera de {sucursal}")
                }
                Pendiente::Reservacion {
                    sucursal,
                    fecha_hora,
                } => format!(
                    "{n}) tu reservación en {sucursal} del {}",
                    fecha_hora.format("%d/%m a las %H:%M")
                ),
            }
        })
        .collect();
    format!(
        "Tienes {} pendientes con nosotros: {}. Responde con el número y tu respuesta: 11 es sí al 1, 19 es no al 1.",
        pendientes.len(),
        lista.join("; ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn espera() -> Pendiente {
        Pendiente::Espera {
            sucursal: "Polanco".to_owned(),
        }
    }

    fn reserva() -> Pendiente {
        Pendiente::Reservacion {
            sucursal: "Satélite".to_owned(),
            fecha_hora: NaiveDateTime::parse_from_str("2026-11-28 20:00", "%Y-%m-%d %H:%M")
                .unwrap(),
        }
    }

    #[test]
    fn one_thing_open_takes_1_and_9_and_keeps_the_rest_as_a_message() {
        let uno = [espera()];
        assert_eq!(decidir(" 1 ", &uno), Decision::Si(0));
        assert_eq!(decidir("9", &uno), Decision::No(0));
        assert_eq!(decidir("Llegamos en 5 minutos", &uno), Decision::Mensaje(0));
        assert_eq!(decidir("2", &uno), Decision::Mensaje(0));
        assert_eq!(decidir("19", &uno), Decision::Mensaje(0));
        assert_eq!(decidir("", &uno), Decision::Mensaje(0));
        assert_eq!(decidir("1", &[]), Decision::Nada);
    }

    #[test]
    fn two_things_open_want_the_number_first() {
        let dos = [espera(), reserva()];
        assert_eq!(decidir("1", &dos), Decision::Elegir);
        assert_eq!(decidir("9", &dos), Decision::Elegir);
        assert_eq!(decidir("11", &dos), Decision::Si(0));
        assert_eq!(decidir("2 9", &dos), Decision::No(1));
        assert_eq!(decidir("39", &dos), Decision::Mensaje(0));
        assert_eq!(decidir("25", &dos), Decision::Mensaje(0));
        assert_eq!(
            decidir("¿Tienen estacionamiento?", &dos),
            Decision::Mensaje(0)
        );
        assert_eq!(
            texto_elegir(&dos),
            "Tienes 2 pendientes con nosotros: 1) tu lugar en la lista de espera de Polanco; \
             2) tu reservación en Satélite del 28/11 a las 20:00. Responde con el número y tu \
             respuesta: 11 es sí al 1, 19 es no al 1."
        );
    }
}
