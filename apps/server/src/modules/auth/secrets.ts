import { createHash, randomBytes } from 'node:crypto';

/** A fresh opaque token: 32 random bytes, base64url (43 characters). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a token: its SHA-256, hex. A leaked table gives no usable token. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** ISO-8601 UTC, the form every time column uses (sorts as text on both dialects). */
export const isoNow = (): string => new Date().toISOString();
export const isoIn = (seconds: number): string => new Date(Date.now() + seconds * 1000).toISOString();
