//! The phone channel's guards: which numbers a guest may give a branch (its allowed countries,
//! each number's length for its country, never a special or premium one), and how many messages
//! a waiting party and a number may receive in a rolling hour.
//!
//! The countries are a short catalogue, each with its calling code, the length of its national
//! numbers and the leading digits of its ordinary (geographic and mobile) numbers: a number that
//! starts otherwise (toll-free, premium rate, shared cost, personal numbering, another nation
//! sharing the calling code) is refused. Staff-typed numbers keep the general rule
//! ([`crate::personal::normalizar_telefono`]); the caps bound what any number receives.

use crate::personal::{limitar_telefono, TELEFONO_MAX_DIGITOS, TELEFONO_MIN_DIGITOS};
use crate::ReglaError;
use chrono::{DateTime, Duration, Utc};

/// "Su mesa está lista" messages one waiting party may receive in a rolling hour.
pub const MENSAJES_POR_GRUPO_POR_HORA: usize = 3;
/// Messages (calls from the waitlist and reminders together) one number may receive in a
/// rolling hour.
pub const MENSAJES_POR_NUMERO_POR_HORA: usize = 5;
/// The rolling window the caps count in, in minutes.
pub const VENTANA_MENSAJES_MIN: i64 = 60;

/// The rolling window the caps count in.
pub fn ventana_mensajes() -> Duration {
    Duration::minutes(VENTANA_MENSAJES_MIN)
}

/// A country whose numbers a branch may take from guests.
#[derive(Debug, Clone, Copy)]
pub struct Pais {
    /// ISO 3166-1 alpha-2, as the setting stores and sends it.
    pub codigo: &'static str,
    /// As the screens name it.
    pub nombre: &'static str,
    /// The calling code, digits only.
    pub lada: &'static str,
    /// Digits after the calling code.
    pub digitos: usize,
    /// Whether the national number (after the calling code) is an ordinary one: a landline or a
    /// mobile of that country, not toll-free, premium rate, shared cost or personal numbering.
    ordinario: fn(&str) -> bool,
}

/// One country of the catalogue is one code.
impl PartialEq for Pais {
    fn eq(&self, otro: &Pais) -> bool {
        self.codigo == otro.codigo
    }
}

impl Eq for Pais {}

/// Mexico (IFT's plan, as libphonenumber describes it): ten digits, never starting 0 or 1;
/// 800 and 888 are toll-free, 900 premium rate, 300 shared cost, 500 personal numbers.
fn ordinario_mx(n: &str) -> bool {
    !n.starts_with(['0', '1'])
        && !["300", "500", "800", "888", "900"]
            .iter()
            .any(|p| n.starts_with(p))
}

/// The United States and Canada (+1, NANP): area code and exchange each start 2–9. Refused: the
/// non-geographic area codes (toll-free 8XX, premium 900, personal 5XX, 600, 622, 633, 700,
/// 710, 456) and the other nations of +1 (the Caribbean's, where "call me back" frauds bill most).
fn ordinario_nanp(n: &str) -> bool {
    const OTRAS_NACIONES: [&str; 21] = [
        "242", "246", "264", "268", "284", "345", "441", "473", "649", "658", "664", "721", "758",
        "767", "784", "809", "829", "849", "868", "869", "876",
    ];
    const NO_GEOGRAFICOS: [&str; 7] = ["456", "600", "622", "633", "700", "710", "900"];
    let b = n.as_bytes();
    if b.len() != 10 || !(b'2'..=b'9').contains(&b[0]) || !(b'2'..=b'9').contains(&b[3]) {
        return false;
    }
    let area = &n[..3];
    // 8XX with a repeated digit (800, 833, 844, …, 888) is toll-free; 5XX is personal numbering;
    // N11 are service codes.
    let gratuito = b[0] == b'8' && b[1] == b[2];
    let n11 = b[1] == b'1' && b[2] == b'1';
    !(gratuito
        || n11
        || b[0] == b'5' && b[1] == b[2]
        || OTRAS_NACIONES.contains(&area)
        || NO_GEOGRAFICOS.contains(&area))
}

/// Spain: nine digits; mobiles 6 and 71–74, landlines 8 and 9 followed by 1–8 (80X and 90X are
/// toll-free, premium rate and shared cost).
fn ordinario_es(n: &str) -> bool {
    let b = n.as_bytes();
    match b.first() {
        Some(b'6') => true,
        Some(b'7') => (b'1'..=b'4').contains(&b[1]),
        Some(b'8' | b'9') => (b'1'..=b'8').contains(&b[1]),
        _ => false,
    }
}

