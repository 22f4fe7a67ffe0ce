//! What a GET answers, a PUT takes back. Every editable resource is read by a caller allowed to
//! edit it and sent back as it came: the fields its PUT takes (the request body's properties in
//! the OpenAPI document), copied from the GET's answer untouched. The PUT answers 200 and a second
//! GET is the first one again. The other PUTs are actions (cancel, attendance, marking a
//! notification read, a new password): done once, then repeated, and the repetition changes
//! nothing. [`PUTS`] lists them all; `every_put_of_the_api_is_covered` holds it to the document.

use std::collections::BTreeSet;

use serde_json::{json, Map, Value};

use crate::helpers::{en_ambos, spawn_app, TestApp};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cobertura {
    /// GET, the same body back, 200, the same GET.
    IdaYVuelta,
    /// A change of state rather than of a form's fields: done, then repeated; the second time
    /// changes nothing a GET shows.
    Accion,
}

use Cobertura::{Accion, IdaYVuelta};

/// Every PUT of the API, by the path the OpenAPI document gives it, and how this file covers it.
const PUTS: &[(&str, Cobertura)] = &[
    ("/api/v1/admin/sucursal/{id}", IdaYVuelta),
    ("/api/v1/admin/sucursal/{id}/horario", IdaYVuelta),
    ("/api/v1/admin/sucursal/{id}/mesas", IdaYVuelta),
    ("/api/v1/admin/sucursal/{id}/days", IdaYVuelta),
    (
        "/api/v1/admin/sucursal/{id}/impresoras/{impresora}",
        IdaYVuelta,
    ),
    ("/api/v1/admin/conf-walkin", IdaYVuelta),
    ("/api/v1/admin/marcas/{id}", IdaYVuelta),
    ("/api/v1/admin/meseros/{id}", IdaYVuelta),
    ("/api/v1/admin/promocion/{id}", IdaYVuelta),
    ("/api/v1/admin/clientes/{id}", IdaYVuelta),
    ("/api/v1/admin/afiliados/{id}", IdaYVuelta),
    ("/api/v1/admin/reservacion/{id}", IdaYVuelta),
    ("/api/v1/admin/reservacion/{id}/editclient", IdaYVuelta),
    ("/api/v1/admin/roles/{id}", IdaYVuelta),
    ("/api/v1/admin/users/{id}", IdaYVuelta),
    ("/api/v1/admin/reservacion/{id}/cancel", Accion),
    ("/api/v1/admin/reservacion/{id}/asistencia", Accion),
    ("/api/v1/admin/notifications/{id}", Accion),
    ("/api/v1/admin/users/{id}/password", Accion),
];

/// Fields that record when a row was written: a save may move them.
const SELLOS: &[&str] = &["updated_at", "updatedAt"];

fn documento() -> Value {
    serde_json::to_value(anfitrion_server::api::documento()).expect("el documento OpenAPI es JSON")
}

fn puts_del_documento(doc: &Value) -> BTreeSet<String> {
    doc["paths"]
        .as_object()
        .expect("paths")
        .iter()
        .filter(|(_, ops)| ops.get("put").is_some())
        .map(|(ruta, _)| ruta.clone())
        .collect()
}

fn cubiertas(como: Cobertura) -> BTreeSet<String> {
    PUTS.iter()
        .filter(|(_, c)| *c == como)
        .map(|(r, _)| (*r).to_owned())
        .collect()
}

/// The schema `esquema` names, following a `$ref` into the document's components.
fn resolver<'a>(doc: &'a Value, esquema: &'a Value) -> &'a Value {
    match esquema["$ref"].as_str() {
        Some(r) => resolver(
            doc,
            &doc["components"]["schemas"][r.trim_start_matches("#/components/schemas/")],
        ),
        None => esquema,
    }
}

/// The properties an object schema takes, through `$ref` and `allOf` (a flattened struct).
fn propiedades(doc: &Value, esquema: &Value, salida: &mut BTreeSet<String>) {
    let esquema = resolver(doc, esquema);
    if let Some(p) = esquema["properties"].as_object() {
        salida.extend(p.keys().cloned());
    }
    for parte in esquema["allOf"].as_array().into_iter().flatten() {
        propiedades(doc, parte, salida);
    }
}

