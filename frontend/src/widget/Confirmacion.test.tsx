// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fechaConDia } from '@/lib/formato';
import type { Esquema } from '../lib/cliente-api';
import { Confirmacion } from './Confirmacion';
import { boton, elegir, esperar, montar, servidorFalso, textoDe, tocar, type Llamada, type Respuesta } from './huesped/prueba-dom';

const PAGINA: Esquema<'ConfirmacionPublica'> = {
  _id: 'r1',
  name: 'Lucía Fernández',
  fecha_hora: '2026-11-28 20:00',
  no_personas: 2,
  sucursal: 'Polanco',
  marca: 'La Casa',
  tag: 'polanco',
  qr_svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>',
  con_correo: true,
  status: 'Pendiente',
  confirmada: false,
  editable: true,
  cambiar_hasta: '2026-11-28 19:00',
  personas_max: 8,
  evento: 'Cumpleaños',
  contacto: { direccion: 'Av. Presidente Masaryk 120, Polanco', telefono: '525555123456', mapa: 'https://www.google.com/maps/search/?api=1&query=Polanco' },
};
const SUCURSAL: Esquema<'SucursalPublica'> = {
  tag: 'polanco',
  name: 'Polanco',
  marca: 'La Casa',
  fecha_min: '2026-11-25',
  fecha_max: '2027-01-24',
  personas_max: 8,
  personas_max_personal: 50,
  zona_horaria: 'America/Mexico_City',
  paises_telefono: ['MX'],
  envia_correo: true,
  contacto: { direccion: null, telefono: null, mapa: null },
};

let desmontar = () => undefined as void;
afterEach(() => {
  desmontar();
  vi.unstubAllGlobals();
});

/** The page against a fake server: `pagina()` is what the page's GET answers each time. */
function abrir(pagina: () => Esquema<'ConfirmacionPublica'>, escribir: (l: Llamada) => Respuesta = () => ({ data: null }), incrustado = false) {
  const s = servidorFalso((l) => {
    if (l.metodo === 'POST') return escribir(l);
    if (l.ruta === '/v1/public/reservacion/r1') return { data: pagina() };
    if (l.ruta === '/v1/public/sucursal/polanco') return { data: SUCURSAL };
    if (l.ruta === '/v1/public/sucursal/polanco/disponibilidad') {
      const personas = l.query.get('personas');
      return { data: { fecha: l.query.get('fecha'), cerrado: false, horarios: personas === '4' ? ['19:00', '19:30'] : ['19:00', '19:30', '20:00'] } };
    }
    return { status: 404, message: 'No existe' };
  });
  const m = montar(<Confirmacion id="r1" token="tk-pagina" incrustado={incrustado} volver={null} />);
  desmontar = m.desmontar;
  return { ...s, caja: m.caja };
}

const lecturas = (llamadas: Llamada[]) => llamadas.filter((l) => l.ruta === '/v1/public/reservacion/r1').length;

