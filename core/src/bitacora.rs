//! How an audit entry reads, in the words the screens use: the action's label, the Spanish name
//! of each field, a reservation's status as staff read it ("No asistió", not `Vencido`), and the
//! changed fields as "campo: antes → después". The logs' screen, their search and their CSV all
//! read these tables; nothing else spells them.

use serde::Serialize;

use crate::estado::EstadoReservacion;
use crate::texto::plegar;

/// Every action an entry may record: its code, which `bitacora.accion` stores, and its label.
/// Two codes may share a label (a reservation is created, a walk-in registered: both read
/// "Registro").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Accion {
    Crear,
    Registrar,
    Editar,
    EditarCliente,
    Cancelar,
    Asistencia,
    NoShow,
    Leer,
    Desactivar,
    Eliminar,
    Fusionar,
    CambiarClave,
    Horario,
    Mesas,
    Dias,
    /// A party's table freed ("Liberar mesa").
    LiberarMesa,
    /// A party moved to another table ("Cambiar de mesa").
    CambiarMesa,
    /// A comanda or abre sent to the kitchen's printers again ("Reimprimir").
    Reimprimir,
    /// The guest confirmed they are coming (a reminder's link or their own page).
    Confirmar,
    /// The guest changed their party or time from their own page.
    CambioDelCliente,
    /// The guest wrote to the group's number (an answer to a call or a reminder, or a message).
    MensajeSms,
    /// Staff answered a guest's message by SMS.
    RespuestaSms,
}

impl Accion {
    pub const TODAS: [Accion; 22] = [
        Accion::Crear,
        Accion::Registrar,
        Accion::Editar,
        Accion::EditarCliente,
        Accion::Cancelar,
        Accion::Asistencia,
        Accion::NoShow,
        Accion::Leer,
        Accion::Desactivar,
        Accion::Eliminar,
        Accion::Fusionar,
        Accion::CambiarClave,
        Accion::Horario,
        Accion::Mesas,
        Accion::Dias,
        Accion::LiberarMesa,
        Accion::CambiarMesa,
        Accion::Reimprimir,
        Accion::Confirmar,
        Accion::CambioDelCliente,
        Accion::MensajeSms,
        Accion::RespuestaSms,
    ];

    /// The code stored (existing logs hold these: they never change).
    pub const fn codigo(self) -> &'static str {
        match self {
            Accion::Crear => "crear",
            Accion::Registrar => "registrar",
            Accion::Editar => "editar",
            Accion::EditarCliente => "editar_cliente",
            Accion::Cancelar => "cancelar",
            Accion::Asistencia => "asistencia",
            Accion::NoShow => "no_show",
            Accion::Leer => "leer",
            Accion::Desactivar => "desactivar",
            Accion::Eliminar => "eliminar",
            Accion::Fusionar => "fusionar",
            Accion::CambiarClave => "cambiar_clave",
            Accion::Horario => "horario",
            Accion::Mesas => "mesas",
            Accion::Dias => "dias",
            Accion::LiberarMesa => "liberar_mesa",
            Accion::CambiarMesa => "cambiar_mesa",
            Accion::Reimprimir => "reimprimir",
            Accion::Confirmar => "confirmar",
            Accion::CambioDelCliente => "cambio_del_cliente",
            Accion::MensajeSms => "mensaje_sms",
            Accion::RespuestaSms => "respuesta_sms",
        }
    }

    /// How the logs name it.
    pub const fn etiqueta(self) -> &'static str {
        match self {
            Accion::Crear | Accion::Registrar => "Registro",
            Accion::Editar => "Edición",
            Accion::EditarCliente => "Edición del cliente",
            Accion::Cancelar => "Cancelación",
            Accion::Asistencia => "Asistencia",
            Accion::NoShow => "No asistió",
            Accion::Leer => "Notificación leída",
            Accion::Desactivar => "Desactivación",
            Accion::Eliminar => "Eliminación",
            Accion::Fusionar => "Fusión",
            Accion::CambiarClave => "Cambio de contraseña",
            Accion::Horario => "Cambio de horario",
            Accion::Mesas => "Cambio de mesas",
            Accion::Dias => "Cambio de días especiales",
            Accion::LiberarMesa => "Mesa liberada",
            Accion::CambiarMesa => "Cambio de mesa",
            Accion::Reimprimir => "Reimpresión",
            Accion::Confirmar => "Confirmación del cliente",
            Accion::CambioDelCliente => "Cambio del cliente",
            Accion::MensajeSms => "Mensaje del cliente por SMS",
            Accion::RespuestaSms => "Respuesta por SMS",
        }
    }

    /// The action a stored code names, if any.
    pub fn de_codigo(codigo: &str) -> Option<Accion> {
        Accion::TODAS.into_iter().find(|a| a.codigo() == codigo)
    }
}

