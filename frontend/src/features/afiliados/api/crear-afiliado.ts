import { apiConMensaje } from '@/lib/api-client';
import type { Afiliado, DatosAfiliado } from '@/types/api';

/** `POST /v1/admin/afiliados`. */
export const crearAfiliado = (datos: DatosAfiliado) => apiConMensaje<Afiliado>('/v1/admin/afiliados', { method: 'POST', body: datos });
