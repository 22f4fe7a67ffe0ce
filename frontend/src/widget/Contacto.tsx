import { telefonoLegible } from '@/lib/formato';
import type { Esquema } from '../lib/cliente-api';

type Contacto = Esquema<'SucursalPublica'>['contacto'];

/**
 * Where guests find and call the branch: its address with a map link and its phone, each a
 * link a phone opens. Nothing at all for a branch that gave neither.
 */
export function ContactoSucursal({ contacto, compacto = false }: { contacto: Contacto; compacto?: boolean }) {
  const { direccion, telefono, mapa } = contacto;
  if (!direccion && !telefono) return null;
  const enlace = 'font-semibold text-primary-800 underline decoration-primary-300 underline-offset-2 hover:decoration-primary-700';
  return (
    <address
      className={`flex flex-col gap-x-4 gap-y-1 text-sm text-stone-600 not-italic ${compacto ? '' : 'sm:flex-row sm:flex-wrap'}`}
      data-testid="contacto-sucursal"
    >
      {direccion && (
        <span data-campo="direccion">
          {direccion}
          {mapa && (
            <>
              {' · '}
              <a href={mapa} target="_blank" rel="noopener noreferrer" className={enlace} data-campo="mapa">
                Ver en el mapa
              </a>
            </>
          )}
        </span>
      )}
      {telefono && (
        <span>
          Tel.{' '}
          <a href={`tel:+${telefono}`} className={enlace} data-campo="telefono">
            {telefonoLegible(telefono)}
          </a>
        </span>
      )}
    </address>
  );
}
