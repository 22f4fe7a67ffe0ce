// The reminders box of the settings screen: what staff type ("24, 3") read as the hours the
// server stores, by core's own rule (`recordatorio::leer_horas` through WASM), with its Spanish
// reason when it cannot be, before anything is sent.
import { leerRecordatorios as leerEnCore } from '@/lib/wasm';

export type LecturaRecordatorios = { ok: number[] } | { error: string };

/** "24, 3" → [24, 3], earliest first; empty means no reminders. */
export function leerRecordatorios(texto: string): LecturaRecordatorios {
  const r = leerEnCore(texto);
  return 'ok' in r ? r : { error: r.error.mensaje };
}

/** [24, 3] → "24, 3", as the box shows what is saved. */
export function textoRecordatorios(horas: readonly number[] | null | undefined): string {
  return (horas ?? []).join(', ');
}
