//! `/api/v1/admin/logs/walkin` and `/api/v1/admin/logs/reserva`: a branch's audit log of walk-ins
//! and of reservations, newest first, by date range and text; with `Accept: text/csv` the whole
//! range streams as CSV (UTF-8 with BOM, comma, header row, dates in the branch's time, the
//! screen's words: action labels, the record's name, the changes as "campo: antes → después"; a
//! cell that would start a spreadsheet formula begins with `'`), a batch at a time, never all of
//! it in memory. No call changes or deletes an entry.

use anfitrion_core::bitacora;
use anfitrion_core::permisos::requiere;
use anfitrion_core::tiempo::ReglasHorario;
use axum::body::Body;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use chrono::NaiveDate;
use futures_util::stream;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::{Con, SucursalEnAlcance};
use crate::db::bitacora::{Entidad, EntradaBitacora, FiltroBitacora};
use crate::envelope::Envelope;
use crate::error::{ApiError, EnvelopeError, Result};
use crate::estado::AppState;
use crate::extract::{Paginacion, Query};

/// Entries an export reads per batch.
const LOTE: u32 = 1000;
/// The export's header row: the screen's column headings.
const ENCABEZADO: &str = "Fecha y hora,Usuario,Acción,Registro,Antes / después\r\n";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(walkin))
        .routes(routes!(reserva))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ParametrosBitacora {
    /// Branch tag.
    #[param(required = true)]
    pub tag: Option<String>,
    /// First day, `YYYY-MM-DD` (branch-local), included.
    pub desde: Option<String>,
    /// Last day, `YYYY-MM-DD` (branch-local), included.
    pub hasta: Option<String>,
    /// Who, what or which record, in the log's words: a user's or guest's name, a folio, an
    /// action's or a state's label ("Cancelación", "No asistió"), accents and case aside.
    pub q: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PaginaBitacora {
    pub items: Vec<EntradaBitacora>,
    pub total: i64,
    pub page: u32,
    pub limit: u32,
}

fn fecha(raw: &Option<String>, campo: &str) -> Result<Option<NaiveDate>> {
    match raw.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(s) => NaiveDate::parse_from_str(s, "%Y-%m-%d")
            .map(Some)
            .map_err(|_| {
                ApiError::Entrada(format!(
                    "El parámetro «{campo}» debe ser una fecha AAAA-MM-DD."
                ))
            }),
    }
}

/// What a spreadsheet reads as the start of a formula (OWASP's list for CSV injection).
const INICIO_DE_FORMULA: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// A CSV field: every cell of the export goes through here. One that begins as a formula would
/// (a guest named `=HYPERLINK(…)`) gets a `'` in front, as OWASP recommends, so a spreadsheet
/// shows it as the text it is; it is quoted, as is any field holding a comma, a quote or a line
/// break.
fn campo(texto: &str) -> String {
    let formula = texto.starts_with(INICIO_DE_FORMULA);
    if formula || texto.contains([',', '"', '\n', '\r']) {
        let apostrofo = if formula { "'" } else { "" };
        format!("\"{apostrofo}{}\"", texto.replace('"', "\"\""))
    } else {
        texto.to_owned()
    }
}

/// An entry as the screen reads it: the action's label, the record's name, the changes in words.
fn fila(e: &EntradaBitacora, reglas: &ReglasHorario) -> String {
    let columnas = [
        reglas.local(e.at).format("%Y-%m-%d %H:%M:%S").to_string(),
        e.usuario_name.clone(),
        e.accion_etiqueta.clone(),
        e.registro.clone(),
        bitacora::linea_de_cambios(&e.cambios),
    ];
    let mut linea = columnas
        .iter()
        .map(|c| campo(c))
        .collect::<Vec<_>>()
        .join(",");
    linea.push_str("\r\n");
    linea
}

fn quiere_csv(headers: &HeaderMap) -> bool {
    headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("text/csv"))
}

