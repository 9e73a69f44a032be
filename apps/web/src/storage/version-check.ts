import { STORAGE_KEYS, STORAGE_VERSION } from './keys.ts';
import { getString, removeKey, setString } from './storage.ts';

/** What the start-up version check did (spec section 4). */
export type VersionCheckResult = 'ok' | 'initialized' | 'updated';

/** Keys a new storage version invalidates: auth, address, filter and cart. */
const CLEARED_ON_NEW_VERSION = [
  STORAGE_KEYS.accessToken,
  STORAGE_KEYS.refreshToken,
  STORAGE_KEYS.endereco,
  STORAGE_KEYS.filtroEstabelecimento,
  STORAGE_KEYS.carrinho,
] as const;

/**
 * Runs once on start, before the first render, so no screen reads data of an older shape.
 * 'initialized': no version was stored (first visit); 'updated': another version was stored and
 * the caller tells the customer the site was updated (MSG.siteAtualizado).
 */
export function runVersionCheck(): VersionCheckResult {
  const stored = getString(STORAGE_KEYS.versao);
  if (stored === STORAGE_VERSION) return 'ok';
  for (const key of CLEARED_ON_NEW_VERSION) removeKey(key);
  setString(STORAGE_KEYS.versao, STORAGE_VERSION);
  return stored === null ? 'initialized' : 'updated';
}
