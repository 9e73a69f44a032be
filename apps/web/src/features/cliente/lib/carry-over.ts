import { enderecoInputSchema } from '@rango/domain';
import type { QueryClient } from '@tanstack/react-query';
import { getEnderecoEscolhido, setEnderecoEscolhido } from '../../../stores/endereco.ts';
import { createEndereco } from '../api/create-endereco.ts';
import { invalidateEnderecos } from '../api/invalidate.ts';

// One attempt per address per page load: a refused address stays local rather than loop.
const attempted = new Set<string>();

/**
 * Spec section 7: after login, a locally held address (one without an id) is saved to the
 * server once, and the chosen address takes the returned id. Loaded by the shell only when
 * a logged-in session holds such an address.
 *
 * Every open tab runs this after a login; a lock shared by the site's tabs (Web Locks API) lets
 * one save the address while the others wait, and a tab that gets the lock after it re-reads
 * `endereco` from storage, finds the id and does nothing. Browsers without the API run it
 * directly.
 */
export function carryOverEndereco(queryClient: QueryClient): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('rango-carry-over', () => carryOver(queryClient)) : carryOver(queryClient);
}

async function carryOver(queryClient: QueryClient): Promise<void> {
  // Read from storage now, inside the lock: another tab may have saved it a moment ago.
  const local = getEnderecoEscolhido();
  if (!local || local.id !== undefined) return;
  const key = JSON.stringify(local);
  if (attempted.has(key)) return;
  attempted.add(key);
  const parsed = enderecoInputSchema.safeParse(local);
  if (!parsed.success) return;
  try {
    const saved = await createEndereco(parsed.data);
    // Only if the customer did not choose another address meanwhile.
    if (getEnderecoEscolhido() === local) setEnderecoEscolhido({ ...local, id: saved.id });
    await invalidateEnderecos(queryClient);
  } catch {
    // Not saved (offline, refused): the address stays chosen locally; nothing to tell the customer.
  }
}
