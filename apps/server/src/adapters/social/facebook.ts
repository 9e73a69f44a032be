import { SocialTokenError } from './provider.ts';
import type { SocialVerifier } from './provider.ts';

interface DebugToken {
  data?: { is_valid?: boolean; app_id?: string | number; user_id?: string | number };
}
interface Me {
  id?: string;
  name?: string;
  email?: string;
}

async function getJson<T>(url: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(5000), headers: { accept: 'application/json' } });
  } catch {
    // The URL carries tokens: never put it (or the fetch error quoting it) in a message.
    throw new SocialTokenError('facebook: unreachable');
  }
  if (!res.ok) throw new SocialTokenError(`facebook: HTTP ${res.status}`);
  try {
    return (await res.json()) as T;
  } catch {
    throw new SocialTokenError('facebook: not JSON');
  }
}

/**
 * Facebook: the app sends the user access token. The Graph API's debug_token, asked with our app
 * token (`{app-id}|{app-secret}`), says whether it is valid and for which app (a token issued to
 * another app must not log in here); then /me gives the id, name and (confirmed) e-mail.
 */
export function createFacebookVerifier(options: {
  appId: string;
  appSecret: string;
  graphUrl: string;
}): SocialVerifier {
  const base = options.graphUrl.replace(/\/+$/, '');
  return {
    async verify(token) {
      const appToken = `${options.appId}|${options.appSecret}`;
      const debug = await getJson<DebugToken>(
        `${base}/debug_token?input_token=${encodeURIComponent(token)}&access_token=${encodeURIComponent(appToken)}`,
      );
      const data = debug.data;
      if (!data || data.is_valid !== true || String(data.app_id) !== options.appId) {
        throw new SocialTokenError('facebook: token not valid for this app');
      }
      const me = await getJson<Me>(
        `${base}/me?fields=id,name,email&access_token=${encodeURIComponent(token)}`,
      );
      if (typeof me.id !== 'string' || (data.user_id !== undefined && String(data.user_id) !== me.id)) {
        throw new SocialTokenError('facebook: user mismatch');
      }
      return {
        sujeito: me.id,
        email: typeof me.email === 'string' ? me.email : undefined,
        nome: typeof me.name === 'string' ? me.name : undefined,
      };
    },
  };
}
