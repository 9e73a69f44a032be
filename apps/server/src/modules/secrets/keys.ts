import { createHash } from 'node:crypto';
import { inspect } from 'node:util';

/**
 * The secrets store's key ring (modules/secrets): AES-256 keys, each with an id stored beside
 * every value it encrypts. Read from the environment by config.ts:
 *
 * - `SECRETS_KEYS=novo:<chave>,antigo:<chave>`: every key the store may read, the FIRST one the
 *   current (new values and rotation use it). A key is 32 random bytes in base64 (44 characters,
 *   `openssl rand -base64 32`) or hex (64 characters). An entry without `id:` gets its
 *   fingerprint as id (`f` + the first 8 hex digits of its SHA-256).
 * - `SECRETS_KEY=<chave>`: shorthand for a ring of that one key (id: its fingerprint), so
 *   `SECRETS_KEY=A` later becomes `SECRETS_KEYS=novo:B,A` and the values under A stay readable.
 *
 * Both set at once is refused (which would be current?). Nothing here ever puts a key's bytes in a
 * message, a log line or JSON: a KeyRing prints as its ids only.
 */
export const KEY_BYTES = 32;

const ID = /^[A-Za-z0-9_-]{1,32}$/;

/** Id of a key given without one: stable, and says nothing usable about the key. */
export function fingerprint(key: Buffer): string {
  return `f${createHash('sha256').update(key).digest('hex').slice(0, 8)}`;
}

export class KeyRing {
  readonly #keys: ReadonlyMap<string, Buffer>;
  /** The id new values are encrypted under (the first of SECRETS_KEYS). */
  readonly current: string;

  constructor(entries: readonly { id: string; key: Buffer }[]) {
    const first = entries[0];
    if (!first) throw new Error('KeyRing sem chaves');
    this.current = first.id;
    this.#keys = new Map(entries.map((e) => [e.id, Buffer.from(e.key)]));
  }

  get ids(): string[] {
    return [...this.#keys.keys()];
  }

  /** This ring plus a key read after its own (not current); unchanged when it has that id. */
  withKey(id: string, key: Buffer): KeyRing {
    if (this.#keys.has(id)) return this;
    return new KeyRing([...[...this.#keys].map(([i, k]) => ({ id: i, key: k })), { id, key }]);
  }

  /** The key with this id, or undefined when the ring does not hold it. */
  key(id: string): Buffer | undefined {
    return this.#keys.get(id);
  }

  toJSON(): { chaves: string[]; atual: string } {
    return { chaves: this.ids, atual: this.current };
  }

  [inspect.custom](): string {
    return `KeyRing(${this.ids.join(', ')}; atual: ${this.current})`;
  }
}

/** 32 bytes from hex or base64 (standard or url-safe), strictly: anything else is undefined. */
function decodeKey(text: string): Buffer | undefined {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(text)) return undefined;
  const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === KEY_BYTES ? bytes : undefined;
}

const COMO = `32 bytes aleatórios em base64 ou hex, como os de \`openssl rand -base64 32\``;

/**
 * SECRETS_KEYS / SECRETS_KEY → the ring; undefined when neither is set; `{ erro }` (a message that
 * names the variable and the entry's id or position, never the key) when malformed.
 */
export function parseKeyRing(env: {
  SECRETS_KEYS?: string | undefined;
  SECRETS_KEY?: string | undefined;
}): KeyRing | undefined | { erro: string } {
  const keys = env.SECRETS_KEYS?.trim();
  const single = env.SECRETS_KEY?.trim();
  if (keys && single) {
    return { erro: 'SECRETS_KEYS e SECRETS_KEY definidas ao mesmo tempo: use só SECRETS_KEYS' };
  }
  if (!keys && !single) return undefined;
  const nome = keys ? 'SECRETS_KEYS' : 'SECRETS_KEY';
  const partes = keys ? keys.split(',').map((p) => p.trim()) : [single!];
  const entries: { id: string; key: Buffer }[] = [];
  for (const [i, parte] of partes.entries()) {
    const dois = keys ? parte.indexOf(':') : -1;
    const id = dois >= 0 ? parte.slice(0, dois).trim() : undefined;
    const texto = dois >= 0 ? parte.slice(dois + 1).trim() : parte;
    const qual = id ? `a chave '${id}'` : `a ${i + 1}ª chave`;
    if (id !== undefined && !ID.test(id)) {
      return { erro: `${nome}: o id da ${i + 1}ª chave é inválido (letras, números, _ ou -, até 32)` };
    }
    const key = decodeKey(texto);
    if (!key) return { erro: `${nome}: ${qual} não tem 32 bytes (use ${COMO})` };
    const final = id ?? fingerprint(key);
    if (entries.some((e) => e.id === final)) {
      return { erro: `${nome}: o id '${final}' aparece duas vezes` };
    }
    entries.push({ id: final, key });
  }
  return new KeyRing(entries);
}
