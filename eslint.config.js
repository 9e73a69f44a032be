import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
