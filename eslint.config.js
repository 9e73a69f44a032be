import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SERVER_MODULES = readdirSync(new URL('./apps/server/src/modules/', import.meta.url), {
  withFileTypes: true,
})
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** A server module's files: no other module's repository (its SQL), only its service or helpers. */
const otherRepositories = (m) =>
  SERVER_MODULES.filter((o) => o !== m).map((o) => ({
    group: [`**/modules/${o}/*repository*`, `../${o}/**/*repository*`, `../../${o}/**/*repository*`],
    message: `A module reaches another only through its service (or exported helpers), not the repository of modules/${o}.`,
  }));

const FEATURES = ['estabelecimento', 'carrinho', 'institucional', 'conta', 'cliente', 'pagamento', 'pedidos'];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'bench/results/**', 'test-results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Feature boundaries: a feature never imports another feature's internals, nor the app that
  // composes the features (arrows point one way: app → features → components/lib).
  ...FEATURES.map((f) => ({
    files: [`apps/web/src/features/${f}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...FEATURES.filter((o) => o !== f).map((o) => ({
              group: [`**/features/${o}/**`, `**/features/${o}`],
              message:
                'Features do not import each other; move shared code to src/components, src/lib or src/stores.',
            })),
            {
              group: ['../**/app/**'],
              message: 'Features do not import src/app; move what they need to src/components or src/lib.',
            },
          ],
        },
      ],
    },
  })),
  // Server modules: SQL lives in each module's repository.ts, and another module reaches it only
  // through that module's service (ARCHITECTURE.md, STYLE.md).
  ...SERVER_MODULES.map((m) => ({
    files: [`apps/server/src/modules/${m}/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: otherRepositories(m) }] },
  })),
  // The domain stays pure: no I/O, no server or app code.
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'fs', 'http', '@rango/server', '@rango/web', 'react', 'kysely'] },
      ],
    },
  },
);
