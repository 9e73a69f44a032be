import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import { ConfigError } from '../../config.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { storedSecret } from '../../http/auth.ts';
import { KeyRing } from './keys.ts';
import { secretsRepository as repo } from './repository.ts';
import type { SegredoChave, SegredoRow } from './repository.ts';

/**
 * The secrets store (issue 21 part 6): a restaurant's own credentials — its payment account
 * (Mercado Pago, Cielo), its WhatsApp number's token and app secret, its iFood connection, webhook
 * signing secrets — kept encrypted in the `segredo` table.
 *
 * How other modules use it (the server's internal interface; no route reads a value):
 *
 *     const segredos = app.segredos;               // or createSegredos(db, config)
 *     await segredos.set(idestabelecimento, 'mercadopago.access_token', tokenDigitado);
 *     const s = await segredos.get(idestabelecimento, 'mercadopago.access_token');
 *     fetch(url, { headers: { authorization: `Bearer ${s.revelar()}` } });  // s: Segredo | undefined
 *     await segredos.describe(idestabelecimento, 'mercadopago.access_token');
 *       // → { configurado: true, final: 'a1B2' }: the ONLY shape any API may return
 *     await segredos.list(idestabelecimento);       // describe of each stored name
 *     await segredos.delete(idestabelecimento, 'mercadopago.access_token');
 *
 * - A value is reachable only through its establishment's id: there is no cross-establishment
 *   read (tenant isolation); the routes that call these check the staff's establishment first.
 * - `get` returns a `Segredo`, not a string: it prints, logs and serialises as '[segredo]'
 *   (toJSON, toString, util.inspect), so passing it to the logger, an error or a reply leaks
 *   nothing. `revelar()` gives the plaintext; call it where the value is sent to its provider.
 *   This module never logs.
 * - At rest: AES-256-GCM (node:crypto), a random 96-bit IV per value, the key id of the ring
 *   (SECRETS_KEYS, see keys.ts) stored with it, and the establishment's id and the name bound as
 *   additional authenticated data: a value copied to another establishment or name fails to
 *   decrypt. A wrong key or a changed byte fails GCM's tag check: `SegredoIlegivelError`, never
 *   garbage.
 * - Keys: production requires SECRETS_KEYS (or SECRETS_KEY; config.ts refuses to start without);
 *   elsewhere a local key ('local', derived from a random secret generated once and kept in the
 *   database's `configuracao`, like the development JWT secret) is used alone or read after the
 *   configured ones. main.ts checks at start that the ring opens one value under every key id in
 *   use (`verifyKeys`), so a wrong or missing key stops the start with one clear line.
 * - Rotation: `npm run operator -- segredos-rotacionar` (`rotateSecrets`) re-encrypts every value
 *   not under the current key, one row per transaction; rerunnable, and an interruption loses
 *   nothing (values under an old key stay readable while that key stays in the ring).
 * - Not in any export: 'Baixar meus dados' is the customer's data (TABELAS_MEUS_DADOS says why this
 *   table is not), the menu export reads menu tables only, and a backup copies ciphertext only.
 */

export const MASCARA = '[segredo]';

/** A secret's plaintext that does not print itself (see the module's header). */
export class Segredo {
  readonly #valor: string;
  constructor(valor: string) {
    this.#valor = valor;
  }
  /** The plaintext, for the call to the provider. Never log, return or store it. */
  revelar(): string {
    return this.#valor;
  }
  toJSON(): string {
    return MASCARA;
  }
  toString(): string {
    return MASCARA;
  }
  [inspect.custom](): string {
    return MASCARA;
  }
}

/** A value that cannot be read: its key is not in the ring, or GCM's check failed. */
export class SegredoIlegivelError extends Error {
  override name = 'SegredoIlegivelError';
}

/** What any API may say of a secret. `final`: its last 4 characters, only for values of 12 or more. */
export interface DescricaoSegredo {
  configurado: boolean;
  final: string | null;
}

/** 'mercadopago.access_token', 'whatsapp.app_secret', 'ifood.client_secret', 'webhook.cielo', … */
export const NOME = /^[a-z][a-z0-9_.-]{0,63}$/;
export const MAX_VALOR = 16_384;
const MIN_PARA_FINAL = 12;

