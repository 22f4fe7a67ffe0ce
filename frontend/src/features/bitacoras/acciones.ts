// How an audit entry reads on screen: the action in Spanish words and a compact before/after.

const ACCIONES: Record<string, string> = {
  registrar: 'Registro',
  crear: 'Registro',
  cancelar: 'Cancelación',
  editar: 'Edición',
  editar_cliente: 'Edición del cliente',
  asistencia: 'Asistencia',
  no_show: 'No asistió',
  leer: 'Notificación leída',
};

/** The action's Spanish label; an unknown one is shown as written, capitalised. */
export function etiquetaAccion(accion: string): string {
  const conocida = ACCIONES[accion];
  if (conocida) return conocida;
  const texto = accion.replace(/_/g, ' ').trim();
  return texto ? texto.charAt(0).toUpperCase() + texto.slice(1) : '—';
}

export interface Cambio {
  campo: string;
  antes: string | null;
  despues: string | null;
}

type Objeto = Record<string, unknown> | null | undefined;

/** A value as one short line. */
export function valorCorto(v: unknown, largo = 40): string {
  let texto: string;
  if (v === null || v === undefined) texto = '—';
  else if (typeof v === 'string') texto = v === '' ? '""' : v;
  else if (typeof v === 'number' || typeof v === 'boolean') texto = String(v);
  else texto = JSON.stringify(v);
  const letras = Array.from(texto);
  return letras.length > largo ? `${letras.slice(0, largo - 1).join('')}…` : texto;
}

/** The fields whose value differs between before and after, in key order. */
export function cambios(antes: Objeto, despues: Objeto): Cambio[] {
  const a = antes ?? {};
  const d = despues ?? {};
  const campos = [...new Set([...Object.keys(a), ...Object.keys(d)])];
  const lista: Cambio[] = [];
  for (const campo of campos) {
    const va = a[campo];
    const vd = d[campo];
    if (JSON.stringify(va) === JSON.stringify(vd)) continue;
    lista.push({
      campo,
      antes: antes && campo in a ? valorCorto(va) : null,
      despues: despues && campo in d ? valorCorto(vd) : null,
    });
  }
  return lista;
}
