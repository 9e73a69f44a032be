export { STORAGE_KEYS, STORAGE_VERSION, COOKIE_CONSENT, type StorageKey } from './keys.ts';
export { getString, setString, removeKey, getJson, setJson } from './storage.ts';
export { runVersionCheck, type VersionCheckResult } from './version-check.ts';
export { hasCookieConsent, setCookieConsent } from './cookies.ts';
export { getVisitedEstablishmentPath, setVisitedEstablishmentPath } from './visited.ts';
