import { afterEach, describe, expect, it, vi } from 'vitest';
import { getEnderecoEscolhido } from '../../../stores/endereco.ts';
import type { GeocodeQuery } from '@rango/domain';
import { chooseEndereco } from './choose-endereco.ts';

type Point = { latitude: number; longitude: number };
const pending = new Map<string, { resolve: (p: Point) => void; reject: (e: Error) => void }>();

vi.mock('../api/geocode-endereco.ts', () => ({
  geocodeEndereco: (e: GeocodeQuery) =>
    new Promise<Point>((resolve, reject) => pending.set(e.numero, { resolve, reject })),
}));

const endereco = (numero: string) => ({
  id: Number(numero),
  cep: '01414-001',
  rua: 'Rua Haddock Lobo',
  numero,
  bairro: 'Cerqueira César',
  cidade: 'São Paulo',
  uf: 'SP',
});

afterEach(() => pending.clear());

describe('chooseEndereco: only the latest choice counts', () => {
  it('an older geocoding answer does not re-select an earlier address', async () => {
    const first = chooseEndereco(endereco('1'));
    const second = chooseEndereco(endereco('2'));
    pending.get('2')?.resolve({ latitude: -23, longitude: -46 });
    expect(await second).toBe(true);
    pending.get('1')?.resolve({ latitude: -1, longitude: -1 });
    expect(await first).toBe(false);
    expect(getEnderecoEscolhido()).toMatchObject({ numero: '2', latitude: -23 });
  });

  it('an older geocoding failure does not clear the newer choice', async () => {
    const first = chooseEndereco(endereco('1'));
    const second = chooseEndereco(endereco('2'));
    pending.get('2')?.resolve({ latitude: -23, longitude: -46 });
    await second;
    pending.get('1')?.reject(new Error('Endereço não localizado.'));
    expect(await first).toBe(false);
    expect(getEnderecoEscolhido()).toMatchObject({ numero: '2' });
  });
});
