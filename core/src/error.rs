//! Every way a rule can refuse an input, each carrying the exact Spanish text staff will read.

use serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::estado::EstadoReservacion;

/// Declares `ReglaError` from one table: each refusal on one line, as
/// `Variant {fields} => "codigo", campo, "message" [format arguments];`.
/// `codigo` is the stable machine name clients branch on; `campo` is the form field the message
/// belongs to: `-` for none, a literal, or the name of the variant's own field that holds it.
/// The message is the text staff read, word for word, in `thiserror`'s format syntax.
macro_rules! reglas {
    ($(
        $(#[$doc:meta])*
        $variante:ident $({ $($f:ident : $t:ty),* $(,)? })? $(( $($tupla:ty),* ))?
            => $codigo:literal, $campo:tt, $mensaje:literal $([$($arg:tt)*])?;
    )*) => {
        /// A broken business rule. `Display` is the message shown to staff, word for word.
        #[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
        pub enum ReglaError {
            $(
                $(#[$doc])*
                #[error($mensaje $(, $($arg)*)?)]
                $variante $({ $($f: $t),* })? $(( $($tupla),* ))?,
            )*
        }

        impl ReglaError {
            /// Stable machine name, for clients that branch on the failure rather than its wording.
            pub fn codigo(&self) -> &'static str {
                match self {
                    $(Self::$variante { .. } => $codigo,)*
                }
            }

            /// The form field the message belongs to, so a form can mark it.
            #[allow(unused_variables)]
            pub fn campo(&self) -> Option<&'static str> {
                match self {
                    $(Self::$variante { $($($f,)*)? .. } => reglas!(@campo $campo),)*
                }
            }
        }
    };
    (@campo -) => { None };
    (@campo $campo:literal) => { Some($campo) };
    (@campo $campo:ident) => { Some(*$campo) };
}

