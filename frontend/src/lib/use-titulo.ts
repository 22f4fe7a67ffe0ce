import { useEffect } from 'react';

/** The session's page title: "Pantalla · Anfitrión". */
export function useTitulo(titulo: string): void {
  useEffect(() => {
    document.title = titulo ? `${titulo} · Anfitrión` : 'Anfitrión';
  }, [titulo]);
}
