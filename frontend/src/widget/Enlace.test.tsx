// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Esquema } from '../lib/cliente-api';
import { Enlace } from './Enlace';
import { boton, esperar, montar, servidorFalso, textoDe, tocar, type Llamada, type Respuesta } from './huesped/prueba-dom';

const reservacion: Esquema<'EnlaceHuesped'>['reservacion'] = {
  _id: 'r1',
  name: 'Lucía Fernández',
  fecha_hora: '2026-11-28 20:00',
  no_personas: 2,
  sucursal: 'Polanco',
  marca: 'La Casa',
  tag: 'polanco',
  status: 'Pendiente',
  confirmada: false,
  qr_svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>',
};

function enlace(proposito: 'confirmar' | 'cancelar', cambios: Partial<Esquema<'EnlaceHuesped'>> = {}): Esquema<'EnlaceHuesped'> {
  return { proposito, usado: false, vencido: false, reservacion, ...cambios };
}

let desmontar = () => undefined as void;
afterEach(() => {
  desmontar();
  vi.unstubAllGlobals();
});

function abrir(proposito: 'confirmar' | 'cancelar', responder: (l: Llamada) => Respuesta | Promise<Respuesta>) {
  const s = servidorFalso(responder);
  const m = montar(<Enlace proposito={proposito} id="r1" token="tk-enlace" tag="polanco" />);
  desmontar = m.desmontar;
  return { ...s, caja: m.caja };
}

describe("a reminder's Confirmo link", () => {
  it('shows the reservation and does nothing until the guest taps; a double tap confirms once, with one key', async () => {
    let responder: (r: Respuesta) => void = () => undefined;
    const { caja, llamadas, escrituras } = abrir('confirmar', (l) =>
      l.metodo === 'GET'
        ? { data: enlace('confirmar') }
        : new Promise<Respuesta>((r) => (responder = r)),
    );
    expect(caja.querySelector('[role="status"][aria-label="Cargando tu reservación"]')).not.toBeNull();
    const confirmar = await esperar(() => boton(caja, 'Confirmo mi asistencia'), 'el botón');
    expect(llamadas.map((l) => `${l.metodo} ${l.ruta}?${l.query}`)).toEqual(['GET /v1/public/reservacion/r1/enlace?t=tk-enlace']);
    expect(textoDe(caja.querySelector('h1'))).toBe('Confirma tu asistencia');
    expect(textoDe(caja.querySelector('[data-campo="sucursal"]'))).toBe('La Casa · Polanco');
    expect(textoDe(caja.querySelector('[data-campo="fecha"]'))).toBe('Sábado 28, nov 2026');
    expect(textoDe(caja.querySelector('[data-campo="hora"]'))).toBe('08:00 p.m.');
    expect(textoDe(caja.querySelector('[data-campo="no_personas"]'))).toBe('2 personas');

    await tocar(confirmar, 2);
    expect(escrituras()).toHaveLength(1);
    const [post] = escrituras();
    expect(post).toMatchObject({ metodo: 'POST', ruta: '/v1/public/reservacion/r1/confirmar', cuerpo: { token: 'tk-enlace' } });
    expect(post?.clave).toMatch(/^[0-9a-f-]{36}$/);
    // While it goes, the button waits.
    expect(boton(caja, 'Confirmando…')?.disabled).toBe(true);

    responder({ message: '¡Gracias! Tu asistencia quedó confirmada.', data: { ...reservacion, confirmada: true } });
    const resultado = await esperar(() => caja.querySelector('[data-testid="resultado-enlace"]'), 'el resultado');
    expect(textoDe(resultado)).toContain('¡Gracias! Tu asistencia quedó confirmada.');
    expect(resultado.getAttribute('role')).toBe('status');
    expect(document.activeElement).toBe(resultado);
    expect(caja.querySelectorAll('button')).toHaveLength(0);
  });

  it('without an answer, the next tap sends the same action with the same key', async () => {
    let red = false;
    const { caja, escrituras } = abrir('confirmar', (l) =>
      l.metodo === 'GET' ? { data: enlace('confirmar') } : red ? { message: '¡Gracias! Tu asistencia quedó confirmada.', data: reservacion } : 'sin-red',
    );
    await tocar(await esperar(() => boton(caja, 'Confirmo mi asistencia')));
    const error = await esperar(() => caja.querySelector('[data-testid="error-enlace"]'));
    expect(textoDe(error)).toMatch(/^No se pudo conectar con el servidor/);
    // lib/envio.ts tried three times, all with one key.
    const claves = new Set(escrituras().map((l) => l.clave));
    expect(escrituras()).toHaveLength(3);
    expect(claves.size).toBe(1);
    red = true;
    await tocar(boton(caja, 'Confirmo mi asistencia'));
    await esperar(() => caja.querySelector('[data-testid="resultado-enlace"]'));
    expect(escrituras()).toHaveLength(4);
    expect(escrituras()[3]?.clave).toBe([...claves][0]);
  });

  it("a refusal (used meanwhile, or the reservation cancelled) shows the server's words, with no button", async () => {
    const { caja } = abrir('confirmar', (l) =>
      l.metodo === 'GET' ? { data: enlace('confirmar') } : { status: 409, message: 'La reservación ya no está pendiente: está en «Cancelada»' },
    );
    await tocar(await esperar(() => boton(caja, 'Confirmo mi asistencia')));
    const resultado = await esperar(() => caja.querySelector('[data-testid="resultado-enlace"]'));
    expect(textoDe(resultado)).toContain('No se pudo confirmar');
    expect(textoDe(resultado)).toContain('La reservación ya no está pendiente: está en «Cancelada»');
    expect(caja.querySelectorAll('button')).toHaveLength(0);
  });

  it('a used link says so on opening, with no button', async () => {
    const { caja, escrituras } = abrir('confirmar', () => ({ data: enlace('confirmar', { usado: true }) }));
    const resultado = await esperar(() => caja.querySelector('[data-testid="resultado-enlace"]'));
    expect(textoDe(resultado)).toContain('Este enlace ya se usó.');
    expect(caja.querySelectorAll('button')).toHaveLength(0);
    expect(escrituras()).toHaveLength(0);
  });

  it('a token that is not one of the links is "not valid", calmly', async () => {
    const { caja } = abrir('confirmar', () => ({ status: 404, message: 'No se encontró el enlace.' }));
    const aviso = await esperar(() => caja.querySelector('[data-testid="aviso-widget"]'));
    expect(aviso.getAttribute('role')).toBe('status');
    expect(textoDe(aviso.querySelector('h1'))).toBe('Este enlace no es válido');
    expect(textoDe(aviso)).toContain('No se encontró el enlace.');
    expect(caja.querySelectorAll('button')).toHaveLength(0);
  });
});

