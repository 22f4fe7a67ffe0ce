// The chime of a new reservation, made with the Web Audio API (no audio file to ship or load),
// and the switch that mutes it, remembered by the browser.
import { useSyncExternalStore } from 'react';

const CLAVE_SILENCIO = 'anfitrion.notificaciones.silencio';

let contexto: AudioContext | null = null;
let ultimo = 0;

function audio(): AudioContext | null {
  if (typeof AudioContext === 'undefined') return null;
  contexto ??= new AudioContext();
  return contexto;
}

/**
 * Browsers keep audio locked until the page is touched: the first tap or key unlocks it, so a
 * reservation arriving later can be heard.
 */
export function prepararAudio(): () => void {
  const desbloquear = () => {
    const ctx = audio();
    if (ctx?.state === 'suspended') void ctx.resume().catch(() => undefined);
  };
  window.addEventListener('pointerdown', desbloquear, { once: true, capture: true });
  window.addEventListener('keydown', desbloquear, { once: true, capture: true });
  return () => {
    window.removeEventListener('pointerdown', desbloquear, { capture: true });
    window.removeEventListener('keydown', desbloquear, { capture: true });
  };
}

/** Two soft rising notes, about a third of a second; several arrivals at once chime once. */
export function sonarAviso(): void {
  if (estaSilenciado()) return;
  const ahora = Date.now();
  if (ahora - ultimo < 1500) return;
  ultimo = ahora;
  try {
    const ctx = audio();
    if (!ctx) return;
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    const t = ctx.currentTime + 0.01;
    for (const [i, frecuencia] of [880, 1318.5].entries()) {
      const osc = ctx.createOscillator();
      const volumen = ctx.createGain();
      osc.type = 'sine';
      osc.frequency.value = frecuencia;
      const inicio = t + i * 0.13;
      volumen.gain.setValueAtTime(0.0001, inicio);
      volumen.gain.exponentialRampToValueAtTime(0.18, inicio + 0.015);
      volumen.gain.exponentialRampToValueAtTime(0.0001, inicio + 0.22);
      osc.connect(volumen).connect(ctx.destination);
      osc.start(inicio);
      osc.stop(inicio + 0.24);
    }
  } catch {
    // No sound is no reason to lose the notification.
  }
}

const oyentes = new Set<() => void>();

export function estaSilenciado(): boolean {
  try {
    return localStorage.getItem(CLAVE_SILENCIO) === '1';
  } catch {
    return false;
  }
}

export function silenciar(si: boolean): void {
  if (si) localStorage.setItem(CLAVE_SILENCIO, '1');
  else localStorage.removeItem(CLAVE_SILENCIO);
  for (const o of oyentes) o();
}

function suscribir(oyente: () => void): () => void {
  oyentes.add(oyente);
  const deOtraPestana = (e: StorageEvent) => {
    if (e.key === CLAVE_SILENCIO || e.key === null) oyente();
  };
  window.addEventListener('storage', deOtraPestana);
  return () => {
    oyentes.delete(oyente);
    window.removeEventListener('storage', deOtraPestana);
  };
}

/** Whether the chime is muted, following other tabs too. */
export function useSilencio(): [boolean, (si: boolean) => void] {
  return [useSyncExternalStore(suscribir, estaSilenciado, () => false), silenciar];
}
