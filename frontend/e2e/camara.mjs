// Chromium's fake camera for the check-in tests and the benchmark: a Y4M file (4:2:0) Chromium
// plays in a loop (--use-file-for-fake-video-capture), holding a QR or nothing at all, and the
// page hooks that tell whether a camera track is still live and when the reservation's card showed.
import QRCode from 'qrcode';

// The camera constraints ask at least 640 × 640: the fake camera's frames are 720 × 720.
export const LADO = 720;

/** Chromium's flags for a fake camera playing `archivo`, with the permission granted. */
export const argsCamara = (archivo) => ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${archivo}`];

/**
 * A Y4M video of `cuadros` identical frames: the QR of `texto` on white, or — with `texto` null —
 * only the white paper and a grey band, a frame with no code in it.
 */
export function y4mConQr(texto, { lado = LADO, cuadros = 4 } = {}) {
  const y = Buffer.alloc(lado * lado, 235);
  if (texto === null) {
    // Something in view that is not a code: a grey band across the middle.
    y.fill(128, Math.floor(lado * 0.45) * lado, Math.floor(lado * 0.55) * lado);
  } else {
    const { modules } = QRCode.create(texto, { errorCorrectionLevel: 'M' });
    const margen = 4;
    const escala = Math.floor((lado * 0.6) / (modules.size + 2 * margen));
    const ancho = (modules.size + 2 * margen) * escala;
    const origen = Math.floor((lado - ancho) / 2);
    for (let fila = 0; fila < modules.size; fila++) {
      for (let col = 0; col < modules.size; col++) {
        if (!modules.data[fila * modules.size + col]) continue;
        const y0 = origen + (fila + margen) * escala;
        const x0 = origen + (col + margen) * escala;
        for (let dy = 0; dy < escala; dy++) y.fill(16, (y0 + dy) * lado + x0, (y0 + dy) * lado + x0 + escala);
      }
    }
  }
  const croma = Buffer.alloc((lado / 2) * (lado / 2) * 2, 128);
  const cuadro = Buffer.concat([Buffer.from('FRAME\n'), y, croma]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${lado} H${lado} F10:1 Ip A1:1 C420jpeg\n`), ...Array(cuadros).fill(cuadro)]);
}

/**
 * Before any page script: every camera stream the page opens (`window.__pistasCamara`, to tell
 * later whether any track is still live) and the moment a reservation's card — this branch's or
 * another's — first shows (`window.__tarjetaEn`, reset to null to time the next one).
 */
export async function vigilarCamara(pagina) {
  await pagina.addInitScript(() => {
    const pistas = [];
    window.__pistasCamara = pistas;
    const original = navigator.mediaDevices?.getUserMedia?.bind(navigator.mediaDevices);
    if (original) {
      navigator.mediaDevices.getUserMedia = async (restricciones) => {
        const flujo = await original(restricciones);
        pistas.push(...flujo.getTracks());
        return flujo;
      };
    }
    window.__tarjetaEn = null;
    new MutationObserver(() => {
      if (window.__tarjetaEn === null && document.querySelector('[data-testid="tarjeta-reservacion"]')) {
        window.__tarjetaEn = performance.now();
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The camera's tracks still live on the page. */
export const pistasVivas = (pagina) => pagina.evaluate(() => window.__pistasCamara.filter((p) => p.readyState === 'live').length);

/**
 * What the last camera scan took: from the first frame reaching the worker (its user-timing mark)
 * to the card, and from the frame that held the code to the card; null while a piece is missing.
 */
export function tiemposDeEscaneo(pagina) {
  return pagina.evaluate(() => {
    const [primero] = performance.getEntriesByName('anfitrion:camara-primer-cuadro');
    const [leido] = performance.getEntriesByName('anfitrion:camara-codigo-leido');
    const tarjeta = window.__tarjetaEn;
    if (!primero || !leido || tarjeta === null) return null;
    return { total: tarjeta - primero.startTime, desdeLectura: tarjeta - leido.startTime };
  });
}

/** Forgets the last scan's marks and card, before the next one. */
export const olvidarEscaneo = (pagina) =>
  pagina.evaluate(() => {
    window.__tarjetaEn = null;
    performance.clearMarks();
  });
