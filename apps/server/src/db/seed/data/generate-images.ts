/**
 * Writes the demo's pictures into apps/server/media: `npx tsx apps/server/src/db/seed/data/generate-images.ts`.
 * The output is committed; data.test.ts fails when it no longer matches the drawings.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { drawImage, LOGO_IMAGES, PRODUCT_IMAGES } from './images.ts';

const MEDIA_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../../media');

function writeAll(pasta: string, catalogo: typeof PRODUCT_IMAGES): number {
  const dir = join(MEDIA_DIR, pasta);
  mkdirSync(dir, { recursive: true });
  // Pictures no longer drawn are removed, so the folder holds exactly the catalogue.
  for (const f of readdirSync(dir))
    if (f.endsWith('.svg') && !(f.slice(0, -4) in catalogo)) rmSync(join(dir, f));
  for (const nome of Object.keys(catalogo))
    writeFileSync(join(dir, `${nome}.svg`), drawImage(catalogo, nome));
  return Object.keys(catalogo).length;
}

const produtos = writeAll('produtos', PRODUCT_IMAGES);
const logos = writeAll('logos', LOGO_IMAGES);
console.log(`wrote ${produtos} product pictures and ${logos} logos to ${MEDIA_DIR}`);