/// What a PUT's body is: an object of these fields, or a list of such objects.
#[derive(Debug)]
enum Forma {
    Objeto(BTreeSet<String>),
    Lista(BTreeSet<String>),
}

fn forma_del_cuerpo(doc: &Value, ruta: &str) -> Forma {
    let esquema =
        &doc["paths"][ruta]["put"]["requestBody"]["content"]["application/json"]["schema"];
    assert!(!esquema.is_null(), "{ruta}: el PUT no declara cuerpo");
    let esquema = resolver(doc, esquema);
    let mut campos = BTreeSet::new();
    if esquema["type"] == "array" {
        propiedades(doc, &esquema["items"], &mut campos);
        assert!(!campos.is_empty(), "{ruta}: sin campos");
        Forma::Lista(campos)
    } else {
        propiedades(doc, esquema, &mut campos);
        assert!(!campos.is_empty(), "{ruta}: sin campos");
        Forma::Objeto(campos)
    }
}

/// The fields of `valor` that `campos` names, as they are; the ones it lacks stay out.
fn tomar(valor: &Value, campos: &BTreeSet<String>) -> Value {
    let objeto = valor
        .as_object()
        .unwrap_or_else(|| panic!("se esperaba un objeto: {valor}"));
    Value::Object(
        objeto
            .iter()
            .filter(|(k, _)| campos.contains(*k))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect::<Map<_, _>>(),
    )
}

fn sin_sellos(v: &Value) -> Value {
    match v {
        Value::Object(o) => Value::Object(
            o.iter()
                .filter(|(k, _)| !SELLOS.contains(&k.as_str()))
                .map(|(k, v)| (k.clone(), sin_sellos(v)))
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(sin_sellos).collect()),
        otro => otro.clone(),
    }
}

/// One run over the API: the document's body shapes and the routes covered so far.
struct Recorrido<'a> {
    app: &'a TestApp,
    doc: Value,
    hechas: BTreeSet<String>,
}

impl Recorrido<'_> {
    /// GETs `lectura`; takes the resource out of its data with `recurso`; PUTs to `escritura` the
    /// fields the PUT of `plantilla` takes, from that resource as it is; expects 200 and the
    /// same GET again.
    async fn ida_y_vuelta(
        &mut self,
        plantilla: &str,
        token: &str,
        lectura: &str,
        escritura: &str,
        recurso: impl Fn(&Value) -> Value,
    ) {
        let antes = self.app.get(lectura, Some(token)).await.es_exito().clone();
        let r = recurso(&antes);
        let cuerpo = match forma_del_cuerpo(&self.doc, plantilla) {
            Forma::Objeto(campos) => tomar(&r, &campos),
            Forma::Lista(campos) => Value::Array(
                r.as_array()
                    .unwrap_or_else(|| panic!("se esperaba una lista: {r}"))
                    .iter()
                    .map(|x| tomar(x, &campos))
                    .collect(),
            ),
        };
        let put = self.app.put_json(escritura, Some(token), &cuerpo).await;
        assert_eq!(
            put.status, 200,
            "PUT {escritura} con {cuerpo}: {}",
            put.cuerpo
        );
        let despues = self.app.get(lectura, Some(token)).await.es_exito().clone();
        assert_eq!(
            sin_sellos(&despues),
            sin_sellos(&antes),
            "PUT {escritura} con lo que GET {lectura} respondió cambió algo"
        );
        self.hechas.insert(plantilla.to_owned());
    }

    /// Does `hacer` once (expecting 200), reads `lectura`, does it again (expecting `segunda`, a
    /// status and the message when it is an error), and expects the same read.
    async fn accion(
        &mut self,
        plantilla: &str,
        token: &str,
        lectura: &str,
        escritura: &str,
        cuerpo: Option<&Value>,
        segunda: (u16, &str),
    ) {
        let hacer = || async {
            match cuerpo {
                Some(c) => self.app.put_json(escritura, Some(token), c).await,
                None => self.app.put(escritura, Some(token)).await,
            }
        };
        hacer().await.es_exito();
        let antes = self.app.get(lectura, Some(token)).await.es_exito().clone();
        let otra = hacer().await;
        match segunda {
            (200, _) => {
                otra.es_exito();
            }
            (codigo, mensaje) => otra.es_error(codigo, mensaje),
        }
        let despues = self.app.get(lectura, Some(token)).await.es_exito().clone();
        assert_eq!(
            sin_sellos(&despues),
            sin_sellos(&antes),
            "repetir PUT {escritura} cambió algo"
        );
        self.hechas.insert(plantilla.to_owned());
    }
}

