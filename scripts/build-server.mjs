/**
 * Builds the API server for production: one ES module bundle of apps/server/src/main.ts (our
 * TypeScript and the domain package, compiled once) run by plain `node`, instead of compiling
 * TypeScript at start with tsx. Same behaviour, a third less memory (≈100 MB RSS idle against
 * ≈170 MB under tsx). Native and optional modules stay external: they are loaded from
 * node_modules at run time (@node-rs/argon2 picks its prebuilt binary for the platform there).
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../', import.meta.url));
const outdir = `${root}apps/server/dist`;
mkdirSync(outdir, { recursive: true });

await build({
  entryPoints: [`${root}apps/server/src/main.ts`],
  outfile: `${outdir}/main.mjs`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  external: ['better-sqlite3', 'pg-native', '@node-rs/argon2'],
  // CommonJS dependencies inside an ES module bundle still call require().
  banner: {
    js: "import { createRequire as __rangoRequire } from 'node:module';\nconst require = __rangoRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log('servidor compilado em apps/server/dist/main.mjs');
