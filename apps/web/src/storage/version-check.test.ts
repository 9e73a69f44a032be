import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from './keys.ts';
import { runVersionCheck } from './version-check.ts';

const cleared = ['access_token', 'refresh_token', 'endereco', 'filtro_estabelecimento', 'carrinho'];
const kept = ['avatar', 'redirecionar', 'caminho_estabelecimento_visitado'];

function fill() {
  for (const key of [...cleared, ...kept]) localStorage.setItem(key, `"${key}"`);
}

describe('runVersionCheck (spec section 4)', () => {
  afterEach(() => vi.restoreAllMocks());

  const rows: { stored: string | null; result: string; clears: boolean }[] = [
    { stored: '1', result: 'ok', clears: false },
    { stored: null, result: 'initialized', clears: true },
    { stored: '0', result: 'updated', clears: true },
    { stored: '2', result: 'updated', clears: true },
    { stored: '', result: 'updated', clears: true },
    { stored: '"1"', result: 'updated', clears: true },
  ];

  it.each(rows)('stored versao $stored → $result', ({ stored, result, clears }) => {
    fill();
    if (stored !== null) localStorage.setItem(STORAGE_KEYS.versao, stored);
    expect(runVersionCheck()).toBe(result);
    expect(localStorage.getItem('versao')).toBe('1');
    for (const key of cleared) expect(localStorage.getItem(key) === null).toBe(clears);
    for (const key of kept) expect(localStorage.getItem(key)).not.toBeNull();
  });

  it('runs twice without a second message', () => {
    localStorage.setItem('versao', '0');
    expect(runVersionCheck()).toBe('updated');
    expect(runVersionCheck()).toBe('ok');
  });

  it('survives storage that throws (private mode)', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(runVersionCheck()).toBe('initialized');
  });
});
