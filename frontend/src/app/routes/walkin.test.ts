import { describe, expect, it } from 'vitest';
import { usuarioDe } from '@/testing/datos';
import { pestanasWalkin, pestanaWalkin } from './walkin';

describe('the walk-in tabs', () => {
  const conPermiso = usuarioDe('Hostess', ['walkin.index']);
  const sinPermiso = usuarioDe('Reservaciones', ['reservacion.index']);

  it('shows Registrar only with walkin.index; Hoy and Todas to everyone', () => {
    expect(pestanasWalkin(conPermiso).map((p) => p.slug)).toEqual(['registrar', 'hoy', 'todas']);
    expect(pestanasWalkin(sinPermiso).map((p) => p.slug)).toEqual(['hoy', 'todas']);
  });

  it('opens Registrar only for a user holding walkin.index; anyone else is sent to Hoy', () => {
    expect(pestanaWalkin('registrar', conPermiso)?.slug).toBe('registrar');
    expect(pestanaWalkin('registrar', sinPermiso)).toBeNull();
    expect(pestanaWalkin('registrar', null)).toBeNull();
  });

  it('opens the open tabs for anyone and nothing for an unknown slug', () => {
    expect(pestanaWalkin('hoy', sinPermiso)?.slug).toBe('hoy');
    expect(pestanaWalkin('todas', sinPermiso)?.slug).toBe('todas');
    expect(pestanaWalkin('otra', conPermiso)).toBeNull();
    expect(pestanaWalkin(undefined, conPermiso)).toBeNull();
  });
});