/// Colombia: ten digits; mobiles 3, landlines 60 (1-800 and 1-900 lines start otherwise).
fn ordinario_co(n: &str) -> bool {
    n.starts_with('3') || n.starts_with("60")
}

/// Guatemala: eight digits starting 2 to 7 (1-800 and 1-801 lines start otherwise).
fn ordinario_gt(n: &str) -> bool {
    n.starts_with(['2', '3', '4', '5', '6', '7'])
}

/// Every country a branch may allow, Mexico first.
pub const PAISES: [Pais; 5] = [
    Pais {
        codigo: "MX",
        nombre: "México",
        lada: "52",
        digitos: 10,
        ordinario: ordinario_mx,
    },
    Pais {
        codigo: "US",
        nombre: "Estados Unidos y Canadá",
        lada: "1",
        digitos: 10,
        ordinario: ordinario_nanp,
    },
    Pais {
        codigo: "ES",
        nombre: "España",
        lada: "34",
        digitos: 9,
        ordinario: ordinario_es,
    },
    Pais {
        codigo: "CO",
        nombre: "Colombia",
        lada: "57",
        digitos: 10,
        ordinario: ordinario_co,
    },
    Pais {
        codigo: "GT",
        nombre: "Guatemala",
        lada: "502",
        digitos: 8,
        ordinario: ordinario_gt,
    },
];

/// Every code of the catalogue with its country, as a refusal lists them: "MX (México), …
/// y GT (Guatemala)".
fn posibles() -> String {
    let todos: Vec<String> = PAISES
        .iter()
        .map(|p| format!("{} ({})", p.codigo, p.nombre))
        .collect();
    match todos.split_last() {
        Some((ultimo, resto)) => format!("{} y {ultimo}", resto.join(", ")),
        None => String::new(),
    }
}

/// The setting's value when none was chosen: Mexico only.
pub const PAISES_POR_DEFECTO: [&str; 1] = ["MX"];

impl Pais {
    /// The catalogue's country of an ISO code (any case, spaces around ignored).
    pub fn de_codigo(codigo: &str) -> Option<Pais> {
        let c = codigo.trim();
        PAISES
            .into_iter()
            .find(|p| p.codigo.eq_ignore_ascii_case(c))
    }

    /// "México (+52)".
    pub fn etiqueta(&self) -> String {
        format!("{} (+{})", self.nombre, self.lada)
    }
}

/// The countries a branch takes guests' numbers from: at least one, each once, in the
/// catalogue's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaisesTelefono(Vec<Pais>);

impl Default for PaisesTelefono {
    fn default() -> Self {
        PaisesTelefono::parse(&PAISES_POR_DEFECTO).expect("Mexico is in the catalogue")
    }
}

impl PaisesTelefono {
    /// The setting as a form sends it (ISO codes). An unknown code or an empty list is refused.
    pub fn parse<S: AsRef<str>>(codigos: &[S]) -> Result<PaisesTelefono, ReglaError> {
        let mut elegidos = Vec::new();
        for c in codigos {
            let p =
                Pais::de_codigo(c.as_ref()).ok_or_else(|| ReglaError::PaisTelefonoDesconocido {
                    codigo: c.as_ref().trim().to_owned(),
                    posibles: posibles(),
                })?;
            if !elegidos.contains(&p) {
                elegidos.push(p);
            }
        }
        if elegidos.is_empty() {
            return Err(ReglaError::PaisesTelefonoVacio);
        }
        elegidos.sort_by_key(|p| PAISES.iter().position(|q| q == p));
        Ok(PaisesTelefono(elegidos))
    }

    /// As stored ("MX,US"); what no longer parses reads as the default.
    pub fn de_guardado(texto: Option<&str>) -> PaisesTelefono {
        let codigos: Vec<&str> = texto
            .unwrap_or("")
            .split(',')
            .filter(|c| !c.trim().is_empty())
            .collect();
        PaisesTelefono::parse(&codigos).unwrap_or_default()
    }

    /// The ISO codes, as sent and stored.
    pub fn codigos(&self) -> Vec<String> {
        self.0.iter().map(|p| p.codigo.to_owned()).collect()
    }

