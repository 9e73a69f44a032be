/**
 * The panel's localStorage keys, apart from the customer's (src/storage/keys.ts): a person may
 * be a customer and staff in the same browser, and the customer's version check (which clears
 * the customer's tokens) must never sign the panel out, nor the panel's logout the customer.
 */
export const PAINEL_KEYS = {
  accessToken: 'painel_access_token',
  refreshToken: 'painel_refresh_token',
} as const;
export type PainelKey = (typeof PAINEL_KEYS)[keyof typeof PAINEL_KEYS];

// Private browsing, disabled storage and a full quota throw: the panel keeps working in memory.
export function lerChave(key: PainelKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function gravarChave(key: PainelKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not remembered: the session lasts as long as the tab.
  }
}

export function apagarChave(key: PainelKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Storage disabled: nothing to remove.
  }
}
