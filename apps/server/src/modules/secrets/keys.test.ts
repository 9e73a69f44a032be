import { randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { KeyRing, fingerprint, parseKeyRing } from './keys.ts';

const a = randomBytes(32);
const b = randomBytes(32);

function ok(env: Parameters<typeof parseKeyRing>[0]): KeyRing {
  const r = parseKeyRing(env);
  if (!(r instanceof KeyRing)) throw new Error(JSON.stringify(r));
  return r;
}

describe('SECRETS_KEYS / SECRETS_KEY', () => {
  it('neither set: no ring', () => {
    expect(parseKeyRing({})).toBeUndefined();
    expect(parseKeyRing({ SECRETS_KEYS: ' ', SECRETS_KEY: '' })).toBeUndefined();
  });

  it('a ring of named keys, the first current; base64, url-safe base64 or hex', () => {
    const r = ok({ SECRETS_KEYS: `novo:${a.toString('base64')}, antigo:${b.toString('hex')}` });
    expect(r.current).toBe('novo');
    expect(r.ids).toEqual(['novo', 'antigo']);
    expect(r.key('novo')).toEqual(a);
    expect(r.key('antigo')).toEqual(b);
    expect(ok({ SECRETS_KEYS: `x:${a.toString('base64url')}` }).key('x')).toEqual(a);
  });

  it('SECRETS_KEY alone, or an entry without id: its fingerprint is its id, so it can join a ring later', () => {
    const so = ok({ SECRETS_KEY: a.toString('base64') });
    expect(so.ids).toEqual([fingerprint(a)]);
    expect(fingerprint(a)).toMatch(/^f[0-9a-f]{8}$/);
    const depois = ok({ SECRETS_KEYS: `novo:${b.toString('base64')},${a.toString('base64')}` });
    expect(depois.ids).toEqual(['novo', fingerprint(a)]);
    expect(depois.key(fingerprint(a))).toEqual(a);
  });

  it('refused, with a message that names the entry and never shows a key', () => {
    const curta = randomBytes(16).toString('base64');
    const longa = randomBytes(33).toString('base64');
    for (const [env, esperado] of [
      [{ SECRETS_KEYS: `k1:${curta}` }, /SECRETS_KEYS: a chave 'k1' não tem 32 bytes/],
      [{ SECRETS_KEYS: `k1:${longa}` }, /a chave 'k1' não tem 32 bytes/],
      [
        { SECRETS_KEY: 'não é base64 nem hex, mas tem umas quarenta e quatro letras' },
        /SECRETS_KEY: a 1ª chave/,
      ],
      [{ SECRETS_KEYS: `k1:${a.toString('base64')},k1:${b.toString('base64')}` }, /'k1' aparece duas vezes/],
      [{ SECRETS_KEYS: `k 1:${a.toString('base64')}` }, /o id da 1ª chave é inválido/],
      [{ SECRETS_KEYS: `k1:${a.toString('base64')}`, SECRETS_KEY: b.toString('base64') }, /ao mesmo tempo/],
      [{ SECRETS_KEYS: `k1:${a.toString('base64')},` }, /a 2ª chave não tem 32 bytes/],
    ] as const) {
      const r = parseKeyRing(env);
      expect(r, JSON.stringify(env)).toHaveProperty('erro');
      const erro = (r as { erro: string }).erro;
      expect(erro).toMatch(esperado);
      for (const segredo of [curta, longa, a.toString('base64'), b.toString('base64')]) {
        expect(erro).not.toContain(segredo);
      }
    }
  });

  it('a ring shows its ids only, in JSON and util.inspect', () => {
    const r = ok({ SECRETS_KEYS: `k1:${a.toString('hex')},k2:${b.toString('base64')}` });
    for (const texto of [
      JSON.stringify(r),
      inspect(r),
      inspect({ r }),
      String(JSON.stringify({ config: r })),
    ]) {
      expect(texto).toMatch(/k1/);
      for (const s of [a.toString('hex'), a.toString('base64'), b.toString('base64'), b.toString('hex')]) {
        expect(texto).not.toContain(s);
      }
    }
    expect(r.withKey('local', randomBytes(32)).ids).toEqual(['k1', 'k2', 'local']);
    expect(r.withKey('local', randomBytes(32)).current).toBe('k1');
    expect(r.withKey('k1', b).key('k1')).toEqual(a);
  });
});
