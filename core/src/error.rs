//! Every way a rule can refuse an input, each carrying the exact Spanish text staff will read.

use serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::estado::EstadoReservacion;

/// A broken business rule. `Display` is the message shown to staff, word for word from the spec.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReglaError {
    /// Party size missing or zero.
    #[error("El número de personas no puede ser 0")]
    PersonasCero,
    /// Adult buffet count missing or zero, checked on Siguiente in both buffet modes.
    #[error("El número de Buffets Adulto no puede ser 0")]
    BuffetsAdultoCero,
    /// Buffet counts of the active mode do not add up to the party size.
    #[error("El número de personas no coincide con el número de Buffets")]
    BuffetsNoCoinciden,
    /// Promo mode with neither a Caballero nor a Dama buffet.
    #[error("El número de Buffets Caballero o Dama no pueden ser 0")]
    CaballeroODamaCero,
    /// Inline message on the buffet field being edited.
    #[error("El número de buffet no puede ser 0")]
    BuffetCero { campo: &'static str },
    /// Promotion quantity missing or zero.
    #[error("La cantidad no puede ser 0")]
    CantidadCero,
    /// Inline message when one promotion's quantity exceeds the party size.
    #[error("Mayor que personas")]
    MayorQuePersonas,
    #[error("La promoción ya está agregada")]
    PromoDuplicada,
    #[error("Seleccione una promoción")]
    PromoNoSeleccionada,
    /// One promotion's quantity, or all of them together, exceed the party size.
    #[error("El número de promociones no puede ser mayor que el número de personas")]
    PromosExcedenPersonas,
    /// The birthday promotion names who is celebrating; the ticket prints them.
    #[error("Escribe el nombre de los festejados")]
    FestejadosRequeridos,
    #[error("Error al eliminar la promoción")]
    EliminarPromoSinId,
    #[error("El nombre es obligatorio")]
    NombreRequerido,
    #[error("El nombre no puede tener más de {max} caracteres")]
    NombreLargo { max: usize },
    #[error("Correo electrónico no válido")]
    CorreoInvalido,
    /// A login with the e-mail or the password left empty.
    #[error("Escribe tu correo y tu contraseña.")]
    CredencialesIncompletas,
    #[error("La contraseña debe tener al menos {min} caracteres")]
    ClaveCorta { min: usize },
    #[error("La contraseña no puede tener más de {max} caracteres")]
    ClaveLarga { max: usize },
    #[error("Número de teléfono no válido")]
    TelefonoInvalido,
    #[error("No se puede cambiar una reservación de {} a {}", .desde.etiqueta(), .hacia.etiqueta())]
    TransicionInvalida {
        desde: EstadoReservacion,
        hacia: EstadoReservacion,
    },
    #[error("Estado de reservación desconocido: {0}")]
    EstadoDesconocido(String),
    #[error("Origen de reservación desconocido: {0}")]
    OrigenDesconocido(String),
    /// A branch tag outside lowercase letters, digits and inner hyphens.
    #[error("La etiqueta de la sucursal solo puede tener letras minúsculas, números y guiones (de {min} a {max} caracteres)")]
    TagInvalido { min: usize, max: usize },
    #[error("Pestaña de reservaciones desconocida: {0}")]
    VistaDesconocida(String),
    #[error("La fecha y hora deben tener el formato AAAA-MM-DD HH:MM")]
    FechaHoraInvalida,
    #[error("El número de personas no puede ser mayor que {max}")]
    PersonasExcedenLimite { max: u32 },
    #[error("Los comentarios no pueden tener más de {max} caracteres")]
    ComentariosLargos { max: usize },
    #[error("Solo se pueden editar reservaciones pendientes; esta está en «{}»", .estado.etiqueta())]
    ReservacionNoEditable { estado: EstadoReservacion },
    #[error("Escribe un correo o un teléfono para confirmar la reservación")]
    ContactoRequerido,
    #[error("La fecha y hora elegidas ya pasaron")]
    FechaPasada,
    #[error("La sucursal está cerrada ese día")]
    SucursalCerrada,
    #[error("La sucursal no abre a esa hora")]
    FueraDeHorario,
    /// Booking: every table (or the covers of that slot) is taken for the whole stay.
    #[error("Ya no hay mesa disponible a esa hora. Elige otro horario")]
    SinLugar,
    /// Booking: open, but not a bookable time (off the slot grid, or too close to closing).
    #[error("Ese horario no está disponible para reservar")]
    HorarioNoDisponible,
    /// Booking: sooner than the branch's lead time.
    #[error("Reserva con al menos {minutos} minutos de anticipación")]
    SinAnticipacion { minutos: u32 },
    /// Booking: beyond the branch's horizon.
    #[error("Solo se puede reservar con hasta {dias} días de anticipación")]
    FueraDeHorizonte { dias: u32 },
    /// Booking: no table, nor two joined, seats a party this size.
    #[error("No tenemos mesas para {personas} personas; llámanos para reservar")]
    GrupoSinMesa { personas: u32 },
    /// Availability: every time of the day is taken.
    #[error("Ya no hay mesas disponibles ese día")]
    DiaLleno,
    /// Availability: today's remaining times are all within the lead time.
    #[error("Ya no quedan horarios para reservar ese día")]
    SinHorariosRestantes,
    /// Check-in or attendance of a reservation that already ended one way or another.
    #[error("La reservación ya no está pendiente: está en «{}»", .estado.etiqueta())]
    NoPendiente { estado: EstadoReservacion },
    #[error("Elige el rol del usuario")]
    RolRequerido,
    #[error("Escribe el nombre del rol")]
    NombreRolRequerido,
    #[error("Permiso desconocido: {0}")]
    PermisoDesconocido(String),
    #[error("Elige al menos un permiso para el rol")]
    RolSinPermisos,
    #[error("Esa pantalla de inicio no existe: {0}")]
    InicioDesconocido(String),
    #[error("El rol no tiene permiso para abrir su pantalla de inicio ({pantalla})")]
    InicioSinPermiso { pantalla: &'static str },
    #[error("Cada día de la semana va una sola vez, del 1 (lunes) al 7 (domingo)")]
    DiaInvalido,
    #[error("La hora de apertura y la de cierre no pueden ser la misma")]
    HorarioVacio,
    /// An account whose role works in a branch, saved without one.
    #[error("Asigna al menos una sucursal: el rol «{rol}» trabaja en una")]
    SucursalRequerida { rol: String },
    /// A branch's phone that is not one (spec §5's rules: 12 to 15 digits with the country code).
    #[error("El teléfono de la sucursal no es válido: escribe la lada del país y el número, de 12 a 15 dígitos")]
    TelefonoSucursalInvalido,
    /// Hours that close before they open: only a close after midnight (until 06:00) runs over.
    #[error("La hora de cierre debe ser posterior a la de apertura; si cierra después de medianoche, hasta las {limite}")]
    CierreAntesDeApertura { limite: String },
    /// A special day added with a date already gone.
    #[error("El día especial del {fecha} ya pasó: elige hoy o una fecha futura")]
    DiaEspecialPasado { fecha: String },
    #[error("Cada mesa lleva un número distinto, mayor que 0")]
    MesaRepetida,
    #[error("Una mesa tiene de 1 a {max} asientos")]
    AsientosInvalidos { max: u32 },
    #[error("El número de mesa va de 1 a {max}")]
    NumeroMesaInvalido { max: u32 },
    #[error("Una sucursal tiene hasta {max} mesas")]
    DemasiadasMesas { max: usize },
    #[error("El área no puede tener más de {max} caracteres")]
    AreaLarga { max: usize },
    #[error("La forma de la mesa es «cuadrada» o «redonda»")]
    FormaMesaInvalida,
    #[error("La posición de la mesa va de 0 a 100")]
    PosicionMesaInvalida,
    #[error("La fecha debe tener el formato AAAA-MM-DD")]
    FechaInvalida,
    #[error("Esa fecha ya tiene un día especial")]
    FechaRepetida,
    #[error("Un día especial es «cerrado» o «especial»")]
    TipoDiaInvalido,
    #[error("El buffet de promoción debe empezar después del regular")]
    PromoAntesDeRegular,
    #[error("El corte de la tarde va después del inicio regular y a más tardar al inicio de la promoción: desde el corte, las comandas nuevas empiezan en promoción")]
    CorteFueraDeTramo,
    #[error("El día de servicio termina a una hora en punto, entre las 00:00 y las 12:00: hasta esa hora, quienes llegan de madrugada cuentan en el día anterior")]
    FinDiaFueraDeTramo,
    #[error("El prefijo del folio lleva hasta {max} mayúsculas, números o guiones")]
    PrefijoInvalido { max: usize },
    #[error("El pie del ticket no puede tener más de {max} caracteres")]
    PieLargo { max: usize },
    #[error("«{}» debe estar entre {min} y {max}", crate::campos::nombre(.campo))]
    FueraDeRango {
        campo: &'static str,
        min: u32,
        max: u32,
    },
    /// Check-in: too early for the reservation (another day's, or hours ahead of its time).
    #[error("La reservación es del {fecha} a las {hora}: su llegada se registra desde {antes_min} minutos antes de esa hora")]
    LlegadaAnticipada {
        fecha: String,
        hora: String,
        antes_min: u32,
    },
    /// Check-in: past the reservation's time and its tolerance (it is, or is about to be, a no-show).
    #[error("La reservación era del {fecha} a las {hora} y ya pasó su tolerancia de {gracia_min} minutos")]
    LlegadaTardia {
        fecha: String,
        hora: String,
        gracia_min: u32,
    },
    #[error("No se puede eliminar el rol: {usuarios} usuario(s) lo tienen")]
    RolEnUso { usuarios: u64 },
    #[error("No puedes desactivarte a ti mismo")]
    AutoDesactivacion,
    #[error("El grupo debe conservar al menos un usuario activo que administre usuarios y roles")]
    UltimoAdministrador,
    #[error("Elige la mesa")]
    MesaRequerida,
    #[error("Elige al mesero")]
    MeseroRequerido,
    #[error("La mesa no es de esta sucursal")]
    MesaDesconocida,
    #[error("El nombre de la mesa no puede tener más de {max} caracteres")]
    MesaLarga { max: usize },
    /// Another party sits at the table: two hosts never open one table twice.
    #[error("La mesa {mesa} está ocupada desde las {desde}")]
    MesaOcupada { mesa: String, desde: String },
    /// Freeing or moving a party that has already left its table.
    #[error("La mesa ya se liberó")]
    MesaYaLiberada,
    /// Moving a party to the table it already sits at.
    #[error("El grupo ya está en la mesa {0}")]
    MismaMesa(String),
    #[error("El mesero no está activo en esta sucursal")]
    MeseroDesconocido,
    #[error("La promoción «{0}» no está activa en esta sucursal")]
    PromoInactiva(String),
    #[error("El estado y el origen de un walk-in son «Walk-in»")]
    EstadoWalkin,
    #[error("El correo es obligatorio en esta sucursal")]
    CorreoRequerido,
    #[error("El teléfono es obligatorio en esta sucursal")]
    TelefonoRequerido,
    #[error("La hora debe tener el formato HH:MM")]
    HoraInvalida,
    #[error("Zona horaria desconocida: {0}")]
    ZonaInvalida(String),
    #[error("Fecha y hora no válidas")]
    InstanteInvalido,
    #[error("El código escaneado no corresponde a una reservación")]
    CodigoInvalido,
    #[error("La imagen no mide lo que indican su ancho y su alto")]
    ImagenInvalida,
    #[error("La fecha de inicio no puede ser posterior a la fecha de fin")]
    VentanaInvertida,
    #[error("La descripción no puede tener más de {max} caracteres")]
    DescripcionLarga { max: usize },
    #[error("Las notas no pueden tener más de {max} caracteres")]
    NotasLargas { max: usize },
    #[error("El contacto no puede tener más de {max} caracteres")]
    ContactoLargo { max: usize },
    #[error("El código del afiliado lleva de {min} a {max} letras, números o guiones")]
    CodigoAfiliadoInvalido { min: usize, max: usize },
    #[error("Tipo de afiliado desconocido: {0}")]
    TipoAfiliadoDesconocido(String),
    #[error("El código de afiliado no existe o no está activo")]
    AfiliadoDesconocido,
    #[error("Un cliente no se puede fusionar consigo mismo")]
    FusionConsigoMismo,
    /// A typed text holds a control or invisible formatting character (U+202E, a zero-width
    /// space, BEL, ESC…): it would print as garbage or reverse what staff read.
    #[error("El texto tiene caracteres invisibles o de control: escríbelo de nuevo sin ellos")]
    CaracteresInvisibles { campo: &'static str },
    /// The console's own origin, sent by someone who is not signed in to the console.
    #[error(
        "El origen Plataforma es solo para el personal: reserva desde la consola con tu sesión."
    )]
    OrigenDelPersonal,
    #[error("Escribe el nombre de la impresora")]
    NombreImpresoraRequerido,
    #[error("El nombre de la impresora no puede tener más de {max} caracteres")]
    NombreImpresoraLargo { max: usize },
    /// A printer's address that is not `host` or `host:port` (a URL, a path, a user, spaces…).
    #[error("Escribe la dirección de la impresora como equipo:puerto, por ejemplo 192.168.1.50:9100 (sin http:// ni rutas)")]
    DireccionImpresoraInvalida,
    #[error("El puerto de la impresora debe estar entre 1 y 65535")]
    PuertoImpresoraInvalido,
    #[error("El ancho del papel debe ser 80 o 58 mm")]
    AnchoPapelInvalido,
    #[error("Elige una página de códigos de la lista")]
    PaginaCodigosInvalida,
    #[error("Elige qué imprime: comanda, abre o ambos")]
    ImprimeInvalido,
    #[error("Los recordatorios son hasta {max} horas distintas antes de la reservación, cada una de 1 a {horas_max}")]
    RecordatoriosInvalidos { max: usize, horas_max: u32 },
    #[error("«{0}» no es un número entero de horas: escribe las horas separadas por comas, por ejemplo 24, 3.")]
    HorasIlegibles(String),
    #[error("Escribe por qué se fue")]
    MotivoRequerido,
    #[error("El motivo no puede tener más de {max} caracteres")]
    MotivoLargo { max: usize },
    /// A guest's link (reminder, confirmation page) that is not this reservation's, or was cut.
    #[error("El enlace no es válido. Ábrelo tal como llegó en el mensaje.")]
    EnlaceInvalido,
    #[error("El enlace venció: la hora de la reservación ya pasó.")]
    EnlaceVencido,
    #[error("Este enlace ya se usó.")]
    EnlaceUsado,
    /// A guest's change once the branch's lead time before the reservation has begun.
    #[error("Ya no se puede cambiar en línea: faltan menos de {min} minutos para la reservación. Llama a la sucursal.")]
    CambioFueraDePlazo { min: u32 },
    /// The waitlist: a party that is no longer waiting (seated, left) or of another branch.
    #[error("El grupo ya no está en la lista de espera")]
    EsperaTerminada,
    /// Input of the wrong shape (a negative count, text where a number goes, …); the detail is
    /// for logs, not for staff.
    #[error("Los datos enviados no son válidos")]
    EntradaInvalida(String),
    /// A printer's address the server never connects to, whatever the operator allows: itself,
    /// link-local (the cloud's metadata service), unspecified, broadcast, multicast.
    #[error("Esa dirección no puede ser de una impresora: no se permiten este mismo servidor (127.x.x.x, ::1, localhost), 0.0.0.0, 169.254.x.x ni direcciones de difusión o multidifusión")]
    DireccionImpresoraProhibida,
    /// A printer on a private network, where the operator has not allowed them.
    #[error("Este servidor no permite impresoras en la red privada (10.x.x.x, 172.16–31.x.x, 192.168.x.x, 100.64–127.x.x, fc00::/7); quien administra el servidor puede permitirla")]
    DireccionImpresoraPrivada,
    /// A guest's number of a country the branch does not take (or typed without its calling code).
    #[error("Esta sucursal solo acepta teléfonos de {permitidos}: escribe la lada del país y el número.")]
    TelefonoDeOtroPais { permitidos: String },
    #[error("Un teléfono de {pais} lleva {digitos} dígitos después de la lada +{lada}.")]
    TelefonoLongitudPais {
        pais: &'static str,
        lada: &'static str,
        digitos: usize,
    },
    /// Toll-free, premium rate, shared cost or personal numbering: no guest is reached there.
    #[error("Ese número es de servicios especiales o con costo (como 800 o 900): escribe un celular o un teléfono fijo.")]
    TelefonoEspecial,
    #[error("País desconocido para los teléfonos: «{codigo}». Los posibles son {posibles}.")]
    PaisTelefonoDesconocido { codigo: String, posibles: String },
    #[error("Elige al menos un país para los teléfonos de los huéspedes.")]
    PaisesTelefonoVacio,
    /// "Avisar" once more than a party may be called in a rolling hour.
    #[error("A este grupo ya se le avisó {max} veces en la última hora: podrá avisarle de nuevo a las {hora}.")]
    AvisosExcedidos { max: usize, hora: String },
    /// One more message than a number may receive in a rolling hour (calls and reminders).
    #[error("Ese teléfono ya recibió {max} mensajes en la última hora: podrá avisarle de nuevo a las {hora}.")]
    MensajesAlNumeroExcedidos { max: usize, hora: String },
}

