// Which channels to guests the server has (e-mail, phone messages): a screen promises only what
// can leave. The host stand's waitlist offers "Llamar" where no message can be sent; a manager's
// settings say what is not set up. The same for every branch and user, read once a session.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos, type Esquema } from '@/lib/api-client';

/** `GET /v1/admin/canales`. */
export function getCanales(signal?: AbortSignal): Promise<Esquema<'Canales'>> {
  return datos(consola.GET('/api/v1/admin/canales', { signal }));
}

export const canalesQueryOptions = () =>
  queryOptions({
    queryKey: ['canales'] as const,
    queryFn: ({ signal }) => getCanales(signal),
    // The server's configuration changes only with a restart.
    staleTime: Infinity,
  });

export function useCanales() {
  return useQuery(canalesQueryOptions());
}