    /// As stored: "MX,US".
    pub fn guardado(&self) -> String {
        self.codigos().join(",")
    }

    pub fn paises(&self) -> &[Pais] {
        &self.0
    }

    /// "México (+52)", "México (+52) o España (+34)", "A, B o C".
    pub fn etiqueta(&self) -> String {
        let nombres: Vec<String> = self.0.iter().map(Pais::etiqueta).collect();
        match nombres.split_last() {
            Some((ultimo, [])) => ultimo.clone(),
            Some((ultimo, resto)) => format!("{} o {ultimo}", resto.join(", ")),
            None => String::new(),
        }
    }

    /// A number a guest typed (on the booking page), as stored (digits with the calling code),
    /// or `None` when only a prefix or nothing was typed. It must be of one of these countries,
    /// have that country's length and be an ordinary number (not toll-free, premium rate,
    /// shared cost or personal numbering).
    pub fn telefono_de_huesped(&self, raw: &str) -> Result<Option<String>, ReglaError> {
        if raw.chars().filter(char::is_ascii_digit).count() > TELEFONO_MAX_DIGITOS {
            return Err(ReglaError::TelefonoInvalido);
        }
        let digitos = limitar_telefono(raw);
        if digitos.len() < TELEFONO_MIN_DIGITOS {
            return Ok(None);
        }
        let Some((pais, nacional)) = self
            .0
            .iter()
            .find_map(|p| digitos.strip_prefix(p.lada).map(|n| (p, n)))
        else {
            return Err(ReglaError::TelefonoDeOtroPais {
                permitidos: self.etiqueta(),
            });
        };
        if nacional.len() != pais.digitos {
            return Err(ReglaError::TelefonoLongitudPais {
                pais: pais.nombre,
                lada: pais.lada,
                digitos: pais.digitos,
            });
        }
        if !(pais.ordinario)(nacional) {
            return Err(ReglaError::TelefonoEspecial);
        }
        Ok(Some(digitos))
    }
}

/// When one more message may be queued, given the instants of those already queued (to a party,
/// or to a number) and the cap: `None` when it may go now; else the moment the oldest of the
/// last `max` leaves the rolling window. Instants count by the whole second: a message at
/// 20:10:00.4 frees its place at 21:10:00, the time the refusal says.
pub fn libre_desde(
    enviados: &[DateTime<Utc>],
    max: usize,
    ahora: DateTime<Utc>,
) -> Option<DateTime<Utc>> {
    use chrono::SubsecRound;
    let max = max.max(1);
    let desde = ahora.trunc_subsecs(0) - ventana_mensajes();
    let mut dentro: Vec<DateTime<Utc>> = enviados
        .iter()
        .map(|t| t.trunc_subsecs(0))
        .filter(|t| *t > desde)
        .collect();
    if dentro.len() < max {
        return None;
    }
    dentro.sort_unstable();
    Some(dentro[dentro.len() - max] + ventana_mensajes())
}

/// Whether a waiting party may be called now: at most [`MENSAJES_POR_GRUPO_POR_HORA`] messages
/// to it and [`MENSAJES_POR_NUMERO_POR_HORA`] to its number in the rolling hour. The refusal
/// says at what branch-local time (`zona`) it may be called again.
pub fn exigir_cupo_aviso(
    al_grupo: &[DateTime<Utc>],
    al_numero: &[DateTime<Utc>],
    ahora: DateTime<Utc>,
    zona: chrono_tz::Tz,
) -> Result<(), CupoExcedido> {
    let grupo = libre_desde(al_grupo, MENSAJES_POR_GRUPO_POR_HORA, ahora);
    let numero = libre_desde(al_numero, MENSAJES_POR_NUMERO_POR_HORA, ahora);
    let hasta = grupo.max(numero);
    let Some(hasta) = hasta else { return Ok(()) };
    let hora = hora_local(hasta, zona);
    let regla = if grupo.is_some() {
        ReglaError::AvisosExcedidos {
            max: MENSAJES_POR_GRUPO_POR_HORA,
            hora,
        }
    } else {
        ReglaError::MensajesAlNumeroExcedidos {
            max: MENSAJES_POR_NUMERO_POR_HORA,
            hora,
        }
    };
    Err(CupoExcedido { regla, hasta })
}

