// The console's lint: TypeScript's and React hooks' rules, and the source's boundaries, which the
// build enforces (`npm run lint`):
//   src/features/<area>/  a screen's area; may import the shared layers and src/modulos/, never
//                         another area, src/app/ or src/widget/
//   src/modulos/<area>/   what several areas share (order forms, the check-in flow, …); may import
//                         the shared layers and other modulos, never an area, src/app/ or src/widget/
//   src/components, lib, stores, types, config, wasm   the shared layers; import none of the above
//   src/app/              the router, layouts and screens that compose areas: may import anything
//   src/widget/           the guests' booking page, its own small bundle: none of the console's
//                         areas, modules, app or components (but the date box, components/ui/CampoFecha,
//                         plain React), nor its router, query cache or Headless UI
// and no import cycle anywhere in src/; and src/lib/formato.ts is the only place that formats a date
// or a time for display (no toLocale*String, no Intl.DateTimeFormat elsewhere).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const areas = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

const CAPAS_COMPARTIDAS = ['components', 'lib', 'stores', 'types', 'config', 'wasm'].map((c) => `./src/${c}`);

const zonas = [
  // An area imports no other area.
  ...areas.map((area) => ({
    target: `./src/features/${area}`,
    from: './src/features',
    except: [`./${area}`],
    message: 'An area imports no other area: what they share goes in src/modulos/ (or lib/, components/), what composes them in src/app/.',
  })),
  {
    target: './src/features',
    from: ['./src/app', './src/widget'],
    message: 'An area imports neither src/app/ nor the booking page (src/widget/).',
  },
  {
    target: './src/modulos',
    from: ['./src/features', './src/app', './src/widget'],
    message: 'A shared module imports no area, nor src/app/ or src/widget/.',
  },
  ...CAPAS_COMPARTIDAS.map((capa) => ({
    target: capa,
    from: ['./src/features', './src/modulos', './src/app', './src/widget'],
    message: 'The shared layers (components, lib, stores, types, config, wasm) import no area, module, src/app/ or src/widget/.',
  })),
  {
    target: './src/widget',
    from: ['./src/features', './src/modulos', './src/app', './src/stores'],
    message: 'The booking page is its own small bundle: it imports nothing of the console.',
  },
  {
    target: './src/widget',
    from: './src/components',
    except: ['./ui/CampoFecha.tsx'],
    message: 'The booking page is its own small bundle: of the console\'s components it takes only the date box (plain React).',
  },
];

// Dates and times are formatted in one module, in es-MX whatever the browser's language.
const SOLO_FORMATO = 'Dates, times and numbers are formatted by src/lib/formato.ts (es-MX, one format everywhere): use its functions.';

// A `_` name is unused on purpose (a key taken out of an object with `...rest`, a parameter kept
// for its position).
const NO_USADOS = { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true };

export default tseslint.config(
  { ignores: ['dist/', 'src/wasm/', 'src/types/openapi.d.ts', 'test-results/'] },
  js.configs.recommended,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-unused-vars': ['error', NO_USADOS] },
  },
  {
    files: ['e2e/**/*.mjs'],
    // The browser tests run code in the page too (page.evaluate).
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  ...tseslint.configs.recommended.map((c) => ({ ...c, files: ['**/*.{ts,tsx}'] })),
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import/no-restricted-paths': ['error', { zones: zonas }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
      // As tsc's noUnusedLocals and noUnusedParameters: a `_` name is unused on purpose.
      '@typescript-eslint/no-unused-vars': ['error', NO_USADOS],
    },
  },
  {
    files: ['src/widget/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@tanstack/*', '@headlessui/*', 'react-router', 'react-router/*', 'react-router-dom'],
              message: 'The booking page loads none of the console\'s router, query cache or Headless UI.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/formato.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { property: 'toLocaleString', message: SOLO_FORMATO },
        { property: 'toLocaleDateString', message: SOLO_FORMATO },
        { property: 'toLocaleTimeString', message: SOLO_FORMATO },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.object.name='Intl'][callee.property.name=/^(DateTimeFormat|RelativeTimeFormat)$/]", message: SOLO_FORMATO },
        { selector: "CallExpression[callee.object.name='Intl'][callee.property.name=/^(DateTimeFormat|RelativeTimeFormat)$/]", message: SOLO_FORMATO },
      ],
    },
  },
  {
    files: ['src/**/*.worker.ts'],
    languageOptions: { globals: { ...globals.worker } },
  },
);