impl ReglaError {
    /// Stable machine name, for clients that branch on the failure rather than its wording.
    pub fn codigo(&self) -> &'static str {
        use ReglaError::*;
        match self {
            PersonasCero => "personas_cero",
            BuffetsAdultoCero => "buffets_adulto_cero",
            BuffetsNoCoinciden => "buffets_no_coinciden",
            CaballeroODamaCero => "caballero_o_dama_cero",
            BuffetCero { .. } => "buffet_cero",
            CantidadCero => "cantidad_cero",
            MayorQuePersonas => "mayor_que_personas",
            PromoDuplicada => "promo_duplicada",
            PromoNoSeleccionada => "promo_no_seleccionada",
            PromosExcedenPersonas => "promos_exceden_personas",
            FestejadosRequeridos => "festejados_requeridos",
            EliminarPromoSinId => "eliminar_promo_sin_id",
            NombreRequerido => "nombre_requerido",
            NombreLargo { .. } => "nombre_largo",
            CorreoInvalido => "correo_invalido",
            CredencialesIncompletas => "credenciales_incompletas",
            ClaveCorta { .. } => "clave_corta",
            ClaveLarga { .. } => "clave_larga",
            TelefonoInvalido => "telefono_invalido",
            TransicionInvalida { .. } => "transicion_invalida",
            EstadoDesconocido(_) => "estado_desconocido",
            OrigenDesconocido(_) => "origen_desconocido",
            VistaDesconocida(_) => "vista_desconocida",
            NoPendiente { .. } => "no_pendiente",
            RolRequerido => "rol_requerido",
            NombreRolRequerido => "nombre_rol_requerido",
            PermisoDesconocido(_) => "permiso_desconocido",
            RolSinPermisos => "rol_sin_permisos",
            InicioDesconocido(_) => "inicio_desconocido",
            InicioSinPermiso { .. } => "inicio_sin_permiso",
            DiaInvalido => "dia_invalido",
            HorarioVacio => "horario_vacio",
            CierreAntesDeApertura { .. } => "cierre_antes_de_apertura",
            TelefonoSucursalInvalido => "telefono_sucursal_invalido",
            SucursalRequerida { .. } => "sucursal_requerida",
            DiaEspecialPasado { .. } => "dia_especial_pasado",
            MesaRepetida => "mesa_repetida",
            AsientosInvalidos { .. } => "asientos_invalidos",
            DemasiadasMesas { .. } => "demasiadas_mesas",
            NumeroMesaInvalido { .. } => "numero_mesa_invalido",
            AreaLarga { .. } => "area_larga",
            FormaMesaInvalida => "forma_mesa_invalida",
            PosicionMesaInvalida => "posicion_mesa_invalida",
            FechaInvalida => "fecha_invalida",
            FechaRepetida => "fecha_repetida",
            TipoDiaInvalido => "tipo_dia_invalido",
            PromoAntesDeRegular => "promo_antes_de_regular",
            CorteFueraDeTramo => "corte_fuera_de_tramo",
            FinDiaFueraDeTramo => "fin_dia_fuera_de_tramo",
            PrefijoInvalido { .. } => "prefijo_invalido",
            PieLargo { .. } => "pie_largo",
            RecordatoriosInvalidos { .. } => "recordatorios_invalidos",
            HorasIlegibles(_) => "horas_ilegibles",
            MotivoRequerido => "motivo_requerido",
            MotivoLargo { .. } => "motivo_largo",
            EnlaceInvalido => "enlace_invalido",
            EnlaceVencido => "enlace_vencido",
            EnlaceUsado => "enlace_usado",
            CambioFueraDePlazo { .. } => "cambio_fuera_de_plazo",
            EsperaTerminada => "espera_terminada",
            FueraDeRango { .. } => "fuera_de_rango",
            LlegadaAnticipada { .. } => "llegada_anticipada",
            LlegadaTardia { .. } => "llegada_tardia",
            RolEnUso { .. } => "rol_en_uso",
            AutoDesactivacion => "auto_desactivacion",
            UltimoAdministrador => "ultimo_administrador",
            MesaRequerida => "mesa_requerida",
            MeseroRequerido => "mesero_requerido",
            MesaDesconocida => "mesa_desconocida",
            MesaLarga { .. } => "mesa_larga",
            MesaOcupada { .. } => "mesa_ocupada",
            MesaYaLiberada => "mesa_ya_liberada",
            MismaMesa(_) => "misma_mesa",
            MeseroDesconocido => "mesero_desconocido",
            PromoInactiva(_) => "promo_inactiva",
            EstadoWalkin => "estado_walkin",
            CorreoRequerido => "correo_requerido",
            TelefonoRequerido => "telefono_requerido",
            FechaHoraInvalida => "fecha_hora_invalida",
            PersonasExcedenLimite { .. } => "personas_exceden_limite",
            ComentariosLargos { .. } => "comentarios_largos",
            ReservacionNoEditable { .. } => "reservacion_no_editable",
            ContactoRequerido => "contacto_requerido",
            FechaPasada => "fecha_pasada",
            SucursalCerrada => "sucursal_cerrada",
            FueraDeHorario => "fuera_de_horario",
            SinLugar => "sin_lugar",
            HorarioNoDisponible => "horario_no_disponible",
            SinAnticipacion { .. } => "sin_anticipacion",
            FueraDeHorizonte { .. } => "fuera_de_horizonte",
            GrupoSinMesa { .. } => "grupo_sin_mesa",
            DiaLleno => "dia_lleno",
            SinHorariosRestantes => "sin_horarios_restantes",
            TagInvalido { .. } => "tag_invalido",
            HoraInvalida => "hora_invalida",
            ZonaInvalida(_) => "zona_invalida",
            InstanteInvalido => "instante_invalido",
            CodigoInvalido => "codigo_invalido",
            ImagenInvalida => "imagen_invalida",
            VentanaInvertida => "ventana_invertida",
            DescripcionLarga { .. } => "descripcion_larga",
            NotasLargas { .. } => "notas_largas",
            ContactoLargo { .. } => "contacto_largo",
            CodigoAfiliadoInvalido { .. } => "codigo_afiliado_invalido",
            TipoAfiliadoDesconocido(_) => "tipo_afiliado_desconocido",
            AfiliadoDesconocido => "afiliado_desconocido",
            FusionConsigoMismo => "fusion_consigo_mismo",
            CaracteresInvisibles { .. } => "caracteres_invisibles",
            OrigenDelPersonal => "origen_del_personal",
            NombreImpresoraRequerido => "nombre_impresora_requerido",
            NombreImpresoraLargo { .. } => "nombre_impresora_largo",
            DireccionImpresoraInvalida => "direccion_impresora_invalida",
            PuertoImpresoraInvalido => "puerto_impresora_invalido",
            AnchoPapelInvalido => "ancho_papel_invalido",
            PaginaCodigosInvalida => "pagina_codigos_invalida",
            ImprimeInvalido => "imprime_invalido",
            EntradaInvalida(_) => "entrada_invalida",
            DireccionImpresoraProhibida => "direccion_impresora_prohibida",
            DireccionImpresoraPrivada => "direccion_impresora_privada",
            TelefonoDeOtroPais { .. } => "telefono_de_otro_pais",
            TelefonoLongitudPais { .. } => "telefono_longitud_pais",
            TelefonoEspecial => "telefono_especial",
            PaisTelefonoDesconocido { .. } => "pais_telefono_desconocido",
            PaisesTelefonoVacio => "paises_telefono_vacio",
            AvisosExcedidos { .. } => "avisos_excedidos",
            MensajesAlNumeroExcedidos { .. } => "mensajes_al_numero_excedidos",
        }
    }

    /// The form field the message belongs to, so a form can mark it.
    pub fn campo(&self) -> Option<&'static str> {
        use ReglaError::*;
        match self {
            PersonasCero => Some("no_personas"),
            CierreAntesDeApertura { .. } => Some("cierra"),
            CorteFueraDeTramo => Some("corte_tarde"),
            FinDiaFueraDeTramo => Some("fin_dia"),
            PromoAntesDeRegular => Some("inicio_promo"),
            TelefonoSucursalInvalido => Some("telefono"),
            SucursalRequerida { .. } => Some("tags"),
            DiaEspecialPasado { .. } => Some("fecha"),
            BuffetsAdultoCero => Some("buffet_adulto"),
            BuffetCero { campo } => Some(campo),
            CantidadCero | MayorQuePersonas => Some("qty"),
            FestejadosRequeridos => Some("field"),
            PromoNoSeleccionada | PromoDuplicada => Some("promo"),
            NombreRequerido | NombreLargo { .. } => Some("name"),
            CorreoInvalido => Some("email"),
            ClaveCorta { .. } | ClaveLarga { .. } => Some("password"),
            TelefonoInvalido => Some("phone"),
            TagInvalido { .. } => Some("tag"),
            MesaRequerida
            | MesaDesconocida
            | MesaLarga { .. }
            | MesaOcupada { .. }
            | MismaMesa(_) => Some("mesa"),
            RolRequerido => Some("role"),
            NombreRolRequerido => Some("name"),
            PermisoDesconocido(_) | RolSinPermisos => Some("permissions"),
            InicioDesconocido(_) | InicioSinPermiso { .. } => Some("inicio"),
            PrefijoInvalido { .. } => Some("prefijo_folio"),
            PieLargo { .. } => Some("pie_ticket"),
            RecordatoriosInvalidos { .. } | HorasIlegibles(_) => Some("recordatorios_horas"),
            MotivoRequerido | MotivoLargo { .. } => Some("motivo"),
            FueraDeRango { campo, .. } => Some(campo),
            MeseroRequerido | MeseroDesconocido => Some("mesero_id"),
            AreaLarga { .. } => Some("area"),
            FormaMesaInvalida => Some("forma"),
            PosicionMesaInvalida => Some("x"),
            PromoInactiva(_) => Some("promo"),
            CorreoRequerido => Some("email"),
            TelefonoRequerido => Some("phone"),
            FechaHoraInvalida | FechaPasada | SucursalCerrada | FueraDeHorario => {
                Some("fecha_hora")
            }
            SinLugar
            | HorarioNoDisponible
            | SinAnticipacion { .. }
            | FueraDeHorizonte { .. }
            | DiaLleno
            | SinHorariosRestantes => Some("fecha_hora"),
            GrupoSinMesa { .. } => Some("no_personas"),
            PersonasExcedenLimite { .. } => Some("no_personas"),
            ComentariosLargos { .. } => Some("comentarios"),
            OrigenDesconocido(_) => Some("origin"),
            VentanaInvertida => Some("hasta"),
            DescripcionLarga { .. } => Some("descripcion"),
            NotasLargas { .. } => Some("notas"),
            ContactoLargo { .. } => Some("contacto"),
            CodigoAfiliadoInvalido { .. } => Some("code"),
            TipoAfiliadoDesconocido(_) => Some("tipo"),
            AfiliadoDesconocido => Some("afiliado"),
            FusionConsigoMismo => Some("duplicado"),
            CaracteresInvisibles { campo } => Some(campo),
            OrigenDelPersonal => Some("origin"),
            NombreImpresoraRequerido | NombreImpresoraLargo { .. } => Some("name"),
            DireccionImpresoraInvalida | PuertoImpresoraInvalido => Some("direccion"),
            AnchoPapelInvalido => Some("ancho"),
            PaginaCodigosInvalida => Some("pagina"),
            ImprimeInvalido => Some("imprime"),
            DireccionImpresoraProhibida | DireccionImpresoraPrivada => Some("direccion"),
            TelefonoDeOtroPais { .. } | TelefonoLongitudPais { .. } | TelefonoEspecial => {
                Some("phone")
            }
            PaisTelefonoDesconocido { .. } | PaisesTelefonoVacio => Some("paises_telefono"),
            _ => None,
        }
    }

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
