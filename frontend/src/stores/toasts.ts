// Toasts (spec §2/§8): top right, each hides itself after 6000 ms. A store outside React so the
// API client can announce errors from anywhere.
export const DURACION_TOAST = 6000;

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
  publicar([...toasts, { id, tipo, mensaje }]);
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

export function cerrarToast(id: number): void {
  const reloj = relojes.get(id);
  if (reloj) clearTimeout(reloj);
  relojes.delete(id);
  if (toasts.some((t) => t.id === id)) publicar(toasts.filter((t) => t.id !== id));
}

export function leerToasts(): readonly Toast[] {
  return toasts;
}

export function suscribirToasts(oyente: () => void): () => void {
  oyentes.add(oyente);
  return () => oyentes.delete(oyente);
}
