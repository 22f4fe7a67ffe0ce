import type { Connect, Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

// Where /api goes in development and in `vite preview`; the e2e helper points it at the
// server it started.
const api = process.env.ANFITRION_API_URL ?? 'http://127.0.0.1:8080';
const proxy = { '/api': { target: api, changeOrigin: false } };

// The public booking pages are widget.html, as the server serves them; `vite` and `vite preview`
// would answer them with the console's index.html.
const PAGINA_PUBLICA = /^\/(reservacion|widget)\/[^/]/;
const paginasPublicas = (): Plugin => {
  const reescribir: Connect.NextHandleFunction = (req, _res, next) => {
    if (req.url && PAGINA_PUBLICA.test(req.url)) req.url = '/widget.html';
    next();
  };
  return {
    name: 'paginas-publicas',
    configureServer: (s) => void s.middlewares.use(reescribir),
    configurePreviewServer: (s) => void s.middlewares.use(reescribir),
  };
};

export default defineConfig({
  plugins: [tailwindcss(), paginasPublicas()],
  // `@/x` is `src/x` (tsconfig's `paths` says the same to tsc), so an import names what it takes
  // from the source root instead of counting folders up.
  resolve: { alias: { '@': fileURLToPath(new URL('src', import.meta.url)) } },
  server: { proxy },
  preview: { proxy },
  // The camera's decoder worker imports the WASM core as an ES module (its glue finds the .wasm
  // through import.meta.url).
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The API reference's renderer (docs.html) is one 1.5 MB file, loaded on that page alone.
    chunkSizeWarningLimit: 1600,
    target: 'es2022',
    rolldownOptions: {
      // Two pages: the console, and the public booking page (widget.html, its own small bundle,
      // served for /reservacion/{tag} and /widget/{tag}).
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        widget: fileURLToPath(new URL('widget.html', import.meta.url)),
        // The API reference (/api/docs), its renderer in a bundle of its own.
        docs: fileURLToPath(new URL('docs.html', import.meta.url)),
      },
      // React changes less often than the app: its file stays cached across deploys (the booking
      // page needs it and nothing else of the console's libraries; the router is a file of its
      // own for the same reason). Other libraries go with the screens that use them (the router
      // loads each screen when first drawn), so the login does not download what only the
      // console's screens need.
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
          ],
        },
      },
      // Headless UI marks its modules "use client" for React Server Components; meaningless in an SPA.
      onwarn(aviso, avisar) {
        if (aviso.code === 'MODULE_LEVEL_DIRECTIVE') return;
        avisar(aviso);
      },
    },
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['src/testing/setup-wasm.ts'],
  },
});
