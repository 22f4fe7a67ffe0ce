// Pure helpers of the guest book: where a visit's record lives, how visits count and the merge
// candidates (how a visit's date reads is lib/formato's fechaVisita, ultimaVisita).
import { telefonoLegible } from '@/lib/formato';
import type { Esquema } from '@/lib/api-client';

/** A reservation opens in Reservaciones › Todas, a walk-in in Walk-in › Todas (their detail routes). */
export function rutaVisita(v: Pick<Esquema<'Visita'>, 'tipo' | '_id'>): string {
  const id = encodeURIComponent(v._id);
  return v.tipo === 'walkin' ? `/walkin/todas/${id}` : `/reservaciones/todas/${id}`;
}

/** The visits newest first (the server's order is kept for equal times). */
export function visitasRecientes(visitas: readonly Esquema<'Visita'>[]): Esquema<'Visita'>[] {
  return [...visitas].sort((a, b) => (a.fecha_hora < b.fecha_hora ? 1 : a.fecha_hora > b.fecha_hora ? -1 : 0));
}

/** Clients another can be merged from: never itself. */
export function candidatosFusion(lista: readonly Esquema<'ClienteResumen'>[], propio: string): Esquema<'ClienteResumen'>[] {
  return lista.filter((c) => c._id !== propio);
}

/** Whether the guest came: a walk-in, or a reservation they attended (the list counts these). */
export function vino(v: Pick<Esquema<'Visita'>, 'tipo' | 'status'>): boolean {
  return v.tipo === 'walkin' || v.status === 'Asistio';
}

/** "3 visitas", "1 visita". */
export function textoVisitas(n: number): string {
  return n === 1 ? '1 visita' : `${n} visitas`;
}

/** Whether two records carry one name, as people read it: case, accents and spacing aside. */
export function mismoNombre(a: string, b: string): boolean {
  const plegar = (n: string) =>
    n
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLocaleLowerCase('es-MX')
      .replace(/\s+/g, ' ')
      .trim();
  return plegar(a) === plegar(b);
}

/**
 * What merging `duplicado` into `destino` does, said before it is confirmed: every reservation
 * and walk-in moves, those still to come too (the list's count is only the times the guest came).
 * Two records of one name are not named (it would read "de Elena pasarán a Elena"): the dialog
 * shows each one's contact and visits beside it.
 */
export function avisoFusion(duplicado: Pick<Esquema<'ClienteResumen'>, 'name'>, destino: string): string {
  if (mismoNombre(duplicado.name, destino)) {
    return 'Las reservaciones y walk-ins del duplicado pasarán a este registro; el duplicado dejará de aparecer en la lista de clientes. No se puede deshacer.';
  }
  return `Las reservaciones y walk-ins de ${duplicado.name} pasarán a ${destino}; ${duplicado.name} dejará de aparecer en la lista de clientes. No se puede deshacer.`;
}

/**
 * Where a search that answers a while after the typing stands: nothing typed (`vacia`), the text
 * as typed not answered yet (`pendiente`: the pause before it is sent, or its request on the way
 * while the list still shows the previous answer) or answered (`respondida`). Only an answered
 * search may say that nothing matches it.
 */
export function faseBusqueda(
  texto: string,
  enviada: string,
  respuesta: { llego: boolean; anterior: boolean },
): 'vacia' | 'pendiente' | 'respondida' {
  if (texto.trim() === '') return 'vacia';
  if (texto.trim() !== enviada.trim() || !respuesta.llego || respuesta.anterior) return 'pendiente';
  return 'respondida';
}

/**
 * A guest record's phone as people read it. The record keeps the phone as the guest book
 * compares it (core's clave_telefono): a Mexican number without its 52, any other with its
 * country code. Answers the text and the digits to dial.
 */
export function telefonoCliente(clave: string): { texto: string; marcar: string } {
  const d = clave.replace(/\D/g, '');
  const completo = d.length === 10 ? `52${d}` : d;
  return { texto: telefonoLegible(completo), marcar: `+${completo}` };
}
