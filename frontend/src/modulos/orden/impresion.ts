import type { Esquema } from '@/lib/api-client';
// Where one ticket (the comanda or the abre) stands at the branch's kitchen printers, told as one
// state with one action: printed everywhere ("Enviado a Cocina ✓", Reimprimir), still on its way
// ("En cola", nothing to do), or failed somewhere ("Falló: …", Reintentar). Pure: the screens
// only draw what this answers.

export type TipoTicket = 'comanda' | 'abre';

/** The ticket's one state: `sin_impresora` when no printer takes it (the browser prints it). */
export type EstadoTicket = 'sin_impresora' | 'impreso' | 'en_cola' | 'fallo';

/** What the host may do about the ticket at the printers: one action per state, or none. */
export type AccionTicket = 'reintentar' | 'reimprimir' | null;

export type Trabajo = Pick<Esquema<'TrabajoImpresion'>, '_id' | 'tipo' | 'impresora' | 'estado' | 'error' | 'reimpresion' | 'impreso'>;

export interface ResumenTicket {
  estado: EstadoTicket;
  /** The headline, e.g. «Enviado a Cocina ✓», «En cola», «Falló: la impresora no responde». */
  titular: string;
  accion: AccionTicket;
  /** Each printer's latest job for this ticket, in the order the printers first got it. */
  porImpresora: Trabajo[];
  /** The jobs «Reintentar» puts back: every printer's latest job that failed or expired. */
  aReintentar: string[];
}

/** A printer that does not say why it failed is read as one that did not answer. */
export const SIN_RESPUESTA = 'la impresora no responde';

const fallido = (t: Trabajo) => t.estado === 'fallo' || t.estado === 'vencido';

/** Where several printers are named: «Cocina», «Cocina y Barra», «3 impresoras». */
function destino(nombres: string[]): string {
  const [una, otra, ...mas] = nombres;
  if (otra === undefined) return una ?? '';
  return mas.length === 0 ? `${una} y ${otra}` : `${nombres.length} impresoras`;
}

/**
 * One ticket's state from the record's jobs (`trabajos`, oldest first, as the server lists
 * them). Each printer counts by its latest job (a reprint or a retry supersedes what came
 * before), and the worst printer decides: any failed or expired → «Falló: <its reason>» with
 * «Reintentar»; else any queued → «En cola» with no action; else all printed →
 * «Enviado a <printer> ✓» with «Reimprimir». No job for this ticket → `sin_impresora`.
 */
export function resumenTicket(trabajos: readonly Trabajo[], tipo: TipoTicket): ResumenTicket {
  const ultimo = new Map<string, Trabajo>();
  for (const t of trabajos) {
    // A later job replaces the printer's earlier one; the Map keeps the printer where it first came.
    if (t.tipo === tipo) ultimo.set(t.impresora, t);
  }
  const porImpresora = [...ultimo.values()];
  const fallos = porImpresora.filter(fallido);
  if (porImpresora.length === 0) return { estado: 'sin_impresora', titular: '', accion: null, porImpresora, aReintentar: [] };
  if (fallos.length > 0) {
    const motivo = fallos.find((t) => t.error?.trim())?.error?.trim() ?? SIN_RESPUESTA;
    return { estado: 'fallo', titular: `Falló: ${motivo}`, accion: 'reintentar', porImpresora, aReintentar: fallos.map((t) => t._id) };
  }
  if (porImpresora.some((t) => t.estado === 'en_cola')) return { estado: 'en_cola', titular: 'En cola', accion: null, porImpresora, aReintentar: [] };
  return { estado: 'impreso', titular: `Enviado a ${destino(porImpresora.map((t) => t.impresora))} ✓`, accion: 'reimprimir', porImpresora, aReintentar: [] };
}

/** What the host reads of one ticket at one printer (a detail line under the headline). */
export function textoEstado(t: Pick<Trabajo, 'estado' | 'impreso' | 'error'>): string {
  switch (t.estado) {
    case 'en_cola':
      return 'En cola';
    case 'impreso':
      return t.impreso ? `Impreso ${t.impreso}` : 'Impreso';
    case 'fallo':
      return `Falló: ${t.error?.trim() || SIN_RESPUESTA}`;
    case 'vencido':
      return 'Venció sin imprimirse';
  }
}
