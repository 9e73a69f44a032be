import { existsSync, readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { WEB, problem } from './scripts/web-walls.mjs';

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

/** The features of each web app: the customer app's (src/features) and the panel's (src/painel/features). */
const webFeatures = (dir) =>
  readdirSync(new URL(`./apps/web/src/${dir}/`, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const FEATURES = webFeatures('features');
const PAINEL_FEATURES = webFeatures('painel/features');

/** A feature's zone: no other feature of its app, no app shell, nothing of the other app. */
const featureZone = (dir, features, f, otherApp) => ({
  files: [`apps/web/src/${dir}/${f}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...features
            .filter((o) => o !== f)
            .map((o) => ({
              group: [`**/features/${o}/**`, `**/features/${o}`],
              message:
                "Features do not import each other; move shared code to the app's components/lib or to src/shared.",
            })),
          {
            group: ['../**/app/**'],
            message:
              "Features do not import their app's shell (app/); move what they need to components/lib.",
          },
          ...otherApp,
        ],
      },
    ],
  },
});

/**
 * rango/web-walls: every relative import of apps/web/src resolved to its file and judged by
 * scripts/web-walls.mjs (shared → features → app in each app; no cliente ↔ painel imports;
 * shared imports neither app). scripts/check-layers.mjs applies the same rules to the whole tree.
 */
const webWalls = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = context.filename;
    if (!from.startsWith(WEB + '/')) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !/^\.{1,2}\//.test(spec)) return;
      const to = resolve(dirname(from), spec);
      if (!to.startsWith(WEB + '/')) return;
      if (!existsSync(to)) return;
      const why = problem(from, to);
      if (why) context.report({ node: node.source, message: `${spec}: ${why} (scripts/web-walls.mjs).` });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

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
  // The web's walls (bulletproof-react): shared → features → app in both apps, no imports
  // between the customer app and the panel. The zones name the rule where it is broken; the
  // resolved check (rango/web-walls) catches every path however it is spelled.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { rango: { rules: { 'web-walls': webWalls } } },
    rules: { 'rango/web-walls': 'error' },
  },
  ...FEATURES.map((f) =>
    featureZone('features', FEATURES, f, [
      {
        group: ['**/painel/**'],
        message: 'The customer app does not import the panel; share code through src/shared.',
      },
    ]),
  ),
  ...PAINEL_FEATURES.map((f) => featureZone('painel/features', PAINEL_FEATURES, f, [])),
  {
    files: ['apps/web/src/shared/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/shared/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**', '**/painel/**'],
              message: 'src/shared imports neither app: no feature, no shell, nothing of the panel.',
            },
          ],
        },
      ],
    },
  },
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
