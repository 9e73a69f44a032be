import { COOKIE_CONSENT } from './keys.ts';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** True once the customer accepted the cookie notice. */
export function hasCookieConsent(): boolean {
  try {
    return document.cookie.split(';').some((c) => c.trim() === `${COOKIE_CONSENT}=true`);
  } catch {
    return false;
  }
}

/** Remembers the consent for a year on the whole site. */
export function setCookieConsent(): void {
  try {
    document.cookie = `${COOKIE_CONSENT}=true; max-age=${ONE_YEAR_SECONDS}; path=/; SameSite=Lax`;
  } catch {
    // Cookies disabled: the banner shows again next time, nothing else breaks.
  }
}