/// Whether one more message (a reminder) may go to a number now.
pub fn cabe_en_numero(al_numero: &[DateTime<Utc>], ahora: DateTime<Utc>) -> bool {
    libre_desde(al_numero, MENSAJES_POR_NUMERO_POR_HORA, ahora).is_none()
}

/// A message refused by a cap: the refusal, and when it may go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CupoExcedido {
    pub regla: ReglaError,
    pub hasta: DateTime<Utc>,
}

/// An instant as the branch's wall clock reads it, `HH:MM`: a minute begun is said as the next
/// one, so the time said is never before the message may go.
fn hora_local(t: DateTime<Utc>, zona: chrono_tz::Tz) -> String {
    use chrono::Timelike;
    let local = t.with_timezone(&zona);
    let local = if local.second() > 0 {
        local + Duration::seconds(60 - i64::from(local.second()))
    } else {
        local
    };
    local.format("%H:%M").to_string()
}

/// The setting as the conf-walkin form sends it when a client leaves it out: Mexico.
pub fn codigos_por_defecto() -> Vec<String> {
    PAISES_POR_DEFECTO.iter().map(|c| (*c).to_owned()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn solo(codigos: &[&str]) -> PaisesTelefono {
        PaisesTelefono::parse(codigos).unwrap()
    }

    #[test]
    fn telefono_a_mexican_number_is_taken_by_default() {
        let p = PaisesTelefono::default();
        assert_eq!(p.codigos(), ["MX"]);
        assert_eq!(
            p.telefono_de_huesped("+52 55 1234 5678"),
            Ok(Some("525512345678".into()))
        );
        assert_eq!(p.telefono_de_huesped(" +52 "), Ok(None));
        assert_eq!(p.telefono_de_huesped(""), Ok(None));
    }

    #[test]
    fn telefono_another_country_is_refused_until_the_branch_allows_it() {
        let mx = PaisesTelefono::default();
        let otro = Err(ReglaError::TelefonoDeOtroPais {
            permitidos: "México (+52)".into(),
        });
        assert_eq!(mx.telefono_de_huesped("+1 415 555 0134"), otro);
        assert_eq!(mx.telefono_de_huesped("+44 20 7946 0958"), otro);
        // Ten digits without the calling code are not Mexico's either: the message asks for it.
        assert_eq!(mx.telefono_de_huesped("55 1234 5678"), otro);
        let ambos = solo(&["us", "MX"]);
        assert_eq!(
            ambos.etiqueta(),
            "México (+52) o Estados Unidos y Canadá (+1)"
        );
        assert_eq!(
            ambos.telefono_de_huesped("+1 (415) 555-0134"),
            Ok(Some("14155550134".into()))
        );
        assert_eq!(
            ambos.telefono_de_huesped("+52 55 1234 5678"),
            Ok(Some("525512345678".into()))
        );
    }

    #[test]
    fn telefono_the_length_is_the_countrys() {
        let mx = PaisesTelefono::default();
        let largo = Err(ReglaError::TelefonoLongitudPais {
            pais: "México",
            lada: "52",
            digitos: 10,
        });
        assert_eq!(mx.telefono_de_huesped("52 55 1234 567"), largo);
        assert_eq!(mx.telefono_de_huesped("52 55 1234 56789"), largo);
        assert_eq!(
            mx.telefono_de_huesped("1234567890123456"),
            Err(ReglaError::TelefonoInvalido)
        );
        let es = solo(&["ES"]);
        assert_eq!(
            es.telefono_de_huesped("+34 612 345 678"),
            Ok(Some("34612345678".into()))
        );
    }

    #[test]
    fn telefono_special_and_premium_numbers_are_refused() {
        let todos = solo(&["MX", "US", "ES", "CO", "GT"]);
        for especial in [
            "+52 900 123 4567",
            "+52 800 123 4567",
            "+52 888 123 4567",
            "+52 300 123 4567",
            "+52 500 123 4567",
            "+1 900 555 0134",
            "+1 800 555 0134",
            "+1 876 555 0134",
            "+1 809 555 0134",
            "+1 555 555 0134",
            "+1 415 155 0134",
            "+34 905 123 456",
            "+34 803 123 456",
            "+57 1 800 123 456",
            "+502 1801 2345",
        ] {
            assert!(
                todos.telefono_de_huesped(especial).is_err(),
                "{especial} se aceptó"
            );
        }
        for ordinario in [
            "+52 55 1234 5678",
            "+52 33 1234 5678",
            "+52 81 1234 5678",
            "+52 999 123 4567",
            "+1 212 555 0134",
            "+1 416 555 0134",
            "+1 787 555 0134",
            "+34 912 345 678",
            "+57 300 123 4567",
            "+57 601 234 5678",
            "+502 2345 6789",
        ] {
            assert!(
                todos.telefono_de_huesped(ordinario).is_ok(),
                "{ordinario} se rechazó"
            );
        }
        assert_eq!(
            PaisesTelefono::default().telefono_de_huesped("+52 900 123 4567"),
            Err(ReglaError::TelefonoEspecial)
        );
    }

    #[test]
    fn telefono_the_setting_is_checked_and_stored() {
        assert_eq!(
            PaisesTelefono::parse(&["MX", "XX"]),
            Err(ReglaError::PaisTelefonoDesconocido {
                codigo: "XX".into(),
                posibles: "MX (México), US (Estados Unidos y Canadá), ES (España), CO (Colombia) y GT (Guatemala)".into()
            })
        );
        assert_eq!(
            PaisesTelefono::parse::<&str>(&[]),
            Err(ReglaError::PaisesTelefonoVacio)
        );
        let p = solo(&["ES", "mx", "MX"]);
        assert_eq!(p.guardado(), "MX,ES");
        assert_eq!(PaisesTelefono::de_guardado(Some("MX,ES")), p);
        assert_eq!(PaisesTelefono::de_guardado(None), PaisesTelefono::default());
        assert_eq!(
            PaisesTelefono::de_guardado(Some("ZZ")),
            PaisesTelefono::default()
        );
        assert_eq!(
            solo(&["MX", "ES", "CO"]).etiqueta(),
            "México (+52), España (+34) o Colombia (+57)"
        );
    }

    #[test]
    fn telefono_a_party_gets_three_calls_an_hour_and_a_number_five_messages() {
        let t0 = Utc.with_ymd_and_hms(2026, 11, 25, 2, 0, 0).unwrap();
        let zona = chrono_tz::America::Mexico_City;
        let min = |m: i64| t0 + Duration::minutes(m);
        let tres = [min(0), min(10), min(20)];
        assert_eq!(
            exigir_cupo_aviso(&tres[..2], &tres[..2], min(30), zona),
            Ok(())
        );
        // A fourth within the hour: again when the first leaves the window, 21:00 in Mexico City.
        let r = exigir_cupo_aviso(&tres, &tres, min(30), zona).unwrap_err();
        assert_eq!(r.hasta, min(60));
        assert_eq!(
            r.regla,
            ReglaError::AvisosExcedidos {
                max: 3,
                hora: "21:00".into()
            }
        );
        assert_eq!(exigir_cupo_aviso(&tres, &tres, min(60), zona), Ok(()));
        // By the whole second: a call at 20:00:00.4 leaves the window at 21:00:00.
        let casi = [t0 + Duration::milliseconds(400), min(10), min(20)];
        assert_eq!(
            exigir_cupo_aviso(&casi, &[], min(60) + Duration::milliseconds(10), zona),
            Ok(())
        );
        // Five to the number (two other parties' among them): the sixth waits.
        let cinco = [min(0), min(5), min(10), min(15), min(20)];
        let r = exigir_cupo_aviso(&[], &cinco, min(30), zona).unwrap_err();
        assert_eq!(
            r.regla,
            ReglaError::MensajesAlNumeroExcedidos {
                max: 5,
                hora: "21:00".into()
            }
        );
        // Both over: the later moment is the one said.
        let r = exigir_cupo_aviso(
            &tres,
            &[min(5), min(10), min(15), min(20), min(25)],
            min(30),
            zona,
        )
        .unwrap_err();
        assert_eq!(r.hasta, min(65));
        assert!(cabe_en_numero(&cinco[..4], min(30)));
        assert!(!cabe_en_numero(&cinco, min(30)));
        // Seconds round up: a message at 20:00:30 frees its place at 21:00:30, said "21:01".
        let r = exigir_cupo_aviso(
            &[t0 + Duration::seconds(30), min(10), min(20)],
            &[],
            min(30),
            zona,
        )
        .unwrap_err();
        assert_eq!(
            r.regla,
            ReglaError::AvisosExcedidos {
                max: 3,
                hora: "21:01".into()
            }
        );
    }
}
