import type { Db } from '../../db/index.ts';
import { resolveKeyRing, rotateSecrets } from './service.ts';
import type { SecretsConfig } from './service.ts';

export const USO_SEGREDOS = {
  rotacionar:
    'segredos-rotacionar recifra com a chave atual (a primeira de SECRETS_KEYS) os segredos dos\n' +
    '                     restaurantes ainda em outra chave; pode ser repetido, e uma interrupção não perde\n' +
    '                     nada (tire a chave antiga de SECRETS_KEYS só depois de um run sem pendências)',
} as const;

/**
 * `segredos-rotacionar`: after SECRETS_KEYS=novo:<chave>,antigo:<chave> is deployed. Prints the
 * counts (never a value); exits 1 when a value could not be read, after re-encrypting the rest.
 */
export async function segredosRotacionarCommand(db: Db, config: SecretsConfig): Promise<string> {
  const ring = await resolveKeyRing(db, config);
  const r = await rotateSecrets(db, ring);
  const linha = `Segredos na chave '${r.chave}': ${r.recifrados} recifrados agora, ${r.jaNaChave} já estavam nela.`;
  if (r.ilegiveis.length) {
    throw new Error(
      `${linha}\n${r.ilegiveis.length} não puderam ser lidos (continuam como estavam):\n${r.ilegiveis.join('\n')}`,
    );
  }
  return `${linha}\nNenhum segredo depende de outra chave: as antigas podem sair de SECRETS_KEYS.`;
}