reglas! {
    /// Party size missing or zero.
    PersonasCero => "personas_cero", "no_personas", "El número de personas no puede ser 0";
    /// Adult buffet count missing or zero, checked on Siguiente in both buffet modes.
    BuffetsAdultoCero => "buffets_adulto_cero", "buffet_adulto", "El número de Buffets Adulto no puede ser 0";
    /// Buffet counts of the active mode do not add up to the party size.
    BuffetsNoCoinciden => "buffets_no_coinciden", -, "El número de personas no coincide con el número de Buffets";
    /// Promo mode with neither a Caballero nor a Dama buffet.
    CaballeroODamaCero => "caballero_o_dama_cero", -, "El número de Buffets Caballero o Dama no pueden ser 0";
    /// Inline message on the buffet field being edited.
    BuffetCero { campo: &'static str } => "buffet_cero", campo, "El número de buffet no puede ser 0";
    /// Promotion quantity missing or zero.
    CantidadCero => "cantidad_cero", "qty", "La cantidad no puede ser 0";
    /// Inline message when one promotion's quantity exceeds the party size.
    MayorQuePersonas => "mayor_que_personas", "qty", "Mayor que personas";
    PromoDuplicada => "promo_duplicada", "promo", "La promoción ya está agregada";
    PromoNoSeleccionada => "promo_no_seleccionada", "promo", "Seleccione una promoción";
    /// One promotion's quantity, or all of them together, exceed the party size.
    PromosExcedenPersonas => "promos_exceden_personas", -, "El número de promociones no puede ser mayor que el número de personas";
    /// The birthday promotion names who is celebrating; the ticket prints them.
    FestejadosRequeridos => "festejados_requeridos", "field", "Escribe el nombre de los festejados";
    EliminarPromoSinId => "eliminar_promo_sin_id", -, "Error al eliminar la promoción";
    NombreRequerido => "nombre_requerido", "name", "El nombre es obligatorio";
    NombreLargo { max: usize } => "nombre_largo", "name", "El nombre no puede tener más de {max} caracteres";
    CorreoInvalido => "correo_invalido", "email", "Correo electrónico no válido";
    /// A login with the e-mail or the password left empty.
    CredencialesIncompletas => "credenciales_incompletas", -, "Escribe tu correo y tu contraseña.";
    ClaveCorta { min: usize } => "clave_corta", "password", "La contraseña debe tener al menos {min} caracteres";
    ClaveLarga { max: usize } => "clave_larga", "password", "La contraseña no puede tener más de {max} caracteres";
    TelefonoInvalido => "telefono_invalido", "phone", "Número de teléfono no válido";
    TransicionInvalida { desde: EstadoReservacion, hacia: EstadoReservacion } => "transicion_invalida", -, "No se puede cambiar una reservación de {} a {}" [.desde.etiqueta(), .hacia.etiqueta()];
    EstadoDesconocido(String) => "estado_desconocido", -, "Estado de reservación desconocido: {0}";
    OrigenDesconocido(String) => "origen_desconocido", "origin", "Origen de reservación desconocido: {0}";
    /// A branch tag outside lowercase letters, digits and inner hyphens.
    TagInvalido { min: usize, max: usize } => "tag_invalido", "tag", "La etiqueta de la sucursal solo puede tener letras minúsculas, números y guiones (de {min} a {max} caracteres)";
    VistaDesconocida(String) => "vista_desconocida", -, "Pestaña de reservaciones desconocida: {0}";
    FechaHoraInvalida => "fecha_hora_invalida", "fecha_hora", "La fecha y hora deben tener el formato AAAA-MM-DD HH:MM";
    PersonasExcedenLimite { max: u32 } => "personas_exceden_limite", "no_personas", "El número de personas no puede ser mayor que {max}";
    ComentariosLargos { max: usize } => "comentarios_largos", "comentarios", "Los comentarios no pueden tener más de {max} caracteres";
    ReservacionNoEditable { estado: EstadoReservacion } => "reservacion_no_editable", -, "Solo se pueden editar reservaciones pendientes; esta está en «{}»" [.estado.etiqueta()];
    ContactoRequerido => "contacto_requerido", -, "Escribe un correo o un teléfono para confirmar la reservación";
    FechaPasada => "fecha_pasada", "fecha_hora", "La fecha y hora elegidas ya pasaron";
    SucursalCerrada => "sucursal_cerrada", "fecha_hora", "La sucursal está cerrada ese día";
    FueraDeHorario => "fuera_de_horario", "fecha_hora", "La sucursal no abre a esa hora";
    /// Booking: every table (or the covers of that slot) is taken for the whole stay.
    SinLugar => "sin_lugar", "fecha_hora", "Ya no hay mesa disponible a esa hora. Elige otro horario";
    /// Booking: open, but not a bookable time (off the slot grid, or too close to closing).
    HorarioNoDisponible => "horario_no_disponible", "fecha_hora", "Ese horario no está disponible para reservar";
    /// Booking: sooner than the branch's lead time.
    SinAnticipacion { minutos: u32 } => "sin_anticipacion", "fecha_hora", "Reserva con al menos {minutos} minutos de anticipación";
    /// Booking: beyond the branch's horizon.
    FueraDeHorizonte { dias: u32 } => "fuera_de_horizonte", "fecha_hora", "Solo se puede reservar con hasta {dias} días de anticipación";
    /// Booking: no table, nor two joined, seats a party this size.
    GrupoSinMesa { personas: u32 } => "grupo_sin_mesa", "no_personas", "No tenemos mesas para {personas} personas; llámanos para reservar";
    /// Availability: every time of the day is taken.
    DiaLleno => "dia_lleno", "fecha_hora", "Ya no hay mesas disponibles ese día";
    /// Availability: today's remaining times are all within the lead time.
    SinHorariosRestantes => "sin_horarios_restantes", "fecha_hora", "Ya no quedan horarios para reservar ese día";
    /// Check-in or attendance of a reservation that already ended one way or another.
    NoPendiente { estado: EstadoReservacion } => "no_pendiente", -, "La reservación ya no está pendiente: está en «{}»" [.estado.etiqueta()];
    RolRequerido => "rol_requerido", "role", "Elige el rol del usuario";
    NombreRolRequerido => "nombre_rol_requerido", "name", "Escribe el nombre del rol";
    PermisoDesconocido(String) => "permiso_desconocido", "permissions", "Permiso desconocido: {0}";
    RolSinPermisos => "rol_sin_permisos", "permissions", "Elige al menos un permiso para el rol";
    InicioDesconocido(String) => "inicio_desconocido", "inicio", "Esa pantalla de inicio no existe: {0}";
    InicioSinPermiso { pantalla: &'static str } => "inicio_sin_permiso", "inicio", "El rol no tiene permiso para abrir su pantalla de inicio ({pantalla})";
    DiaInvalido => "dia_invalido", -, "Cada día de la semana va una sola vez, del 1 (lunes) al 7 (domingo)";
    HorarioVacio => "horario_vacio", -, "La hora de apertura y la de cierre no pueden ser la misma";
    /// An account whose role works in a branch, saved without one.
    SucursalRequerida { rol: String } => "sucursal_requerida", "tags", "Asigna al menos una sucursal: el rol «{rol}» trabaja en una";
    /// A branch's phone that is not one (12 to 15 digits with the country code).
    TelefonoSucursalInvalido => "telefono_sucursal_invalido", "telefono", "El teléfono de la sucursal no es válido: escribe la lada del país y el número, de 12 a 15 dígitos";
    /// Hours that close before they open: only a close after midnight (until 06:00) runs over.
    CierreAntesDeApertura { limite: String } => "cierre_antes_de_apertura", "cierra", "La hora de cierre debe ser posterior a la de apertura; si cierra después de medianoche, hasta las {limite}";
    /// A special day added with a date already gone.
    DiaEspecialPasado { fecha: String } => "dia_especial_pasado", "fecha", "El día especial del {fecha} ya pasó: elige hoy o una fecha futura";
    MesaRepetida => "mesa_repetida", -, "Cada mesa lleva un número distinto, mayor que 0";
    AsientosInvalidos { max: u32 } => "asientos_invalidos", -, "Una mesa tiene de 1 a {max} asientos";
    NumeroMesaInvalido { max: u32 } => "numero_mesa_invalido", -, "El número de mesa va de 1 a {max}";
    DemasiadasMesas { max: usize } => "demasiadas_mesas", -, "Una sucursal tiene hasta {max} mesas";
    AreaLarga { max: usize } => "area_larga", "area", "El área no puede tener más de {max} caracteres";
    FormaMesaInvalida => "forma_mesa_invalida", "forma", "La forma de la mesa es «cuadrada» o «redonda»";
    PosicionMesaInvalida => "posicion_mesa_invalida", "x", "La posición de la mesa va de 0 a 100";
    FechaInvalida => "fecha_invalida", -, "La fecha debe tener el formato AAAA-MM-DD";
    FechaRepetida => "fecha_repetida", -, "Esa fecha ya tiene un día especial";
    TipoDiaInvalido => "tipo_dia_invalido", -, "Un día especial es «cerrado» o «especial»";
    PromoAntesDeRegular => "promo_antes_de_regular", "inicio_promo", "El buffet de promoción debe empezar después del regular";
    CorteFueraDeTramo => "corte_fuera_de_tramo", "corte_tarde", "El corte de la tarde va después del inicio regular y a más tardar al inicio de la promoción: desde el corte, las comandas nuevas empiezan en promoción";
    FinDiaFueraDeTramo => "fin_dia_fuera_de_tramo", "fin_dia", "El día de servicio termina a una hora en punto, entre las 00:00 y las 12:00: hasta esa hora, quienes llegan de madrugada cuentan en el día anterior";
    PrefijoInvalido { max: usize } => "prefijo_invalido", "prefijo_folio", "El prefijo del folio lleva hasta {max} mayúsculas, números o guiones";
    PieLargo { max: usize } => "pie_largo", "pie_ticket", "El pie del ticket no puede tener más de {max} caracteres";
    FueraDeRango { campo: &'static str, min: u32, max: u32 } => "fuera_de_rango", campo, "«{}» debe estar entre {min} y {max}" [crate::campos::nombre(.campo)];
    /// Check-in: too early for the reservation (another day's, or hours ahead of its time).
    LlegadaAnticipada { fecha: String, hora: String, antes_min: u32 } => "llegada_anticipada", -, "La reservación es del {fecha} a las {hora}: su llegada se registra desde {antes_min} minutos antes de esa hora";
    /// Check-in: past the reservation's time and its tolerance (it is, or is about to be, a no-show).
    LlegadaTardia { fecha: String, hora: String, gracia_min: u32 } => "llegada_tardia", -, "La reservación era del {fecha} a las {hora} y ya pasó su tolerancia de {gracia_min} minutos";
    RolEnUso { usuarios: u64 } => "rol_en_uso", -, "No se puede eliminar el rol: {usuarios} usuario(s) lo tienen";
    RolDeClaves { claves: u64 } => "rol_de_claves", -, "No se puede eliminar el rol: {claves} clave(s) de integración lo tienen";
    AutoDesactivacion => "auto_desactivacion", -, "No puedes desactivarte a ti mismo";
    UltimoAdministrador => "ultimo_administrador", -, "El grupo debe conservar al menos un usuario activo que administre usuarios y roles";
    MesaRequerida => "mesa_requerida", "mesa", "Elige la mesa";
    MeseroRequerido => "mesero_requerido", "mesero_id", "Elige al mesero";
    MesaDesconocida => "mesa_desconocida", "mesa", "La mesa no es de esta sucursal";
    MesaLarga { max: usize } => "mesa_larga", "mesa", "El nombre de la mesa no puede tener más de {max} caracteres";
    /// Another party sits at the table: two hosts never open one table twice.
    MesaOcupada { mesa: String, desde: String } => "mesa_ocupada", "mesa", "La mesa {mesa} está ocupada desde las {desde}";
    /// Freeing or moving a party that has already left its table.
    MesaYaLiberada => "mesa_ya_liberada", -, "La mesa ya se liberó";
    /// Moving a party to the table it already sits at.
    MismaMesa(String) => "misma_mesa", "mesa", "El grupo ya está en la mesa {0}";
    MeseroDesconocido => "mesero_desconocido", "mesero_id", "El mesero no está activo en esta sucursal";
    PromoInactiva(String) => "promo_inactiva", "promo", "La promoción «{0}» no está activa en esta sucursal";
    EstadoWalkin => "estado_walkin", -, "El estado y el origen de un walk-in son «Walk-in»";
    CorreoRequerido => "correo_requerido", "email", "El correo es obligatorio en esta sucursal";
    TelefonoRequerido => "telefono_requerido", "phone", "El teléfono es obligatorio en esta sucursal";
    HoraInvalida => "hora_invalida", -, "La hora debe tener el formato HH:MM";
    ZonaInvalida(String) => "zona_invalida", -, "Zona horaria desconocida: {0}";
    InstanteInvalido => "instante_invalido", -, "Fecha y hora no válidas";
    CodigoInvalido => "codigo_invalido", -, "El código escaneado no corresponde a una reservación";
    ImagenInvalida => "imagen_invalida", -, "La imagen no mide lo que indican su ancho y su alto";
    VentanaInvertida => "ventana_invertida", "hasta", "La fecha de inicio no puede ser posterior a la fecha de fin";
    DescripcionLarga { max: usize } => "descripcion_larga", "descripcion", "La descripción no puede tener más de {max} caracteres";
    NotasLargas { max: usize } => "notas_largas", "notas", "Las notas no pueden tener más de {max} caracteres";
    ContactoLargo { max: usize } => "contacto_largo", "contacto", "El contacto no puede tener más de {max} caracteres";
    CodigoAfiliadoInvalido { min: usize, max: usize } => "codigo_afiliado_invalido", "code", "El código del afiliado lleva de {min} a {max} letras, números o guiones";
    TipoAfiliadoDesconocido(String) => "tipo_afiliado_desconocido", "tipo", "Tipo de afiliado desconocido: {0}";
    AfiliadoDesconocido => "afiliado_desconocido", "afiliado", "El código de afiliado no existe o no está activo";
    /// Integrations: a key's and an endpoint's form.
    SucursalesRequeridas => "sucursales_requeridas", "sucursales", "Elige al menos una sucursal";
    ExpiracionInvalida => "expiracion_invalida", "expira", "La fecha de expiración no es válida";
    ExpiracionPasada => "expiracion_pasada", "expira", "La fecha de expiración ya pasó: elige una futura";
    UrlRequerida => "url_requerida", "url", "Escribe la dirección (URL) del destino";
    UrlLarga { max: usize } => "url_larga", "url", "La dirección no puede tener más de {max} caracteres";
    UrlInvalida => "url_invalida", "url", "Escribe una dirección completa que empiece con https://, sin usuario ni contraseña, por ejemplo https://crm.ejemplo.com/webhooks";
    EventoDesconocido(String) => "evento_desconocido", "eventos", "Evento desconocido: {0}";
    EventosRequeridos => "eventos_requeridos", "eventos", "Elige al menos un evento";
    /// An endpoint's address that resolves where the server may not send: itself, a private
    /// network, link-local (a cloud's metadata), multicast; or plain http outside the allowed network.
    DestinoProhibido(String) => "destino_prohibido", "url", "No se envían eventos a {0}: es una dirección interna o reservada";
    DestinoSinHttps => "destino_sin_https", "url", "La dirección debe empezar con https://";
    /// "Sincronizar todo" is a CRM's: a partner's webhook receives changes only.
    SoloCrm => "solo_crm", -, "Solo un destino de tipo CRM se sincroniza completo";
    FusionConsigoMismo => "fusion_consigo_mismo", "duplicado", "Un cliente no se puede fusionar consigo mismo";
    /// A typed text holds a control or invisible formatting character (U+202E, a zero-width
    /// space, BEL, ESC…): it would print as garbage or reverse what staff read.
    CaracteresInvisibles { campo: &'static str } => "caracteres_invisibles", campo, "El texto tiene caracteres invisibles o de control: escríbelo de nuevo sin ellos";
    /// The console's own origin, sent by someone who is not signed in to the console.
    OrigenDelPersonal => "origen_del_personal", "origin", "El origen Plataforma es solo para el personal: reserva desde la consola con tu sesión.";
    NombreImpresoraRequerido => "nombre_impresora_requerido", "name", "Escribe el nombre de la impresora";
    NombreImpresoraLargo { max: usize } => "nombre_impresora_largo", "name", "El nombre de la impresora no puede tener más de {max} caracteres";
    /// A printer's address that is not `host` or `host:port` (a URL, a path, a user, spaces…).
    DireccionImpresoraInvalida => "direccion_impresora_invalida", "direccion", "Escribe la dirección de la impresora como equipo:puerto, por ejemplo 192.168.1.50:9100 (sin http:// ni rutas)";
    PuertoImpresoraInvalido => "puerto_impresora_invalido", "direccion", "El puerto de la impresora debe estar entre 1 y 65535";
    AnchoPapelInvalido => "ancho_papel_invalido", "ancho", "El ancho del papel debe ser 80 o 58 mm";
    PaginaCodigosInvalida => "pagina_codigos_invalida", "pagina", "Elige una página de códigos de la lista";
    ImprimeInvalido => "imprime_invalido", "imprime", "Elige qué imprime: comanda, abre o ambos";
    RecordatoriosInvalidos { max: usize, horas_max: u32 } => "recordatorios_invalidos", "recordatorios_horas", "Los recordatorios son hasta {max} horas distintas antes de la reservación, cada una de 1 a {horas_max}";
    HorasIlegibles(String) => "horas_ilegibles", "recordatorios_horas", "«{0}» no es un número entero de horas: escribe las horas separadas por comas, por ejemplo 24, 3.";
    MotivoRequerido => "motivo_requerido", "motivo", "Escribe por qué se fue";
    MotivoLargo { max: usize } => "motivo_largo", "motivo", "El motivo no puede tener más de {max} caracteres";
    /// The host's answer to a guest by SMS, empty.
    RespuestaVacia => "respuesta_vacia", "texto", "Escribe la respuesta.";
    /// The host's answer to a guest by SMS, longer than two segments.
    RespuestaLarga { max: usize } => "respuesta_larga", "texto", "La respuesta no puede tener más de {max} caracteres.";
    /// A guest's link (reminder, confirmation page) that is not this reservation's, or was cut.
    EnlaceInvalido => "enlace_invalido", -, "El enlace no es válido. Ábrelo tal como llegó en el mensaje.";
    EnlaceVencido => "enlace_vencido", -, "El enlace venció: la hora de la reservación ya pasó.";
    EnlaceUsado => "enlace_usado", -, "Este enlace ya se usó.";
    /// A guest's change once the branch's lead time before the reservation has begun.
    CambioFueraDePlazo { min: u32 } => "cambio_fuera_de_plazo", -, "Ya no se puede cambiar en línea: faltan menos de {min} minutos para la reservación. Llama a la sucursal.";
    /// The waitlist: a party that is no longer waiting (seated, left) or of another branch.
    EsperaTerminada => "espera_terminada", -, "El grupo ya no está en la lista de espera";
    /// A guest joining the waitlist online without a phone: their page's link and the call go to it.
    TelefonoParaEspera => "telefono_para_espera", "phone", "Escribe tu celular: por él te avisamos cuando tu mesa esté lista.";
    /// A party online larger than any table, or two joined, of the branch seats.
    GrupoGrandeEspera { max: u32 } => "grupo_grande_espera", "personas", "En línea la lista toma grupos de hasta {max} personas: para un grupo mayor, pide tu lugar con la hostess.";
    /// The branch closed its online list.
    ListaEnLineaCerrada => "lista_en_linea_cerrada", -, "La lista de espera en línea está cerrada por ahora. Pide tu lugar con la hostess en la entrada.";
    /// The online list outside the branch's hours.
    ListaFueraDeHorario => "lista_fuera_de_horario", -, "La sucursal está cerrada a esta hora: la lista de espera en línea se abre durante el servicio.";
    /// Input of the wrong shape (a negative count, text where a number goes, …); the detail is
    /// for logs, not for staff.
    EntradaInvalida(String) => "entrada_invalida", -, "Los datos enviados no son válidos";
    /// A printer's address the server never connects to, whatever the operator allows: itself,
    /// link-local (the cloud's metadata service), unspecified, broadcast, multicast.
    DireccionImpresoraProhibida => "direccion_impresora_prohibida", "direccion", "Esa dirección no puede ser de una impresora: no se permiten este mismo servidor (127.x.x.x, ::1, localhost), 0.0.0.0, 169.254.x.x ni direcciones de difusión o multidifusión";
    /// A printer on a private network, where the operator has not allowed them.
    DireccionImpresoraPrivada => "direccion_impresora_privada", "direccion", "Este servidor no permite impresoras en la red privada (10.x.x.x, 172.16–31.x.x, 192.168.x.x, 100.64–127.x.x, fc00::/7); quien administra el servidor puede permitirla";
    /// A guest's number of a country the branch does not take (or typed without its calling code).
    TelefonoDeOtroPais { permitidos: String } => "telefono_de_otro_pais", "phone", "Esta sucursal solo acepta teléfonos de {permitidos}: escribe la lada del país y el número.";
    TelefonoLongitudPais { pais: &'static str, lada: &'static str, digitos: usize } => "telefono_longitud_pais", "phone", "Un teléfono de {pais} lleva {digitos} dígitos después de la lada +{lada}.";
    /// Toll-free, premium rate, shared cost or personal numbering: no guest is reached there.
    TelefonoEspecial => "telefono_especial", "phone", "Ese número es de servicios especiales o con costo (como 800 o 900): escribe un celular o un teléfono fijo.";
    PaisTelefonoDesconocido { codigo: String, posibles: String } => "pais_telefono_desconocido", "paises_telefono", "País desconocido para los teléfonos: «{codigo}». Los posibles son {posibles}.";
    PaisesTelefonoVacio => "paises_telefono_vacio", "paises_telefono", "Elige al menos un país para los teléfonos de los huéspedes.";
    /// "Avisar" once more than a party may be called in a rolling hour.
    AvisosExcedidos { max: usize, hora: String } => "avisos_excedidos", -, "A este grupo ya se le avisó {max} veces en la última hora: podrá avisarle de nuevo a las {hora}.";
    /// One more message than a number may receive in a rolling hour (calls and reminders).
    MensajesAlNumeroExcedidos { max: usize, hora: String } => "mensajes_al_numero_excedidos", -, "Ese teléfono ya recibió {max} mensajes en la última hora: podrá avisarle de nuevo a las {hora}.";
}

impl ReglaError {
    /// The message staff read.
    pub fn mensaje(&self) -> String {
        self.to_string()
    }
}

impl Serialize for ReglaError {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("ReglaError", 3)?;
        st.serialize_field("codigo", self.codigo())?;
        st.serialize_field("campo", &self.campo())?;
        st.serialize_field("mensaje", &self.mensaje())?;
        st.end()
    }
}

/// Messages that are not refusals: outcomes the screens announce.
pub mod mensajes {
    use serde::Serialize;

    /// Every outcome text, as the console receives them all at once.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
    #[serde(rename_all = "camelCase")]
    #[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
    pub struct Mensajes {
        pub datos_guardados: &'static str,
        pub error_al_guardar: &'static str,
        pub asistencia_registrada: &'static str,
        pub promo_eliminada: &'static str,
    }

    pub const TODOS: Mensajes = Mensajes {
        datos_guardados: DATOS_GUARDADOS,
        error_al_guardar: ERROR_AL_GUARDAR,
        asistencia_registrada: ASISTENCIA_REGISTRADA,
        promo_eliminada: PROMO_ELIMINADA,
    };

    pub const DATOS_GUARDADOS: &str = "Datos guardados correctamente";
    pub const ERROR_AL_GUARDAR: &str = "Error al guardar los datos";
    pub const ASISTENCIA_REGISTRADA: &str =
        "Asistencia registrada correctamente. Imprime la comanda y el abre";
    pub const PROMO_ELIMINADA: &str = "Promoción eliminada";
}
