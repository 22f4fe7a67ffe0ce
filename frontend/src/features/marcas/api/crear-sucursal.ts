import { conMensaje, consola, type Esquema } from '@/lib/api-client';

/** `POST /v1/admin/sucursal`: a new branch of a brand; answers it in full. */
export const crearSucursal = (datos: Esquema<'DatosSucursal'>) => conMensaje(consola.POST('/api/v1/admin/sucursal', { body: datos }));