describe("a reminder's Cancelar link", () => {
  it('asks in the page before cancelling; "No" goes back without sending', async () => {
    const { caja, escrituras } = abrir('cancelar', (l) =>
      l.metodo === 'GET' ? { data: enlace('cancelar') } : { message: 'Tu reservación quedó cancelada.', data: { ...reservacion, status: 'Cancelada' } },
    );
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    await tocar(await esperar(() => boton(caja, 'Cancelar mi reservación')));
    expect(escrituras()).toHaveLength(0);
    const pregunta = caja.querySelector('[data-testid="pregunta-cancelar"]');
    expect(textoDe(pregunta)).toContain('¿Seguro que quieres cancelar?');
    expect(document.activeElement?.id).toBe('pregunta-cancelar');
    await tocar(boton(caja, 'No, conservarla'));
    expect(caja.querySelector('[data-testid="pregunta-cancelar"]')).toBeNull();
    expect(escrituras()).toHaveLength(0);

    await tocar(boton(caja, 'Cancelar mi reservación'));
    await tocar(boton(caja, 'Sí, cancelar mi reservación'), 2);
    const resultado = await esperar(() => caja.querySelector('[data-testid="resultado-enlace"]'));
    expect(escrituras()).toHaveLength(1);
    expect(escrituras()[0]).toMatchObject({ ruta: '/v1/public/reservacion/r1/cancelar', cuerpo: { token: 'tk-enlace' } });
    expect(textoDe(resultado)).toContain('Tu reservación quedó cancelada.');
    expect(caja.querySelector('a[href="/reservacion/polanco"]')).not.toBeNull();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('an expired link shows the server\'s words and no button', async () => {
    const { caja } = abrir('cancelar', () => ({ data: enlace('cancelar', { vencido: true }) }));
    const resultado = await esperar(() => caja.querySelector('[data-testid="resultado-enlace"]'));
    expect(textoDe(resultado)).toContain('El enlace venció: la hora de la reservación ya pasó.');
    expect(caja.querySelectorAll('button')).toHaveLength(0);
  });
});
