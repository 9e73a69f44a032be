import { STORAGE_KEYS } from './keys.ts';
import { getString, setString } from './storage.ts';

/** The path of the last establishment page the customer opened (spec section 3). */
export function getVisitedEstablishmentPath(): string | null {
  const path = getString(STORAGE_KEYS.caminhoEstabelecimentoVisitado);
  // Only an in-app establishment path is followed, never a value that could leave the site.
  return path && /^\/estabelecimento\/[^/]+\/?$/.test(path) ? path : null;
}

export function setVisitedEstablishmentPath(path: string): void {
  setString(STORAGE_KEYS.caminhoEstabelecimentoVisitado, path);
}
