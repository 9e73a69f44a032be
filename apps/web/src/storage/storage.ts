/**
 * Safe access to localStorage. Private browsing, disabled storage and a full quota throw on
 * access; the app must keep working without persistence, so every failure is swallowed and
 * reads fall back to null.
 */
import type { Schema } from '@rango/domain';
import type { StorageKey } from './keys.ts';

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The raw string under `key`, or null when absent or unreadable. */
export function getString(key: StorageKey): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function setString(key: StorageKey, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    // Quota exceeded or storage disabled: the value just is not remembered.
  }
}

export function removeKey(key: StorageKey): void {
  try {
    store()?.removeItem(key);
  } catch {
    // Storage disabled: nothing to remove.
  }
}

/**
 * The JSON value under `key`. With a schema the value is validated too, so a value written by
 * an older build (or edited by hand) reads as null instead of breaking a screen.
 */
export function getJson<T>(key: StorageKey, schema?: Schema<T>): T | null {
  const raw = getString(key);
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!schema) return value as T;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function setJson(key: StorageKey, value: unknown): void {
  let raw: string;
  try {
    raw = JSON.stringify(value);
  } catch {
    return;
  }
  setString(key, raw);
}
