import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  clearEnderecoEscolhido,
  getEnderecoEscolhido,
  reloadEnderecoEscolhido,
  setEnderecoEscolhido,
  useEnderecoEscolhido,
} from './endereco.ts';

const endereco = {
  cep: '01414-001',
  rua: 'Rua Haddock Lobo',
  numero: '595',
  bairro: 'Cerqueira César',
  cidade: 'São Paulo',
  uf: 'SP',
};

describe('chosen address store (localStorage endereco)', () => {
  it('stores, reads and clears the address', () => {
    const { result } = renderHook(() => useEnderecoEscolhido());
    expect(result.current).toBeNull();
    act(() => setEnderecoEscolhido(endereco));
    expect(result.current).toEqual(endereco);
    expect(JSON.parse(localStorage.getItem('endereco') ?? 'null')).toEqual(endereco);
    act(() => clearEnderecoEscolhido());
    expect(result.current).toBeNull();
    expect(localStorage.getItem('endereco')).toBeNull();
  });

  it('follows storage written elsewhere (logout, another tab) and ignores a malformed value', () => {
    setEnderecoEscolhido(endereco);
    localStorage.removeItem('endereco');
    expect(getEnderecoEscolhido()).toBeNull();
    localStorage.setItem('endereco', '{"rua": 1}');
    reloadEnderecoEscolhido();
    expect(getEnderecoEscolhido()).toBeNull();
    localStorage.setItem('endereco', JSON.stringify({ ...endereco, id: 3 }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'endereco' }));
    expect(getEnderecoEscolhido()).toMatchObject({ id: 3 });
  });
});
