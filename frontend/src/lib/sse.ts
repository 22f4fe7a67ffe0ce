// A Server-Sent Events parser for streams read with `fetch` (EventSource cannot send the bearer
// header, and a token never goes in a URL). Follows the WHATWG "event stream interpretation":
// chunks may split lines anywhere, lines end in CRLF, LF or CR, ':' starts a comment.

export interface EventoSse {
  /** 'message' when the stream names none. */
  event: string;
  data: string;
  /** The last event id seen so far (what `Last-Event-ID` sends on reconnect); null if none. */
  id: string | null;
}

export interface LectorSse {
  /** Feeds a decoded chunk; answers the events it completed. */
  agregar(trozo: string): EventoSse[];
  /** The id to resume from. */
  readonly ultimoId: string | null;
  /** The reconnection delay the server asked for (`retry:`), if any. */
  readonly reintentoMs: number | null;
}

export function crearLectorSse(ultimoId: string | null = null): LectorSse {
  let resto = '';
  // A CR at the end of a chunk may be the first half of a CRLF split across chunks.
  let crPendiente = false;
  let id = ultimoId;
  let reintento: number | null = null;
  let tipo = '';
  let datos: string[] = [];
  let hayDatos = false;

  function linea(l: string, salida: EventoSse[]) {
    if (l === '') {
      if (hayDatos) salida.push({ event: tipo || 'message', data: datos.join('\n'), id });
      tipo = '';
      datos = [];
      hayDatos = false;
      return;
    }
    if (l.startsWith(':')) return;
    const dos = l.indexOf(':');
    const campo = dos === -1 ? l : l.slice(0, dos);
    let valor = dos === -1 ? '' : l.slice(dos + 1);
    if (valor.startsWith(' ')) valor = valor.slice(1);
    switch (campo) {
      case 'event':
        tipo = valor;
        break;
      case 'data':
        datos.push(valor);
        hayDatos = true;
        break;
      case 'id':
        if (!valor.includes('\0')) id = valor;
        break;
      case 'retry':
        if (/^\d+$/.test(valor)) reintento = Number(valor);
        break;
    }
  }

  return {
    agregar(trozo) {
      const salida: EventoSse[] = [];
      let texto = trozo;
      if (crPendiente && texto.startsWith('\n')) texto = texto.slice(1);
      crPendiente = false;
      resto += texto;
      let inicio = 0;
      for (let i = 0; i < resto.length; i++) {
        const c = resto[i];
        if (c !== '\n' && c !== '\r') continue;
        linea(resto.slice(inicio, i), salida);
        if (c === '\r') {
          if (i + 1 === resto.length) crPendiente = true;
          else if (resto[i + 1] === '\n') i++;
        }
        inicio = i + 1;
      }
      resto = resto.slice(inicio);
      return salida;
    },
    get ultimoId() {
      return id;
    },
    get reintentoMs() {
      return reintento;
    },
  };
}

/** The wait before reconnect attempt `n` (0-based): doubling from `base`, capped, with ±20 % jitter. */
export function esperaReconexion(n: number, base = 1000, tope = 30_000, azar: () => number = Math.random): number {
  const sin = Math.min(tope, base * 2 ** Math.min(n, 16));
  return Math.round(sin * (0.8 + 0.4 * azar()));
}