export interface Segredos {
  /** Stores (or replaces) the value under the current key. */
  set(idestabelecimento: number, nome: string, valor: string | Segredo): Promise<void>;
  /**
   * Stores several values in one transaction, with `tambem` (the caller's own writes) in it too:
   * all of them or none (rotated tokens must not be half stored).
   */
  setMany(
    idestabelecimento: number,
    valores: Record<string, string | Segredo>,
    tambem?: (trx: Db) => Promise<void>,
  ): Promise<void>;
  /** The value, or undefined when none is stored; SegredoIlegivelError when it cannot be read. */
  get(idestabelecimento: number, nome: string): Promise<Segredo | undefined>;
  describe(idestabelecimento: number, nome: string): Promise<DescricaoSegredo>;
  /** Every stored name of the establishment, described. */
  list(idestabelecimento: number): Promise<(DescricaoSegredo & { nome: string })[]>;
  /** true when a value was removed. */
  delete(idestabelecimento: number, nome: string): Promise<boolean>;
}

export type SecretsConfig = Pick<Config, 'production' | 'secretsKeys'>;

/** The id of the development key kept in the database. */
export const LOCAL_KEY_ID = 'local';

/**
 * The ring the store uses: SECRETS_KEYS in production (required); elsewhere SECRETS_KEYS plus,
 * read after them, the local development key (created on first use).
 */
export async function resolveKeyRing(db: Db, config: SecretsConfig): Promise<KeyRing> {
  if (config.production) {
    if (!config.secretsKeys) throw new ConfigError('SECRETS_KEYS é obrigatória com NODE_ENV=production');
    return config.secretsKeys;
  }
  const semente = await storedSecret(db, 'segredos_chave_local');
  const local = Buffer.from(hkdfSync('sha256', semente, '', 'rango/segredos/local', 32));
  return config.secretsKeys
    ? config.secretsKeys.withKey(LOCAL_KEY_ID, local)
    : new KeyRing([{ id: LOCAL_KEY_ID, key: local }]);
}

/** Binds a value to its establishment and name (GCM's additional authenticated data). */
const aad = (idestabelecimento: number, nome: string) =>
  Buffer.from(`rango/segredo/v1\0${idestabelecimento}\0${nome}`, 'utf8');

const IV_BYTES = 12;
const TAG_BYTES = 16;

