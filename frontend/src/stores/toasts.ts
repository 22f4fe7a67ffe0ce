// Toasts: top right, each hides itself after 6000 ms. A store outside React so the
// API client can announce errors from anywhere.
//
// A busy door taps fast: at most two toasts show at once (a third pushes the oldest out), and a
// success clears the errors before it (what failed has since been done: a stale "Error al guardar"
// beside "Datos guardados" only confuses).
export const DURACION_TOAST = 6000;
export const MAX_TOASTS = 2;

export type TipoToast = 'error' | 'exito' | 'info';

export interface Toast {
  id: number;
  tipo: TipoToast;
  mensaje: string;
}

let siguiente = 1;
let toasts: readonly Toast[] = [];
const oyentes = new Set<() => void>();
const relojes = new Map<number, ReturnType<typeof setTimeout>>();

function publicar(nuevos: readonly Toast[]): void {
  toasts = nuevos;
  for (const oyente of oyentes) oyente();
}

export function mostrarToast(mensaje: string, tipo: TipoToast = 'info'): number {
  // The same text twice at once (several calls failing together) is one toast.
  const repetido = toasts.find((t) => t.mensaje === mensaje && t.tipo === tipo);
  if (repetido) return repetido.id;
  const id = siguiente++;
  const quedan = tipo === 'exito' ? toasts.filter((t) => t.tipo !== 'error') : toasts;
  const fuera = [...quedan.slice(0, Math.max(0, quedan.length - (MAX_TOASTS - 1)))];
  for (const t of toasts) if (!quedan.includes(t) || fuera.includes(t)) soltarReloj(t.id);
  publicar([...quedan.filter((t) => !fuera.includes(t)), { id, tipo, mensaje }]);
  relojes.set(
    id,
    setTimeout(() => cerrarToast(id), DURACION_TOAST),
  );
  return id;
}

export const toast = {
  error: (mensaje: string) => mostrarToast(mensaje, 'error'),
  exito: (mensaje: string) => mostrarToast(mensaje, 'exito'),
  info: (mensaje: string) => mostrarToast(mensaje, 'info'),
};

function soltarReloj(id: number): void {
  const reloj = relojes.get(id);
  if (reloj) clearTimeout(reloj);
  relojes.delete(id);
}

export function cerrarToast(id: number): void {
  soltarReloj(id);
  if (toasts.some((t) => t.id === id)) publicar(toasts.filter((t) => t.id !== id));
}

export function leerToasts(): readonly Toast[] {
  return toasts;
}

export function suscribirToasts(oyente: () => void): () => void {
  oyentes.add(oyente);
  return () => oyentes.delete(oyente);
}

// Toasts never cover a dialog's controls (its close button, "Imprimir Abre"): while a dialog is
// open, the top-most one shows them in its own flow, above its buttons, and the corner shows none.
let dialogos: readonly string[] = [];
const oyentesDialogos = new Set<() => void>();

function publicarDialogos(nuevos: readonly string[]): void {
  dialogos = nuevos;
  for (const oyente of oyentesDialogos) oyente();
}

/** An open dialog, from now until the function it returns is called. */
export function abrirDialogo(id: string): () => void {
  publicarDialogos([...dialogos.filter((d) => d !== id), id]);
  return () => publicarDialogos(dialogos.filter((d) => d !== id));
}

/** The dialog that shows the toasts now (the last opened), or `null` for the corner. */
export function dialogoDeToasts(): string | null {
  return dialogos.at(-1) ?? null;
}

export function suscribirDialogos(oyente: () => void): () => void {
  oyentesDialogos.add(oyente);
  return () => oyentesDialogos.delete(oyente);
}