fn ids(lista: &Value) -> Vec<String> {
    lista
        .as_array()
        .expect("lista")
        .iter()
        .map(|x| x["_id"].as_str().expect("_id").to_owned())
        .collect()
}

/// A booking of `name` at 15:00 in `dias` days (the demo branches are open then), its `_id`.
async fn reservar(
    app: &TestApp,
    name: &str,
    email: Option<&str>,
    phone: Option<&str>,
    dias: i64,
) -> String {
    let mut fecha = app.hoy() + chrono::Duration::days(dias);
    while chrono::Datelike::month(&fecha) == 12 && chrono::Datelike::day(&fecha) == 25 {
        fecha += chrono::Duration::days(1);
    }
    let cuerpo = json!({ "tag": "polanco", "name": name, "email": email, "phone": phone, "fecha_hora": format!("{fecha} 15:00"),
                         "no_personas": 3, "evento": "Cumpleaños", "comentarios": "Junto a la ventana", "origin": "Whatsapp" });
    let r = app
        .post_json("/api/v1/public/reservacion", None, &cuerpo)
        .await;
    assert_eq!(r.status, 201, "{}", r.cuerpo);
    r.cuerpo["data"]["_id"].as_str().unwrap().to_owned()
}

#[test]
fn every_put_of_the_api_is_covered() {
    let doc = documento();
    let listadas: BTreeSet<String> = PUTS.iter().map(|(r, _)| (*r).to_owned()).collect();
    assert_eq!(listadas.len(), PUTS.len(), "una ruta repetida en PUTS");
    let del_documento = puts_del_documento(&doc);
    let sin_cubrir: Vec<_> = del_documento.difference(&listadas).collect();
    assert!(
        sin_cubrir.is_empty(),
        "PUTs del documento OpenAPI sin prueba de ida y vuelta: {sin_cubrir:?}"
    );
    let de_mas: Vec<_> = listadas.difference(&del_documento).collect();
    assert!(
        de_mas.is_empty(),
        "PUTS nombra rutas que el documento ya no tiene: {de_mas:?}"
    );
    // Each round trip reads its body's fields from the document: they must be there.
    for ruta in cubiertas(IdaYVuelta) {
        forma_del_cuerpo(&doc, &ruta);
    }
}

