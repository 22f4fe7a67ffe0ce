//! The names the screens give the API's fields. A message about a field says it the way the form
//! labels it ("Tolerancia (minutos)"), never by its wire name (`gracia_min`); what no form shows
//! keeps its wire name.

/// `(wire name, label on the screens)`, one entry per field a form edits.
const ETIQUETAS: &[(&str, &str)] = &[
    // Walk-in and booking settings (/conf-walkin).
    ("inicio_regular", "Inicio regular"),
    ("inicio_promo", "Inicio promoción"),
    ("corte_tarde", "Corte de la tarde"),
    ("fin_dia", "Fin del día de servicio"),
    ("gracia_min", "Tolerancia (minutos)"),
    ("llegada_antes_min", "Llegada anticipada (minutos)"),
    ("prefijo_folio", "Prefijo de folio"),
    ("pie_ticket", "Pie del ticket"),
    ("correo_requerido", "Correo requerido"),
    ("telefono_requerido", "Teléfono requerido"),
    ("paso_min", "Paso (minutos)"),
    ("estancia_min", "Estancia (minutos)"),
    ("anticipacion_min", "Anticipación (minutos)"),
    ("horizonte_dias", "Horizonte (días)"),
    ("cubiertos_por_turno", "Cubiertos por turno"),
    ("estancia_mesa_min", "Estancia esperada en mesa (minutos)"),
    (
        "vencer_impresion_min",
        "Espera máxima de un ticket por su impresora (minutos)",
    ),
    ("recordatorios_horas", "Recordatorios (horas antes)"),
    ("paises_telefono", "Países de los teléfonos de huéspedes"),
    ("umbral_no_show", "No-shows para marcar riesgo"),
    // A branch's hours, special days and tables.
    ("abre", "Abre"),
    ("cierra", "Cierra"),
    ("cerrado", "Cerrado"),
    ("fecha", "Fecha"),
    ("numero", "Número de mesa"),
    ("asientos", "Asientos"),
    ("combinable", "Se puede unir"),
    ("area", "Área"),
    ("forma", "Forma"),
    ("x", "Posición"),
    ("telefono", "Teléfono"),
    ("direccion", "Dirección"),
    ("zona", "Zona horaria"),
    // A branch's printers ("name" and "direccion" above).
    ("ancho", "Ancho del papel"),
    ("pagina", "Página de códigos"),
    ("imprime", "Imprime"),
    // People and orders.
    ("name", "Nombre"),
    ("email", "Correo electrónico"),
    ("phone", "Teléfono"),
    ("password", "Contraseña"),
    ("evento", "Evento"),
    ("comentarios", "Comentarios"),
    ("no_personas", "Personas"),
    ("buffet_adulto", "Buffet adulto"),
    ("buffet_boy", "Buffet niño"),
    ("buffet_promo_adulto", "Buffet caballero"),
    ("buffet_promo_girl", "Buffet dama"),
    ("buffet_promo_boy", "Buffet niño (promoción)"),
    ("fecha_hora", "Fecha y hora"),
    ("mesa", "Mesa"),
    ("mesero_id", "Mesero"),
    ("qty", "Cantidad"),
    // The waitlist.
    ("personas", "Personas"),
    ("notas", "Notas"),
    ("motivo", "Motivo"),
    // What the logs record besides (their entries, the CSV).
    ("folio", "Folio"),
    ("status", "Estado"),
    ("mesero", "Mesero"),
    ("origin", "Origen"),
    ("isRead", "Leída"),
    ("active", "Activo"),
    ("ticket", "Ticket"),
];

/// The label the screens give `campo`, if a form shows it.
pub fn etiqueta(campo: &str) -> Option<&'static str> {
    ETIQUETAS.iter().find(|(c, _)| *c == campo).map(|(_, e)| *e)
}

/// `campo` as a message names it: its label, or its wire name when no form shows it.
pub fn nombre(campo: &str) -> &str {
    etiqueta(campo).unwrap_or(campo)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_field_has_one_label_and_unknown_ones_keep_their_name() {
        assert_eq!(nombre("gracia_min"), "Tolerancia (minutos)");
        assert_eq!(nombre("cubiertos_por_turno"), "Cubiertos por turno");
        assert_eq!(nombre("otro"), "otro");
        let mut vistos: Vec<&str> = ETIQUETAS.iter().map(|(c, _)| *c).collect();
        vistos.sort_unstable();
        vistos.dedup();
        assert_eq!(vistos.len(), ETIQUETAS.len(), "a wire name listed twice");
    }
}
