import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { getJson, setJson } from './storage.ts';

describe('storage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('round-trips JSON', () => {
    setJson('endereco', { cep: '01001-000' });
    expect(getJson('endereco')).toEqual({ cep: '01001-000' });
  });

  it('reads broken JSON as null', () => {
    localStorage.setItem('carrinho', '{oops');
    expect(getJson('carrinho')).toBeNull();
  });

  it('reads a value of the wrong shape as null when a schema is given', () => {
    setJson('avatar', 42);
    expect(getJson('avatar', z.string())).toBeNull();
  });

  it('swallows quota errors', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => setJson('carrinho', { itens: [] })).not.toThrow();
  });
});
