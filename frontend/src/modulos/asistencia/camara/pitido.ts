// The scanner's beep on a read code, made with the Web Audio API.

let contexto: AudioContext | null = null;

/** A short high beep; silent where the browser has no Web Audio or keeps it locked. */
export function pitido(): void {
  try {
    if (typeof AudioContext === 'undefined') return;
    contexto ??= new AudioContext();
    const ctx = contexto;
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    const t = ctx.currentTime + 0.005;
    const osc = ctx.createOscillator();
    const volumen = ctx.createGain();
    osc.type = 'square';
    osc.frequency.value = 1760;
    volumen.gain.setValueAtTime(0.0001, t);
    volumen.gain.exponentialRampToValueAtTime(0.12, t + 0.01);
    volumen.gain.exponentialRampToValueAtTime(0.0001, t + 0.12);
    osc.connect(volumen).connect(ctx.destination);
    osc.start(t);
    osc.stop(t + 0.13);
  } catch {
    // No sound is no reason to lose the scan.
  }
}
