// Pure helpers of the promotions screen: how a validity window reads, the form's payload, and
// the table's pages (three promotions a page).
import { DIAS_CORTOS, fechaConAnio } from '@/lib/formato';
import type { DatosPromocion } from '@/lib/wasm';
import type { Esquema } from '@/lib/api-client';

/** The promotions table shows three a page. */
export const PROMOS_POR_PAGINA = 3;

/** "YYYY-MM-DD" as "05, ene 2026"; anything else as it came. */
export const fechaPromo = fechaConAnio;

/** The weekdays as read: every day, a run ("Lun a Vie") or a list ("Mar, Jue"). */
export function textoDias(dias: readonly number[]): string {
  const validos = [...new Set(dias.filter((d) => d >= 1 && d <= 7))].sort((a, b) => a - b);
  if (validos.length === 0 || validos.length === 7) return 'Todos los días';
  const primero = validos[0] ?? 1;
  const ultimo = validos[validos.length - 1] ?? 7;
  const seguidos = ultimo - primero === validos.length - 1;
  if (seguidos && validos.length >= 3) return `${DIAS_CORTOS[primero - 1]} a ${DIAS_CORTOS[ultimo - 1]}`;
  return validos.map((d) => DIAS_CORTOS[d - 1]).join(', ');
}

/** The date window as read: open on either side, or both ends. */
export function textoFechas(desde: string | null | undefined, hasta: string | null | undefined): string | null {
  if (desde && hasta) return desde === hasta ? `Solo el ${fechaPromo(desde)}` : `Del ${fechaPromo(desde)} al ${fechaPromo(hasta)}`;
  if (desde) return `Desde el ${fechaPromo(desde)}`;
  if (hasta) return `Hasta el ${fechaPromo(hasta)}`;
  return null;
}

/** One line for the table: the dates (when bounded) and the weekdays. */
export function textoVigencia(p: Pick<Esquema<'Promocion'>, 'desde' | 'hasta' | 'dias'>): string {
  const fechas = textoFechas(p.desde, p.hasta);
  const dias = textoDias(p.dias);
  return fechas ? `${fechas} · ${dias}` : dias;
}

/** What the dialog edits: dates as the date inputs hold them ('' when open). */
export interface FormularioPromo {
  name: string;
  descripcion: string;
  activa: boolean;
  desde: string;
  hasta: string;
  dias: number[];
  pide_nombres: boolean;
}

export function formularioDe(p: Esquema<'Promocion'> | null): FormularioPromo {
  return {
    name: p?.name ?? '',
    descripcion: p?.descripcion ?? '',
    activa: p?.activa ?? true,
    desde: p?.desde ?? '',
    hasta: p?.hasta ?? '',
    dias: [...(p?.dias ?? [])].sort((a, b) => a - b),
    pide_nombres: p?.pide_nombres ?? false,
  };
}

/** The body of POST / PUT: trimmed texts, an empty date as none, weekdays once and in order. */
export function datosDe(f: FormularioPromo): DatosPromocion {
  return {
    name: f.name.trim(),
    descripcion: f.descripcion.trim(),
    activa: f.activa,
    desde: f.desde || null,
    hasta: f.hasta || null,
    dias: [...new Set(f.dias)].sort((a, b) => a - b),
    pide_nombres: f.pide_nombres,
  };
}

/** Adds or removes a weekday. */
export function alternarDia(dias: readonly number[], dia: number): number[] {
  return dias.includes(dia) ? dias.filter((d) => d !== dia) : [...dias, dia].sort((a, b) => a - b);
}

/** The page count of `total` rows, never below one. */
export function totalPaginas(total: number, porPagina = PROMOS_POR_PAGINA): number {
  return Math.max(1, Math.ceil(total / porPagina));
}

/** The rows of page `pagina` (1-based), clamped to the last page when the list shrank. */
export function paginaDe<T>(lista: readonly T[], pagina: number, porPagina = PROMOS_POR_PAGINA): { filas: T[]; pagina: number } {
  const ultima = totalPaginas(lista.length, porPagina);
  const actual = Math.min(Math.max(1, pagina), ultima);
  return { filas: lista.slice((actual - 1) * porPagina, actual * porPagina), pagina: actual };
}

/** The page (1-based) that holds the promotion `id`, or null when the list has none of it. */
export function paginaDeId(lista: readonly { _id: string }[], id: string, porPagina = PROMOS_POR_PAGINA): number | null {
  const i = lista.findIndex((p) => p._id === id);
  return i < 0 ? null : Math.floor(i / porPagina) + 1;
}
