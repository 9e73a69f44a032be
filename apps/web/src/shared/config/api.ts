/** The API's base path (spec section 7), the same server for the customer's app and the panel. */
export const API_BASE = '/api/ead';

/** Image paths come from the API host as given ('/api/ead/media/…'). */
export function imageUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  return /^https?:\/\//.test(path) || path.startsWith('/') ? path : `${API_BASE}/${path}`;
}
