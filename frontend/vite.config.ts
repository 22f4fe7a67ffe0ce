import { defineConfig } from 'vitest/config';
import tailwindcss from '@tailwindcss/vite';

// Where /api goes in development and in `vite preview`; the e2e helper points it at the
// server it started.
const api = process.env.ANFITRION_API_URL ?? 'http://127.0.0.1:8080';
const proxy = { '/api': { target: api, changeOrigin: false } };

export default defineConfig({
  plugins: [tailwindcss()],
  server: { proxy },
  preview: { proxy },
  // The camera's decoder worker imports the WASM core as an ES module (its glue finds the .wasm
  // through import.meta.url).
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      // Libraries change less often than the app: separate files stay cached across deploys.
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
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
