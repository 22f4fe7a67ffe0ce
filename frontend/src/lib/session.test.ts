// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usuarioDe } from '../testing/datos';
import {
  cerrarSesionLocal,
  correoCorto,
  guardarSucursal,
  iniciarSesionLocal,
  leerSesion,
  rutaInicial,
  suscribirSesion,
  tieneCookie,
  tienePermiso,
} from './session';

function cookies(): Record<string, string> {
  return Object.fromEntries(
    document.cookie
      .split(';')
      .map((c) => c.trim())
      .filter(Boolean)
      .map((c) => c.split('=') as [string, string]),
  );
}

beforeEach(() => {
  cerrarSesionLocal();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('signing in', () => {
  it('stores token, user and first branch under the spec keys and sets the rgatk cookie', () => {
    const usuario = usuarioDe('Gerente', ['reservacion.index'], ['satelite', 'polanco']);
    iniciarSesionLocal('tok-123', usuario);

    expect(localStorage.getItem('mqadtk')).toBe('tok-123');
    expect(JSON.parse(localStorage.getItem('mqadusr') ?? '')).toEqual(usuario);
    expect(localStorage.getItem('sucursal')).toBe('satelite');
    expect(cookies().rgatk).toBe('1');
    expect(leerSesion()).toMatchObject({ token: 'tok-123', autenticado: true, sucursal: 'satelite' });
  });

  it('puts nothing secret in the rgatk cookie, and the session still counts it', () => {
    iniciarSesionLocal('secreto-de-la-sesion', usuarioDe('Gerente'));
    expect(document.cookie).not.toContain('secreto-de-la-sesion');
    expect(cookies().rgatk).toBe('1');
    expect(leerSesion()).toMatchObject({ token: 'secreto-de-la-sesion', autenticado: true });
  });

  it('keeps a stored branch the user may use and replaces one they may not', () => {
    guardarSucursal('polanco');
    iniciarSesionLocal('t', usuarioDe('Hostess', [], ['satelite', 'polanco']));
    expect(localStorage.getItem('sucursal')).toBe('polanco');

    guardarSucursal('monterrey');
    iniciarSesionLocal('t', usuarioDe('Hostess', [], ['satelite']));
    expect(localStorage.getItem('sucursal')).toBe('satelite');
  });

  it('sets a same-site-only cookie at the site root that is gone after one day', () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z'), toFake: ['Date'] });
    const escritas: string[] = [];
    let proto: object | null = document;
    let descriptor: PropertyDescriptor | undefined;
    while (proto && !descriptor) {
      descriptor = Object.getOwnPropertyDescriptor(proto, 'cookie');
      proto = Object.getPrototypeOf(proto) as object | null;
    }
    const espia = vi.spyOn(document, 'cookie', 'set').mockImplementation((v: string) => {
      escritas.push(v);
      descriptor?.set?.call(document, v);
    });
    iniciarSesionLocal('tok', usuarioDe('Gerente'));
    espia.mockRestore();

    const atributos = (escritas[0] ?? '').split(';').map((a) => a.trim().toLowerCase());
    expect(atributos).toContain('path=/');
    expect(atributos).toContain('max-age=86400');
    // A marker, never a credential: no other site may make the browser send it.
    expect(atributos).toContain('samesite=strict');
    expect(tieneCookie()).toBe(true);
    vi.setSystemTime(new Date('2026-03-02T12:00:01Z'));
    expect(tieneCookie()).toBe(false);
    expect(leerSesion().autenticado).toBe(false);
  });
});

describe('the session state', () => {
  it('is not authenticated with a token but no cookie', () => {
    iniciarSesionLocal('tok', usuarioDe('Gerente'));
    document.cookie = 'rgatk=; Max-Age=0; Path=/';
    expect(leerSesion().autenticado).toBe(false);
  });

  it('is not authenticated when the stored user is not a user', () => {
    iniciarSesionLocal('tok', usuarioDe('Gerente'));
    localStorage.setItem('mqadusr', '{roto');
    expect(leerSesion()).toMatchObject({ usuario: null, autenticado: false });
  });

  it('answers the same object while nothing changed, so React does not re-render for nothing', () => {
    iniciarSesionLocal('tok', usuarioDe('Gerente'));
    expect(leerSesion()).toBe(leerSesion());
  });

  it('tells subscribers when it changes', () => {
    const oyente = vi.fn();
    const dejar = suscribirSesion(oyente);
    guardarSucursal('polanco');
    cerrarSesionLocal();
    dejar();
    guardarSucursal('satelite');
    expect(oyente).toHaveBeenCalledTimes(2);
  });
});

describe('logging out locally', () => {
  it('wipes all local storage, not only the session keys, and removes the cookie', () => {
    iniciarSesionLocal('tok', usuarioDe('Gerente'));
    localStorage.setItem('otra-cosa', 'x');
    cerrarSesionLocal();
    expect(localStorage.length).toBe(0);
    expect(cookies().rgatk).toBeUndefined();
    expect(leerSesion()).toEqual({ token: null, usuario: null, sucursal: null, autenticado: false });
  });
});

describe('where a user starts', () => {
  it.each([
    ['Sistemas', '/users'],
    ['Mercadotecnia', '/promos'],
    ['Gerente', '/reservaciones/hoy'],
    ['Hostess', '/reservaciones/hoy'],
    ['Reservaciones', '/reservaciones/hoy'],
    ['Cualquier otro', '/reservaciones/hoy'],
  ])('%s lands on %s', (rol, ruta) => {
    expect(rutaInicial(usuarioDe(rol))).toBe(ruta);
  });

  it("lands on the screen the role names, whatever the role's name", () => {
    const hostess = usuarioDe('Hostess', ['reservacion.asistio']);
    expect(rutaInicial({ role: { ...hostess.role, inicio: '/hostes' } })).toBe('/hostes');
    const sistemas = usuarioDe('Sistemas', ['salon.index']);
    expect(rutaInicial({ role: { ...sistemas.role, inicio: '/salon' } })).toBe('/salon');
    expect(rutaInicial({ role: { ...sistemas.role, inicio: null } })).toBe('/users');
  });

  it('never lands on the dashboard without its permission (it would send the user back)', () => {
    const gerente = usuarioDe('Gerente', ['reservacion.index']);
    expect(rutaInicial({ role: { ...gerente.role, inicio: '/' } })).toBe('/reservaciones/hoy');
    const conTablero = usuarioDe('Gerente', ['dashboard.index']);
    expect(rutaInicial({ role: { ...conTablero.role, inicio: '/' } })).toBe('/');
  });
});

describe('helpers', () => {
  it('checks permissions by exact name', () => {
    const u = usuarioDe('Hostess', ['reservacion.index']);
    expect(tienePermiso(u, 'reservacion.index')).toBe(true);
    expect(tienePermiso(u, 'reservaciones.index')).toBe(false);
    expect(tienePermiso(null, 'reservacion.index')).toBe(false);
  });

  it('shortens the e-mail to its first 18 characters and an ellipsis', () => {
    expect(correoCorto('mercadotecnia@demo.mx')).toBe('mercadotecnia@demo…');
    expect(correoCorto('ana@demo.mx')).toBe('ana@demo.mx…');
  });
});
