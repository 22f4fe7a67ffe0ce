import type { NombrePermiso } from '../config/permisos';
import type { Esquema } from '@/lib/api-client';

/** A user as the server answers it, with just the permissions a test names. */
export function usuarioDe(rol: string, permisos: NombrePermiso[] = [], tags: string[] = ['polanco', 'satelite']): Esquema<'Usuario'> {
  return {
    _id: `u-${rol}`,
    name: `Esquema<'Usuario'> ${rol}`,
    email: `${rol.toLowerCase()}@demo.mx`,
    tags,
    role: { name: rol, permissions: permisos.map((name) => ({ name })) },
  };
}

/** A reservation as the server answers it; a test overrides what it looks at. */
export function reservacionDe(cambios: Partial<Esquema<'Reservacion'>> = {}): Esquema<'Reservacion'> {
  return {
    _id: 'r-1',
    name: 'Ana López',
    email: 'ana.lopez@correo.mx',
    phone: '525512345601',
    fecha_hora: '2025-01-05T14:30:00',
    no_personas: 4,
    evento: 'Ninguno',
    comentarios: '',
    status: 'Pendiente',
    tag_sucursal: 'polanco',
    marca: { name: 'La Hacienda' },
    sucursal: { name: 'La Hacienda Polanco' },
    origin: 'Widget',
    verified: { email_verified: false, phone_verified: false, origin_declarado: false },
    comanda: null,
    abre: null,
    folio: null,
    confirmada: null,
    buffet_adulto: 0,
    buffet_boy: 0,
    buffet_promo_adulto: 0,
    buffet_promo_girl: 0,
    buffet_promo_boy: 0,
    ...cambios,
  };
}

/** A notification as the server answers it. */
export function notificacionDe(cambios: Partial<Esquema<'Notificacion'>> = {}): Esquema<'Notificacion'> {
  return {
    _id: 'n-1',
    title: 'Nueva reservación',
    description: 'Ana López · 4 personas · 05/01 14:30',
    origin: 'Widget',
    avatar: null,
    createdAt: '2025-01-05T12:00:00Z',
    isRead: false,
    isUnRead: true,
    reservacion: 'r-1',
    ...cambios,
  };
}
