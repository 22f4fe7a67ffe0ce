// The 'Descargar CSV' of a log: the same URL with `Accept: text/csv`, fetched with the bearer
// header (never a token in a URL), saved through a Blob and an <a download> click.
import { API_BASE, mensajeDeSobre } from '@/lib/api-client';
import { leerToken, terminarSesion } from '@/lib/session';
import { toast } from '@/stores/toasts';

export const MENSAJE_ERROR_CSV = 'No se pudo descargar el archivo CSV. Inténtalo de nuevo.';

export interface Dependencias {
  obtener: typeof fetch;
  /** Saves the blob as a file (the browser's <a download> click). */
  guardar: (archivo: Blob, nombre: string) => void;
}

function guardarEnNavegador(archivo: Blob, nombre: string): void {
  const enlace = document.createElement('a');
  const url = URL.createObjectURL(archivo);
  enlace.href = url;
  enlace.download = nombre;
  enlace.style.display = 'none';
  document.body.append(enlace);
  enlace.click();
  enlace.remove();
  // Revoked after the click has handed the blob to the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The file name of a Content-Disposition header, or null. */
export function nombreDeDisposicion(cabecera: string | null): string | null {
  if (!cabecera) return null;
  const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(cabecera);
  return m?.[1] ? decodeURIComponent(m[1]) : null;
}

/**
 * Downloads `/api{ruta}?query` as CSV. Answers whether it worked; a failure is logged as the
 * spec says and shown as an error toast.
 */
export async function descargarCsv(
  ruta: string,
  query: Record<string, string>,
  nombre: string,
  deps: Dependencias = { obtener: (...a) => fetch(...a), guardar: guardarEnNavegador },
): Promise<boolean> {
  try {
    const params = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== ''));
    const headers: Record<string, string> = { Accept: 'text/csv' };
    const token = leerToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const respuesta = await deps.obtener(`${API_BASE}${ruta}?${params}`, { headers });
    if (respuesta.status === 401 && token) {
      // As any call's 401: no session, and the server's message for the login page.
      terminarSesion(mensajeDeSobre(await respuesta.text().catch(() => '')));
    }
    if (!respuesta.ok) throw new Error(`HTTP ${respuesta.status}`);
    const tipo = respuesta.headers.get('Content-Type') ?? '';
    if (!tipo.includes('text/csv')) throw new Error(`Respuesta inesperada: ${tipo || 'sin tipo'}`);
    const archivo = await respuesta.blob();
    deps.guardar(archivo, nombreDeDisposicion(respuesta.headers.get('Content-Disposition')) ?? nombre);
    return true;
  } catch (causa) {
    console.error('Error al convertir JSON a CSV:', causa);
    toast.error(MENSAJE_ERROR_CSV);
    return false;
  }
}
