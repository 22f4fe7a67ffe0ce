import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { iniciarAcceso } from './lib/wasm-acceso';
// The typeface the stylesheet names, served with the console (latin subsets load on demand).
import '@fontsource-variable/public-sans/wght.css';
import './index.css';

const raiz = document.getElementById('root');
if (!raiz) throw new Error('Falta el elemento #root');

// The login's rule (the core's smallest WASM build) loads before the first render; the rules of
// the signed-in screens load with their layouts (see app/router.tsx).
iniciarAcceso()
  .then(() => {
    createRoot(raiz).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  })
  .catch((e: unknown) => {
    console.error(e);
    raiz.innerHTML =
      '<p style="font-family:system-ui;padding:2rem;color:#8e1b1b">No se pudo cargar la consola. Recarga la página.</p>';
  });