describe("the guest's own page", () => {
  it('while it may change: until when, and the three actions; confirming sends the page token once and reads the page again', async () => {
    let datos = PAGINA;
    const { caja, llamadas, escrituras } = abrir(
      () => datos,
      () => {
        datos = { ...PAGINA, confirmada: true };
        return { message: '¡Gracias! Tu asistencia quedó confirmada.', data: { ...PAGINA, confirmada: true } };
      },
    );
    const confirmar = await esperar(() => boton(caja, 'Confirmo mi asistencia'));
    expect(caja.querySelector('[data-testid="qr-reservacion"]')).not.toBeNull();
    expect(boton(caja, 'Cambiar personas u hora')).not.toBeNull();
    expect(boton(caja, 'Cancelar reservación')).not.toBeNull();
    expect(textoDe(caja.querySelector('[data-testid="plazo-cambios"]'))).toBe(
      'Puedes cambiarla o cancelarla aquí hasta las 07:00 p.m. del día de tu reservación.',
    );
    expect(caja.querySelector('[data-testid="estado-reservacion"]')).toBeNull();

    await tocar(confirmar, 2);
    expect(escrituras()).toHaveLength(1);
    expect(escrituras()[0]).toMatchObject({ ruta: '/v1/public/reservacion/r1/confirmar', cuerpo: { token: 'tk-pagina' } });
    expect(escrituras()[0]?.clave).toBeTruthy();
    const marca = await esperar(() => caja.querySelector('[data-testid="estado-reservacion"]'));
    expect(textoDe(marca)).toContain('Confirmaste tu asistencia');
    expect(lecturas(llamadas)).toBe(2);
    expect(textoDe(caja.querySelector('[data-testid="aviso-gestion"]'))).toContain('¡Gracias! Tu asistencia quedó confirmada.');
    expect(boton(caja, 'Confirmo mi asistencia')).toBeNull();
    expect(boton(caja, 'Cambiar personas u hora')).not.toBeNull();
  });

  it('changes the party and the time: the current time chosen while offered, the times of the new party asked', async () => {
    let datos = PAGINA;
    const { caja, llamadas, escrituras } = abrir(
      () => datos,
      (l) => {
        const c = l.cuerpo as { fecha_hora: string; no_personas: number };
        datos = { ...PAGINA, fecha_hora: c.fecha_hora, no_personas: c.no_personas };
        return { message: 'Tu reservación quedó cambiada.', data: datos };
      },
    );
    await tocar(await esperar(() => boton(caja, 'Cambiar personas u hora')));
    const form = await esperar(() => caja.querySelector<HTMLFormElement>('[data-testid="form-cambio"]'));
    expect(form.noValidate).toBe(true);
    const actual = await esperar(() => form.querySelector<HTMLInputElement>('input[name="hora"][value="20:00"]'));
    expect(actual.checked).toBe(true);
    expect(textoDe(form.querySelector('[data-testid="cambio-actual"]'))).toBe(`Ahora: 2 personas · ${fechaConDia('2026-11-28')} · 08:00 p.m.`);

    // Unchanged is not sent.
    await tocar(boton(form, 'Guardar cambios'));
    expect(textoDe(form.querySelector('[data-testid="error-cambio"]'))).toBe('Así ya está tu reservación: cambia la fecha, la hora o las personas.');
    expect(escrituras()).toHaveLength(0);

    await elegir(form.querySelector('select[name="no_personas"]'), '4');
    await esperar(() => form.querySelector('[data-consulta="2026-11-28|4"]'), 'los horarios para 4');
    expect(llamadas.some((l) => l.ruta.endsWith('/disponibilidad') && l.query.get('personas') === '4' && l.query.get('fecha') === '2026-11-28')).toBe(true);
    // 20:00 is not offered for 4: no time is chosen, and saving says so.
    expect(form.querySelector('input[name="hora"]:checked')).toBeNull();
    await tocar(boton(form, 'Guardar cambios'));
    expect(textoDe(form.querySelector('[data-testid="error-cambio"]'))).toBe('Elige uno de los horarios disponibles.');
    expect(document.activeElement?.getAttribute('name')).toBe('hora');
    expect(escrituras()).toHaveLength(0);

    await tocar(form.querySelector<HTMLInputElement>('input[name="hora"][value="19:30"]'));
    await tocar(boton(form, 'Guardar cambios'), 2);
    expect(escrituras()).toHaveLength(1);
    expect(escrituras()[0]).toMatchObject({
      ruta: '/v1/public/reservacion/r1/cambiar',
      cuerpo: { token: 'tk-pagina', fecha_hora: '2026-11-28 19:30', no_personas: 4 },
    });
    await esperar(() => caja.querySelector('[data-testid="aviso-gestion"]'));
    expect(textoDe(caja.querySelector('[data-testid="aviso-gestion"]'))).toContain('Tu reservación quedó cambiada.');
    await esperar(() => textoDe(caja.querySelector('[data-campo="no_personas"]')) === '4 personas');
    expect(textoDe(caja.querySelector('[data-campo="hora"]'))).toBe('07:30 p.m.');
    expect(caja.querySelector('[data-testid="form-cambio"]')).toBeNull();
  });

  it('a date out of range is said in Spanish, not by the browser', async () => {
    const { caja, escrituras } = abrir(() => PAGINA);
    await tocar(await esperar(() => boton(caja, 'Cambiar personas u hora')));
    const form = await esperar(() => caja.querySelector<HTMLFormElement>('[data-testid="form-cambio"]'));
    await esperar(() => form.querySelector('input[name="hora"]'));
    await elegir(form.querySelector('input[name="fecha"]'), '2027-03-01');
    expect(textoDe(form.querySelector('fieldset p[role="status"]'))).toMatch(/^Elige una fecha entre el /);
    await tocar(boton(form, 'Guardar cambios'));
    expect(textoDe(form.querySelector('[data-testid="error-cambio"]'))).toMatch(/^Elige una fecha entre el /);
    expect(form.querySelector('input[name="fecha"]')?.getAttribute('aria-invalid')).toBe('true');
    expect(escrituras()).toHaveLength(0);
  });

  it('cancelling asks first, then the page shows it cancelled', async () => {
    let datos = PAGINA;
    const { caja, escrituras } = abrir(
      () => datos,
      () => {
        datos = { ...PAGINA, status: 'Cancelada', editable: false };
        return { message: 'Tu reservación quedó cancelada.', data: datos };
      },
    );
    await tocar(await esperar(() => boton(caja, 'Cancelar reservación')));
    expect(escrituras()).toHaveLength(0);
    await tocar(boton(caja, 'Sí, cancelar mi reservación'));
    await esperar(() => textoDe(caja.querySelector('h1')) === 'Tu reservación está cancelada');
    expect(escrituras()[0]).toMatchObject({ ruta: '/v1/public/reservacion/r1/cancelar', cuerpo: { token: 'tk-pagina' } });
    expect(textoDe(caja.querySelector('[data-testid="estado-reservacion"]'))).toBe('Estado: Cancelada');
    expect(textoDe(caja.querySelector('[data-testid="aviso-gestion"]'))).toContain('Tu reservación quedó cancelada.');
    expect(boton(caja, 'Cambiar personas u hora')).toBeNull();
    // The page's main action is now a new booking, once; a cancelled code is not printed.
    const nuevas = [...caja.querySelectorAll('a[href="/reservacion/polanco"]')];
    expect(nuevas.map(textoDe)).toEqual(['Hacer otra reservación']);
    expect(boton(caja, 'Imprimir')).toBeNull();
    expect(boton(caja, 'Guardar código QR')).toBeNull();
  });

  it('names the occasion and where the branch is, with its phone and a map', async () => {
    const { caja } = abrir(() => PAGINA);
    await esperar(() => caja.querySelector('[data-campo="evento"]'));
    expect(textoDe(caja.querySelector('[data-campo="evento"]'))).toBe('Cumpleaños');
    expect(textoDe(caja.querySelector('[data-campo="direccion"]'))).toContain('Av. Presidente Masaryk 120, Polanco');
    expect(caja.querySelector('[data-campo="telefono"]')?.getAttribute('href')).toBe('tel:+525555123456');
    expect(textoDe(caja.querySelector('[data-campo="telefono"]'))).toBe('+52 55 5512 3456');
    expect(caja.querySelector('[data-campo="mapa"]')?.getAttribute('target')).toBe('_blank');
    expect(boton(caja, 'Imprimir')).not.toBeNull();
  });

  it('without an occasion nor a contact of the branch, neither is shown', async () => {
    const { caja } = abrir(() => ({ ...PAGINA, evento: 'Ninguno', contacto: { direccion: null, telefono: null, mapa: null } }));
    await esperar(() => caja.querySelector('[data-campo="no_personas"]'));
    expect(caja.querySelector('[data-campo="evento"]')).toBeNull();
    expect(caja.querySelector('[data-testid="contacto-sucursal"]')).toBeNull();
  });

  it('a refusal shows the server\'s words and reads the page again', async () => {
    let datos = PAGINA;
    const { caja, llamadas } = abrir(
      () => datos,
      () => {
        datos = { ...PAGINA, editable: false };
        return { status: 409, message: 'Ya no se puede cambiar en línea: faltan menos de 60 minutos para la reservación. Llama a la sucursal.' };
      },
    );
    await tocar(await esperar(() => boton(caja, 'Confirmo mi asistencia')));
    await esperar(() => caja.querySelector('[data-testid="cambios-cerrados"]'));
    expect(textoDe(caja.querySelector('[data-testid="error-gestion"]'))).toMatch(/^Ya no se puede cambiar en línea/);
    expect(lecturas(llamadas)).toBe(2);
  });

  it('pending but past the online deadline: until when it could change, and no actions', async () => {
    const { caja } = abrir(() => ({ ...PAGINA, editable: false, confirmada: true }));
    const cerrado = await esperar(() => caja.querySelector('[data-testid="cambios-cerrados"]'));
    expect(textoDe(cerrado.querySelector('p'))).toBe('Los cambios en línea cerraron a las 07:00 p.m.; llama a la sucursal.');
    expect(boton(caja, 'Confirmo mi asistencia')).toBeNull();
    expect(boton(caja, 'Cancelar reservación')).toBeNull();
    expect(textoDe(caja.querySelector('[data-testid="estado-reservacion"]'))).toContain('Confirmaste tu asistencia');
  });

  it('ended: the state is said, and nothing is offered', async () => {
    for (const [status, titulo, estado] of [
      ['Cancelada', 'Tu reservación está cancelada', 'Estado: Cancelada'],
      ['Asistio', '¡Gracias por tu visita!', 'Estado: Asistió'],
      ['Vencido', 'Tu reservación ya pasó', 'Estado: No asistió'],
    ] as const) {
      const { caja } = abrir(() => ({ ...PAGINA, status, editable: false }));
      await esperar(() => caja.querySelector('h1'));
      expect(textoDe(caja.querySelector('h1'))).toBe(titulo);
      expect(textoDe(caja.querySelector('[data-testid="estado-reservacion"]'))).toBe(estado);
      // Cancelled or missed, the page offers booking again, and nothing else.
      expect(caja.querySelector('[data-testid="acciones-huesped"]')).toBeNull();
      expect(caja.querySelector('a[href="/reservacion/polanco"]') !== null).toBe(status !== 'Asistio');
      desmontar();
      desmontar = () => undefined;
    }
  });

  it('in a frame (just booked) it stays the receipt, without the actions', async () => {
    const { caja } = abrir(() => PAGINA, undefined, true);
    await esperar(() => caja.querySelector('[data-testid="confirmacion"]'));
    expect(caja.querySelector('[data-testid="gestion"]')).toBeNull();
  });
});