async fn bitacora(
    state: AppState,
    sucursal: SucursalEnAlcance,
    p: ParametrosBitacora,
    Paginacion { page, limit }: Paginacion,
    headers: HeaderMap,
    entidades: &'static [Entidad],
    nombre: &'static str,
) -> Result<Response> {
    let (sucursal_id, conf) = sucursal.conf(&state).await?;
    let reglas = conf.walkin.horario;
    // Days are the branch's business days: "Hoy" at 00:30 still holds the night's entries.
    let dia = |d: NaiveDate| reglas.instantes_dia(d);
    let (desde, hasta) = (fecha(&p.desde, "desde")?, fecha(&p.hasta, "hasta")?);
    // A range that ends before it starts is said, never read as "everything" or "nothing".
    if let (Some(a), Some(b)) = (desde, hasta) {
        if a > b {
            return Err(anfitrion_core::ReglaError::VentanaInvertida.into());
        }
    }
    let filtro = FiltroBitacora {
        sucursal_id,
        entidades,
        desde: desde.and_then(dia).map(|(inicio, _)| inicio),
        hasta: hasta.and_then(dia).map(|(_, fin)| fin),
        q: p.q.clone(),
    };
    if quiere_csv(&headers) {
        let archivo = format!(
            "attachment; filename=\"bitacora-{nombre}-{}.csv\"",
            sucursal.tag.as_str()
        );
        let store = state.store.clone();
        // BOM and header first, then one batch after another by keyset (newest first).
        let inicio_csv =
            stream::once(async { Ok::<_, std::io::Error>(format!("\u{FEFF}{ENCABEZADO}")) });
        let filas = stream::unfold(Some(None), move |cursor| {
            let (store, filtro) = (store.clone(), filtro.clone());
            async move {
                let cursor = cursor?;
                match store.bitacora_lote(&filtro, cursor.as_ref(), LOTE).await {
                    Ok(lote) if lote.is_empty() => None,
                    Ok(lote) => {
                        let siguiente = lote.last().map(|e| (e.at, e.id.clone()));
                        let texto: String = lote.iter().map(|e| fila(e, &reglas)).collect();
                        Some((Ok(texto), Some(siguiente)))
                    }
                    Err(e) => {
                        tracing::error!(error = %e, "exportación de bitácora interrumpida");
                        Some((Err(std::io::Error::other("bitácora")), None))
                    }
                }
            }
        });
        use futures_util::StreamExt;
        // Fused: the compression layer may poll the stream once more after it ended.
        let mut r = Body::from_stream(inicio_csv.chain(filas).fuse()).into_response();
        r.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/csv; charset=utf-8"),
        );
        if let Ok(v) = HeaderValue::from_str(&archivo) {
            r.headers_mut().insert(header::CONTENT_DISPOSITION, v);
        }
        return Ok(r);
    }
    let (items, total) = state.store.bitacora_en(&filtro, page, limit).await?;
    Ok(Envelope::ok(
        "Bitácora",
        PaginaBitacora {
            items,
            total,
            page,
            limit,
        },
    )
    .into_response())
}

/// The branch's walk-in log.
#[utoipa::path(
    get, path = "/api/v1/admin/logs/walkin", tag = "bitácoras", operation_id = "bitacora_walkin", security(("token" = [])),
    params(ParametrosBitacora, Paginacion),
    responses(
        (status = 200, description = "Entradas (o CSV con Accept: text/csv)", body = Envelope<PaginaBitacora>),
        (status = 400, description = "Parámetros no válidos", body = EnvelopeError),
        (status = 403, description = "Sin el permiso bitacora.walkin, o sucursal ajena", body = EnvelopeError),
    )
)]
async fn walkin(
    State(state): State<AppState>,
    _permiso: Con<requiere::BitacoraWalkin>,
    sucursal: SucursalEnAlcance,
    Query(p): Query<ParametrosBitacora>,
    pagina: Paginacion,
    headers: HeaderMap,
) -> Result<Response> {
    bitacora(
        state,
        sucursal,
        p,
        pagina,
        headers,
        &[Entidad::Walkin],
        "walkin",
    )
    .await
}

/// The branch's reservation log (changes, attendance, no-shows, notifications read).
#[utoipa::path(
    get, path = "/api/v1/admin/logs/reserva", tag = "bitácoras", operation_id = "bitacora_reserva", security(("token" = [])),
    params(ParametrosBitacora, Paginacion),
    responses(
        (status = 200, description = "Entradas (o CSV con Accept: text/csv)", body = Envelope<PaginaBitacora>),
        (status = 400, description = "Parámetros no válidos", body = EnvelopeError),
        (status = 403, description = "Sin el permiso bitacora.reserva, o sucursal ajena", body = EnvelopeError),
    )
)]
async fn reserva(
    State(state): State<AppState>,
    _permiso: Con<requiere::BitacoraReserva>,
    sucursal: SucursalEnAlcance,
    Query(p): Query<ParametrosBitacora>,
    pagina: Paginacion,
    headers: HeaderMap,
) -> Result<Response> {
    bitacora(
        state,
        sucursal,
        p,
        pagina,
        headers,
        &[Entidad::Reservacion, Entidad::Notificacion],
        "reserva",
    )
    .await
}

#[cfg(test)]
mod tests {
    use super::campo;

    #[test]
    fn a_cell_that_starts_like_a_formula_reads_as_text() {
        assert_eq!(campo("Ana"), "Ana");
        assert_eq!(campo("Peña, \"La Güera\""), "\"Peña, \"\"La Güera\"\"\"");
        assert_eq!(campo("=1+1"), "\"'=1+1\"");
        assert_eq!(campo("+cmd|' /C calc'!A0"), "\"'+cmd|' /C calc'!A0\"");
        assert_eq!(campo("-2"), "\"'-2\"");
        assert_eq!(campo("@SUMA(1)"), "\"'@SUMA(1)\"");
        assert_eq!(campo("\t=1"), "\"'\t=1\"");
        assert_eq!(campo("\r=1"), "\"'\r=1\"");
        assert_eq!(
            campo("=HYPERLINK(\"http://x\",\"Ver\")"),
            "\"'=HYPERLINK(\"\"http://x\"\",\"\"Ver\"\")\""
        );
        // Only the start counts: a formula sign inside a cell is text already.
        assert_eq!(campo("Ana=1"), "Ana=1");
        assert_eq!(campo("2026-03-10 12:00:00"), "2026-03-10 12:00:00");
    }
}
