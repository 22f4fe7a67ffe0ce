//! What a save costs the database: the statements that reach it, read from sqlx's query log
//! (target `sqlx::query`, where storage also writes each write transaction's start and end).

use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use tracing::field::{Field, Visit};
use tracing_subscriber::filter::Targets;
use tracing_subscriber::layer::{Context, SubscriberExt};
use tracing_subscriber::Layer;

use crate::helpers::{en_ambos, spawn, Opciones};

/// One line of the query log: a statement, or a transaction's start or end.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Linea {
    Sentencia(String),
    Empieza,
    Termina,
}

#[derive(Default)]
struct Campos {
    summary: String,
    statement: String,
    transaccion: Option<String>,
}

impl Visit for Campos {
    fn record_str(&mut self, campo: &Field, valor: &str) {
        match campo.name() {
            "summary" => self.summary = valor.to_owned(),
            "db.statement" => self.statement = valor.trim().to_owned(),
            "transaccion" => self.transaccion = Some(valor.to_owned()),
            _ => {}
        }
    }

    fn record_debug(&mut self, campo: &Field, valor: &dyn std::fmt::Debug) {
        let texto = format!("{valor:?}");
        self.record_str(campo, texto.trim_matches('"'));
    }
}

/// Every line the process logs from here on.
#[derive(Clone, Default)]
struct Registro(Arc<Mutex<Vec<Linea>>>);

impl<S: tracing::Subscriber> Layer<S> for Registro {
    fn on_event(&self, evento: &tracing::Event<'_>, _: Context<'_, S>) {
        let mut c = Campos::default();
        evento.record(&mut c);
        let linea = match c.transaccion.as_deref() {
            Some("empieza") => Linea::Empieza,
            Some(_) => Linea::Termina,
            None if c.statement.is_empty() => Linea::Sentencia(c.summary),
            None => Linea::Sentencia(c.statement),
        };
        self.0.lock().expect("registro").push(linea);
    }
}

impl Registro {
    /// The log of the process (each test runs in its own), installed once.
    fn global() -> Registro {
        static REGISTRO: OnceLock<Registro> = OnceLock::new();
        REGISTRO
            .get_or_init(|| {
                let registro = Registro::default();
                let capa = registro
                    .clone()
                    .with_filter(Targets::new().with_target("sqlx::query", tracing::Level::DEBUG));
                tracing::subscriber::set_global_default(tracing_subscriber::registry().with(capa))
                    .expect("el registro de consultas es el suscriptor de la prueba");
                registro
            })
            .clone()
    }

    /// The lines logged while `accion` ran.
    async fn durante<T>(&self, accion: impl std::future::Future<Output = T>) -> (T, Vec<Linea>) {
        let desde = self.0.lock().expect("registro").len();
        let salida = accion.await;
        let lineas = self.0.lock().expect("registro")[desde..].to_vec();
        (salida, lineas)
    }
}

/// Statements outside any transaction, and the transactions (their statements), in order.
fn viajes(lineas: &[Linea]) -> (Vec<String>, Vec<Vec<String>>) {
    let (mut sueltas, mut transacciones) = (Vec::new(), Vec::new());
    let mut abierta: Option<Vec<String>> = None;
    for l in lineas {
        match (l, abierta.as_mut()) {
            (Linea::Empieza, None) => abierta = Some(Vec::new()),
            (Linea::Termina, Some(_)) => transacciones.extend(abierta.take()),
            (Linea::Sentencia(s), Some(t)) => t.push(s.clone()),
            (Linea::Sentencia(s), None) => sueltas.push(s.clone()),
            (otra, _) => panic!("transacción mal anidada en el registro: {otra:?} en {lineas:#?}"),
        }
    }
    assert!(
        abierta.is_none(),
        "una transacción sin terminar: {lineas:#?}"
    );
    (sueltas, transacciones)
}

en_ambos! {
    async fn a_walk_in_save_is_one_read_and_one_transaction_after_the_session(motor: Motor) {
        let registro = Registro::global();
        // No outbox round, no kept forecast, and no pass of the print queue or the webhooks (which the save wakes),
        // while the save is measured: they are the jobs loop's statements, not the save's.
        let app = spawn(motor, Opciones::demo_con(|c| {
            c.correo.cada = Duration::from_secs(3600);
            c.impresion.activa = false;
            c.webhooks.activa = false;
            c.pronosticos = false;
        }))
        .await;
        let t = app.token("hostess@demo.mx").await;
        let meseros = app.get("/api/v1/admin/meseros?tag=polanco", Some(&t)).await;
        let mesero = meseros.es_exito()[0]["_id"].as_str().unwrap().to_owned();
        // What the session costs: a call that does nothing else.
        let (r, sesion) = registro.durante(app.get("/api/v1/auth/me", Some(&t))).await;
        r.es_exito();
        let (sesion, ninguna) = viajes(&sesion);
        assert!(ninguna.is_empty() && !sesion.is_empty(), "{sesion:#?}");
        let cuerpo = serde_json::json!({
            "tag_sucursal": "polanco", "name": "Familia Robles", "email": "", "phone": "52", "evento": "Cumpleaños",
            "comanda": { "mesa": "5", "mesero_id": mesero, "no_personas": 3, "buffet_adulto": 2, "buffet_boy": 1,
                         "buffet_promo_adulto": 3, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": false },
            "abre": { "promo": [] }
        });
        let (r, lineas) = registro.durante(app.post_json("/api/v1/admin/walkin", Some(&t), &cuerpo)).await;
        assert_eq!(r.status, 201, "{}", r.cuerpo);
        let (sueltas, transacciones) = viajes(&lineas);
        assert_eq!(&sueltas[..sesion.len()], &sesion[..], "la sesión primero: {lineas:#?}");
        assert_eq!(sueltas.len(), sesion.len() + 1, "una lectura después de la sesión: {lineas:#?}");
        assert_eq!(transacciones.len(), 1, "una transacción: {lineas:#?}");
        if std::env::var_os("ANFITRION_VER_CONSULTAS").is_some() {
            eprintln!("{lineas:#?}");
        }
    }
}