/// The fields an entry may hold, in the order a change lists them; their Spanish names are the
/// forms' ([`crate::campos`]).
pub const CAMPOS: [&str; 14] = [
    "name",
    "folio",
    "status",
    "fecha_hora",
    "no_personas",
    "mesa",
    "mesero",
    "evento",
    "origin",
    "comentarios",
    "email",
    "phone",
    "isRead",
    "active",
];

/// A code written as words: `reabrir_mesa` reads "Reabrir mesa"; nothing reads "—".
fn como_palabras(codigo: &str) -> String {
    let texto = codigo.replace('_', " ");
    let texto = texto.trim();
    let mut letras = texto.chars();
    match letras.next() {
        Some(primera) => primera.to_uppercase().chain(letras).collect(),
        None => "—".to_owned(),
    }
}

/// The label of a stored action code; one no [`Accion`] has reads as its code in words.
pub fn etiqueta_accion(codigo: &str) -> String {
    Accion::de_codigo(codigo).map_or_else(|| como_palabras(codigo), |a| a.etiqueta().to_owned())
}

/// The Spanish name of a field, as the forms label it; one no form shows reads as its code in words.
pub fn nombre_campo(campo: &str) -> String {
    crate::campos::etiqueta(campo).map_or_else(|| como_palabras(campo), str::to_owned)
}

/// The codes of the actions whose label holds `q`, accents and case aside: what a search for
/// "cancelación" or "no asistio" means in the stored codes.
pub fn acciones_que_dicen(q: &str) -> Vec<&'static str> {
    let q = plegar(q.trim());
    if q.is_empty() {
        return Vec::new();
    }
    Accion::TODAS
        .into_iter()
        .filter(|a| plegar(a.etiqueta()).contains(&q))
        .map(Accion::codigo)
        .collect()
}

/// The stored names of the reservation states whose label holds `q`, accents and case aside:
/// "no asistió" is `Vencido`.
pub fn estados_que_dicen(q: &str) -> Vec<&'static str> {
    let q = plegar(q.trim());
    if q.is_empty() {
        return Vec::new();
    }
    EstadoReservacion::TODOS
        .into_iter()
        .filter(|e| plegar(e.etiqueta()).contains(&q))
        .map(EstadoReservacion::nombre)
        .collect()
}

/// A value an entry holds, as storage hands it over (core reads no JSON).
#[derive(Debug, Clone, PartialEq)]
pub enum Valor {
    Nulo,
    Logico(bool),
    Texto(String),
    /// A number, or anything else, already written out.
    Otro(String),
}

impl Valor {
    /// How the value reads under `campo`: a state by its label, yes/no in words, an empty text
    /// as such.
    pub fn legible(&self, campo: &str) -> String {
        match self {
            Valor::Nulo => "—".to_owned(),
            Valor::Logico(true) => "Sí".to_owned(),
            Valor::Logico(false) => "No".to_owned(),
            Valor::Texto(t) if t.is_empty() => "(vacío)".to_owned(),
            Valor::Texto(t) if campo == "status" => {
                EstadoReservacion::parse(t).map_or_else(|_| t.clone(), |e| e.etiqueta().to_owned())
            }
            Valor::Texto(t) | Valor::Otro(t) => t.clone(),
        }
    }
}

/// One field that differs between before and after, in words. `antes` is absent when the entry
/// had no before (a creation) or the field was not in it; `despues` likewise.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CampoCambiado {
    /// The field's Spanish name ("Estado", "Personas").
    pub campo: String,
    pub antes: Option<String>,
    pub despues: Option<String>,
}

impl CampoCambiado {
    /// "Estado: Pendiente → No asistió"; a side that is absent is left out, unless the whole
    /// after is (then "→ —").
    pub fn linea(&self) -> String {
        match (&self.antes, &self.despues) {
            (Some(a), Some(d)) => format!("{}: {a} → {d}", self.campo),
            (None, Some(d)) => format!("{}: {d}", self.campo),
            (Some(a), None) => format!("{}: {a} → —", self.campo),
            (None, None) => self.campo.clone(),
        }
    }
}