function encrypt(
  ring: KeyRing,
  idestabelecimento: number,
  nome: string,
  valor: string,
): Pick<SegredoRow, 'chave_id' | 'iv' | 'cifra'> {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', ring.key(ring.current)!, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad(idestabelecimento, nome));
  const cifra = Buffer.concat([cipher.update(valor, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { chave_id: ring.current, iv: iv.toString('base64'), cifra: cifra.toString('base64') };
}

function decrypt(ring: KeyRing, row: SegredoRow): string {
  const onde = `O segredo '${row.nome}' do estabelecimento ${row.idestabelecimento}`;
  const key = ring.key(row.chave_id);
  if (!key) {
    throw new SegredoIlegivelError(
      `${onde} está cifrado com a chave '${row.chave_id}', que não está em SECRETS_KEYS (chaves: ${ring.ids.join(', ')})`,
    );
  }
  const iv = Buffer.from(row.iv, 'base64');
  const dados = Buffer.from(row.cifra, 'base64');
  try {
    if (iv.length !== IV_BYTES || dados.length < TAG_BYTES) throw new Error('tamanho');
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(aad(row.idestabelecimento, row.nome));
    decipher.setAuthTag(dados.subarray(dados.length - TAG_BYTES));
    const texto = Buffer.concat([
      decipher.update(dados.subarray(0, dados.length - TAG_BYTES)),
      decipher.final(),
    ]);
    return texto.toString('utf8');
  } catch {
    // GCM's tag: a wrong key, a changed byte, or a row moved to another establishment or name.
    throw new SegredoIlegivelError(
      `${onde} não pôde ser decifrado com a chave '${row.chave_id}' (chave errada, ou o valor foi alterado ou movido)`,
    );
  }
}

function checkNome(nome: string): void {
  if (!NOME.test(nome)) throw new RangeError(`Nome de segredo inválido: ${JSON.stringify(nome)}`);
}

function describeValor(valor: string): DescricaoSegredo {
  return { configurado: true, final: valor.length >= MIN_PARA_FINAL ? valor.slice(-4) : null };
}

export function createSegredos(db: Db, config: SecretsConfig): Segredos {
  let ring: Promise<KeyRing> | undefined;
  const chaves = () => {
    ring ??= resolveKeyRing(db, config);
    // A failure (the database down on first use) is tried again next time.
    ring.catch(() => (ring = undefined));
    return ring;
  };
  const read = async (idestabelecimento: number, nome: string): Promise<string | undefined> => {
    checkNome(nome);
    const row = await repo.find(db, idestabelecimento, nome);
    return row ? decrypt(await chaves(), row) : undefined;
  };
  const cifrar = async (idestabelecimento: number, nome: string, valor: string | Segredo) => {
    checkNome(nome);
    const texto = valor instanceof Segredo ? valor.revelar() : valor;
    if (typeof texto !== 'string' || texto.length === 0 || texto.length > MAX_VALOR) {
      throw new RangeError(`Valor do segredo '${nome}' vazio ou longo demais (até ${MAX_VALOR} caracteres)`);
    }
    const cifrado = encrypt(await chaves(), idestabelecimento, nome, texto);
    return { idestabelecimento, nome, ...cifrado, atualizado_em: new Date().toISOString() };
  };
  return {
    async set(idestabelecimento, nome, valor) {
      await repo.upsert(db, await cifrar(idestabelecimento, nome, valor));
    },
    async setMany(idestabelecimento, valores, tambem) {
      // Encrypted first (the key ring may need the database: not inside the transaction, which on
      // SQLite holds the one connection).
      const linhas: SegredoRow[] = [];
      for (const [nome, valor] of Object.entries(valores))
        linhas.push(await cifrar(idestabelecimento, nome, valor));
      await db.transaction().execute(async (trx) => {
        for (const l of linhas) await repo.upsert(trx, l);
        if (tambem) await tambem(trx);
      });
    },
    async get(idestabelecimento, nome) {
      const valor = await read(idestabelecimento, nome);
      return valor === undefined ? undefined : new Segredo(valor);
    },
    async describe(idestabelecimento, nome) {
      const valor = await read(idestabelecimento, nome);
      return valor === undefined ? { configurado: false, final: null } : describeValor(valor);
    },
    async list(idestabelecimento) {
      const rows = await repo.listByEstabelecimento(db, idestabelecimento);
      const ring = rows.length ? await chaves() : undefined;
      return rows.map((row) => ({ nome: row.nome, ...describeValor(decrypt(ring!, row)) }));
    },
    async delete(idestabelecimento, nome) {
      checkNome(nome);
      return repo.remove(db, idestabelecimento, nome);
    },
  };
}

/**
 * At start (main.ts): one value under each key id in use must open with the ring. A key id the
 * ring lacks, or a key that fails GCM's check (a wrong key under the right id), is a ConfigError
 * naming the key ids, never a key.
 */
export async function verifyKeys(db: Db, config: SecretsConfig): Promise<void> {
  const ring = await resolveKeyRing(db, config);
  const problemas: string[] = [];
  for (const row of await repo.onePerKey(db)) {
    if (!ring.key(row.chave_id)) {
      problemas.push(`há segredos cifrados com a chave '${row.chave_id}', que não está em SECRETS_KEYS`);
      continue;
    }
    try {
      decrypt(ring, row);
    } catch {
      problemas.push(
        `a chave '${row.chave_id}' de SECRETS_KEYS não decifra os segredos cifrados com ela (chave errada?)`,
      );
    }
  }
  if (problemas.length) throw new ConfigError(`Segredos: ${problemas.join('; ')}`);
}

export interface Rotacao {
  /** The current key's id. */
  chave: string;
  recifrados: number;
  /** Values already under the current key (untouched). */
  jaNaChave: number;
  /** Values that could not be read (each its message): left as they were. */
  ilegiveis: string[];
}

/**
 * Re-encrypts every value not under the ring's current key, each in its own transaction (a row
 * changed meanwhile by `set` is already under the current key and is left alone). Rerunnable; an
 * interruption leaves some values under their old key, still readable while it is in the ring.
 * `aposCada` runs after each committed row (progress; tests interrupt the rotation there).
 */
export async function rotateSecrets(
  db: Db,
  ring: KeyRing,
  { aposCada }: { aposCada?: (s: SegredoChave) => void | Promise<void> } = {},
): Promise<Rotacao> {
  const pendentes = await repo.outsideKey(db, ring.current);
  const ilegiveis: string[] = [];
  let recifrados = 0;
  for (const s of pendentes) {
    try {
      const feito = await db.transaction().execute(async (trx) => {
        const row = await repo.find(trx, s.idestabelecimento, s.nome);
        if (!row || row.chave_id === ring.current) return false;
        const novo = encrypt(ring, row.idestabelecimento, row.nome, decrypt(ring, row));
        return repo.replaceIfUnchanged(trx, row, novo);
      });
      if (feito) recifrados++;
    } catch (error) {
      if (!(error instanceof SegredoIlegivelError)) throw error;
      ilegiveis.push(error.message);
      continue;
    }
    await aposCada?.(s);
  }
  const total = await repo.count(db);
  return { chave: ring.current, recifrados, jaNaChave: total - recifrados - ilegiveis.length, ilegiveis };
}
