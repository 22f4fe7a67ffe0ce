import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Toaster } from '../components/ui/Toaster';
import { ApiError } from '../lib/api-client';
import { leerSesion, suscribirSesion } from '../lib/session';

function crearQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A refusal (4xx) will not change by asking again; a network hiccup may.
        retry: (intentos, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && intentos < 2,
        staleTime: 30 * 1000,
      },
      mutations: { retry: false },
    },
  });
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(crearQueryClient);

  // When the session ends (logout, a 401, another tab) nothing of it stays cached.
  useEffect(
    () =>
      suscribirSesion(() => {
        if (!leerSesion().token) queryClient.clear();
      }),
    [queryClient],
  );

  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