en_ambos! {
    async fn every_editable_resource_takes_back_what_it_answered(motor: Motor) {
        let app = spawn_app(motor).await;
        let mut r = Recorrido { app: &app, doc: documento(), hechas: BTreeSet::new() };
        let gerente = app.token("gerente@demo.mx").await;
        let sistemas = app.token("sistemas@demo.mx").await;
        let uno = |v: &Value| v.clone();

        // Branches (the manager's: sucursal.edit), with their schedule, tables and days.
        for tag in ["polanco", "satelite"] {
            let id = app.id_sucursal(tag).await;
            let lectura = format!("/api/v1/admin/sucursal/{id}");
            r.ida_y_vuelta("/api/v1/admin/sucursal/{id}", &gerente, &lectura, &lectura, uno).await;
            for (parte, campo) in [("horario", "horario"), ("mesas", "mesas"), ("days", "days")] {
                let plantilla = format!("/api/v1/admin/sucursal/{{id}}/{parte}");
                r.ida_y_vuelta(&plantilla, &gerente, &lectura, &format!("{lectura}/{parte}"), |s: &Value| s[campo].clone()).await;
            }
            let conf = format!("/api/v1/admin/conf-walkin?tag={tag}");
            r.ida_y_vuelta("/api/v1/admin/conf-walkin", &gerente, &conf, &conf, uno).await;
        }
        // A kitchen printer of each kind the form offers, as the branch's list answers it.
        let polanco = app.id_sucursal("polanco").await;
        let impresoras = format!("/api/v1/admin/sucursal/{polanco}/impresoras");
        for (name, direccion, imprime, ancho, pagina) in [("Cocina", "203.0.113.5", "comanda", 80, "cp858"), ("Barra", "[2001:db8::5]:9101", "abre", 58, "wpc1252")] {
            let cuerpo = json!({ "name": name, "direccion": direccion, "imprime": imprime, "ancho": ancho, "pagina": pagina, "activa": name == "Cocina" });
            let id = app.post_json(&impresoras, Some(&gerente), &cuerpo).await.es_exito_201()["_id"].as_str().unwrap().to_owned();
            let de = |l: &Value| l.as_array().unwrap().iter().find(|i| i["_id"] == id.as_str()).unwrap().clone();
            r.ida_y_vuelta("/api/v1/admin/sucursal/{id}/impresoras/{impresora}", &gerente, &impresoras, &format!("{impresoras}/{id}"), de).await;
        }
        // Brands (Sistemas: marcas.edit), each as its own GET answers it.
        for id in ids(app.get("/api/v1/admin/marcas", Some(&sistemas)).await.es_exito()) {
            let ruta = format!("/api/v1/admin/marcas/{id}");
            r.ida_y_vuelta("/api/v1/admin/marcas/{id}", &sistemas, &ruta, &ruta, uno).await;
        }
        // Waiters, active and not, and promotions: each taken from its branch's list.
        let meseros = "/api/v1/admin/meseros?tag=polanco&todos=true";
        for id in ids(app.get(meseros, Some(&gerente)).await.es_exito()) {
            let de = |l: &Value| l.as_array().unwrap().iter().find(|m| m["_id"] == id.as_str()).unwrap().clone();
            r.ida_y_vuelta("/api/v1/admin/meseros/{id}", &gerente, meseros, &format!("/api/v1/admin/meseros/{id}"), de).await;
        }
        let promos = "/api/v1/admin/promocion?tag=polanco";
        for id in ids(app.get(promos, Some(&gerente)).await.es_exito()) {
            let de = |l: &Value| l.as_array().unwrap().iter().find(|p| p["_id"] == id.as_str()).unwrap().clone();
            r.ida_y_vuelta("/api/v1/admin/promocion/{id}", &gerente, promos, &format!("/api/v1/admin/promocion/{id}"), de).await;
        }
        // Guests and partners.
        let clientes = app.get("/api/v1/admin/clientes?tag=polanco&limit=10", Some(&gerente)).await.es_exito()["items"].clone();
        for id in ids(&clientes) {
            let ruta = format!("/api/v1/admin/clientes/{id}");
            r.ida_y_vuelta("/api/v1/admin/clientes/{id}", &gerente, &format!("{ruta}?tag=polanco"), &ruta, uno).await;
        }
        for id in ids(app.get("/api/v1/admin/afiliados", Some(&gerente)).await.es_exito()) {
            let ruta = format!("/api/v1/admin/afiliados/{id}");
            r.ida_y_vuelta("/api/v1/admin/afiliados/{id}", &gerente, &ruta, &ruta, uno).await;
        }
        // Pending reservations: the demo's and bookings with and without an e-mail or a phone.
        let mut pendientes = ids(&app.get("/api/v1/admin/reservacion?tag=polanco&status=pendientes&limit=20", Some(&gerente)).await.es_exito()["items"]);
        pendientes.push(reservar(&app, "Ana Ruiz", Some("ana.ruiz@correo.mx"), Some("+52 55 1111 2222"), 3).await);
        pendientes.push(reservar(&app, "Luis Pérez", None, Some("+52 55 3333 4444"), 4).await);
        pendientes.push(reservar(&app, "Eva Soto", Some("eva@correo.mx"), None, 5).await);
        for id in pendientes {
            let ruta = format!("/api/v1/admin/reservacion/{id}?tag=polanco");
            r.ida_y_vuelta("/api/v1/admin/reservacion/{id}", &gerente, &ruta, &ruta, uno).await;
            let cliente = format!("/api/v1/admin/reservacion/{id}/editclient?tag=polanco");
            r.ida_y_vuelta("/api/v1/admin/reservacion/{id}/editclient", &gerente, &ruta, &cliente, uno).await;
        }
        // Roles and users (Sistemas).
        for id in ids(app.get("/api/v1/admin/roles", Some(&sistemas)).await.es_exito()) {
            let de = |l: &Value| l.as_array().unwrap().iter().find(|x| x["_id"] == id.as_str()).unwrap().clone();
            r.ida_y_vuelta("/api/v1/admin/roles/{id}", &sistemas, "/api/v1/admin/roles", &format!("/api/v1/admin/roles/{id}"), de).await;
        }
        for id in ids(&app.get("/api/v1/admin/users?limit=200", Some(&sistemas)).await.es_exito()["items"]) {
            let ruta = format!("/api/v1/admin/users/{id}");
            r.ida_y_vuelta("/api/v1/admin/users/{id}", &sistemas, &ruta, &ruta, uno).await;
        }

        assert_eq!(r.hechas, cubiertas(IdaYVuelta), "the round trips listed in PUTS are the ones this test makes");
    }

    async fn every_action_repeated_changes_nothing(motor: Motor) {
        let app = spawn_app(motor).await;
        let mut r = Recorrido { app: &app, doc: documento(), hechas: BTreeSet::new() };
        let gerente = app.token("gerente@demo.mx").await;

        let id = reservar(&app, "Zoe Quintanar", Some("zoe@correo.mx"), None, 2).await;
        let ruta = format!("/api/v1/admin/reservacion/{id}?tag=polanco");
        r.accion("/api/v1/admin/reservacion/{id}/cancel", &gerente, &ruta, &format!("/api/v1/admin/reservacion/{id}/cancel?tag=polanco"), None,
            (409, "No se puede cambiar una reservación de Cancelada a Cancelada")).await;

        let id = reservar(&app, "Iván Ortega", Some("ivan@correo.mx"), None, 2).await;
        // Iván arrives on his day, a few minutes early (a new day's sessions).
        let dia = app.get(&format!("/api/v1/admin/reservacion/{id}?tag=polanco"), Some(&gerente)).await.es_exito()["fecha_hora"].as_str().unwrap()[..10].to_owned();
        app.llevar_reloj_a(&format!("{dia} 14:55"));
        let (gerente, sistemas) = (app.token("gerente@demo.mx").await, app.token("sistemas@demo.mx").await);
        let mesero = app.get("/api/v1/admin/meseros?tag=polanco", Some(&gerente)).await.es_exito()[0]["_id"].clone();
        let asistencia = json!({ "tag_sucursal": "polanco", "status": "Asistio", "no_personas": 3,
            "comanda": { "mesa": "7", "mesero_id": mesero, "no_personas": 3, "buffet_adulto": 3, "buffet_boy": 0,
                         "buffet_promo_adulto": 3, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": false },
            "abre": { "promo": [] } });
        let ruta = format!("/api/v1/admin/reservacion/{id}?tag=polanco");
        r.accion("/api/v1/admin/reservacion/{id}/asistencia", &gerente, &ruta, &format!("/api/v1/admin/reservacion/{id}/asistencia"), Some(&asistencia),
            (409, "La reservación ya no está pendiente: está en «Asistió»")).await;

        let lista = "/api/v1/admin/notifications?tag=polanco";
        let id = app.get(lista, Some(&gerente)).await.es_exito()[0]["_id"].as_str().unwrap().to_owned();
        r.accion("/api/v1/admin/notifications/{id}", &gerente, lista, &format!("/api/v1/admin/notifications/{id}"), None, (200, "")).await;

        let hostess = app.get("/api/v1/admin/users?q=hostess", Some(&sistemas)).await.es_exito()["items"][0]["_id"].as_str().unwrap().to_owned();
        let ruta = format!("/api/v1/admin/users/{hostess}");
        r.accion("/api/v1/admin/users/{id}/password", &sistemas, &ruta, &format!("{ruta}/password"), Some(&json!({ "password": "otra-clave-9" })), (200, "")).await;
        app.token_con("hostess@demo.mx", "otra-clave-9").await;

        assert_eq!(r.hechas, cubiertas(Accion), "the actions listed in PUTS are the ones this test repeats");
    }
}