/// The fields whose value differs between `antes` and `despues` (each the members of an
/// object, or absent), in the order of [`CAMPOS`] and then by code.
pub fn cambios(
    antes: Option<&[(String, Valor)]>,
    despues: Option<&[(String, Valor)]>,
) -> Vec<CampoCambiado> {
    let valor = |lado: Option<&[(String, Valor)]>, campo: &str| {
        lado.and_then(|l| l.iter().find(|(c, _)| c == campo).map(|(_, v)| v.clone()))
    };
    let mut campos: Vec<&str> = antes
        .into_iter()
        .chain(despues)
        .flatten()
        .map(|(c, _)| c.as_str())
        .collect();
    let orden = |c: &str| CAMPOS.iter().position(|k| *k == c).unwrap_or(CAMPOS.len());
    campos.sort_by(|a, b| orden(a).cmp(&orden(b)).then(a.cmp(b)));
    campos.dedup();
    campos
        .into_iter()
        .filter_map(|campo| {
            let (a, d) = (valor(antes, campo), valor(despues, campo));
            (a != d).then(|| CampoCambiado {
                campo: nombre_campo(campo),
                antes: a.map(|v| v.legible(campo)),
                despues: d.map(|v| v.legible(campo)),
            })
        })
        .collect()
}

/// The changes of an entry on one line, as its CSV holds them.
pub fn linea_de_cambios(cambios: &[CampoCambiado]) -> String {
    cambios
        .iter()
        .map(CampoCambiado::linea)
        .collect::<Vec<_>>()
        .join("; ")
}

/// How a log names the record of an entry: the guest, and the folio when it has one.
pub fn texto_registro(name: &str, folio: Option<&str>) -> String {
    match folio.filter(|f| !f.is_empty()) {
        Some(f) if name.is_empty() => format!("Folio {f}"),
        Some(f) => format!("{name} (folio {f})"),
        None => name.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lado(pares: &[(&str, Valor)]) -> Vec<(String, Valor)> {
        pares
            .iter()
            .map(|(c, v)| ((*c).to_owned(), v.clone()))
            .collect()
    }

    #[test]
    fn each_action_has_one_code_and_reads_back_from_it() {
        for a in Accion::TODAS {
            assert_eq!(Accion::de_codigo(a.codigo()), Some(a));
        }
        assert_eq!(Accion::de_codigo("reabrir_mesa"), None);
    }

    #[test]
    fn actions_and_fields_read_in_spanish_and_unknown_codes_as_words() {
        assert_eq!(etiqueta_accion("cancelar"), "Cancelación");
        assert_eq!(etiqueta_accion("no_show"), "No asistió");
        assert_eq!(etiqueta_accion("reabrir_mesa"), "Reabrir mesa");
        assert_eq!(etiqueta_accion(""), "—");
        assert_eq!(nombre_campo("no_personas"), "Personas");
        assert_eq!(nombre_campo("nota_interna"), "Nota interna");
    }

    #[test]
    fn a_search_in_words_finds_the_codes_whatever_the_accents_and_case() {
        assert_eq!(acciones_que_dicen("CANCELACION"), vec!["cancelar"]);
        assert_eq!(acciones_que_dicen("no asistió"), vec!["no_show"]);
        assert_eq!(acciones_que_dicen("registro"), vec!["crear", "registrar"]);
        assert_eq!(acciones_que_dicen("  "), Vec::<&str>::new());
        assert_eq!(estados_que_dicen("No Asistio"), vec!["Vencido"]);
        assert_eq!(estados_que_dicen("cancelada"), vec!["Cancelada"]);
        assert!(estados_que_dicen("quiroga").is_empty());
    }

    #[test]
    fn a_change_lists_the_fields_that_differ_in_words() {
        let antes = lado(&[
            ("status", Valor::Texto("Pendiente".into())),
            ("no_personas", Valor::Otro("2".into())),
        ]);
        let despues = lado(&[
            ("status", Valor::Texto("Vencido".into())),
            ("no_personas", Valor::Otro("2".into())),
            ("mesa", Valor::Texto("3".into())),
        ]);
        let c = cambios(Some(antes.as_slice()), Some(despues.as_slice()));
        assert_eq!(
            linea_de_cambios(&c),
            "Estado: Pendiente → No asistió; Mesa: 3"
        );
        let creacion = lado(&[
            ("comentarios", Valor::Texto(String::new())),
            ("name", Valor::Texto("Ana".into())),
        ]);
        assert_eq!(
            linea_de_cambios(&cambios(None, Some(creacion.as_slice()))),
            "Nombre: Ana; Comentarios: (vacío)"
        );
        assert_eq!(
            linea_de_cambios(&cambios(
                Some(lado(&[("isRead", Valor::Logico(false))]).as_slice()),
                None
            )),
            "Leída: No → —"
        );
        assert!(cambios(None, None).is_empty());
    }

    #[test]
    fn a_record_reads_by_its_guest_and_folio() {
        assert_eq!(
            texto_registro("Familia Quiroga", Some("POL-0042")),
            "Familia Quiroga (folio POL-0042)"
        );
        assert_eq!(texto_registro("Renata", None), "Renata");
        assert_eq!(texto_registro("", Some("0042")), "Folio 0042");
    }
}
