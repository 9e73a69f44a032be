import type { AreaPainel } from '@rango/domain/painel/catalogo';
import { describe, expect, it } from 'vitest';
import { circulosDoMapa, raioArrastado } from './mapa-circulos.ts';

const AREAS: AreaPainel[] = [
  { idareaentrega: 1, lat: -23.5, lng: -46.6, raio: 1000, taxaentrega: null, valorminimo: null },
  { idareaentrega: 2, lat: -23.5, lng: -46.6, raio: 5000, taxaentrega: 700, valorminimo: 5000 },
];

describe('circulosDoMapa', () => {
  it('draws each saved area, the largest first, a no-delivery zone told apart', () => {
    expect(circulosDoMapa(AREAS, null)).toEqual([
      { id: 2, lat: -23.5, lng: -46.6, raio: 5000, naoEntrega: false, editando: false },
      { id: 1, lat: -23.5, lng: -46.6, raio: 1000, naoEntrega: true, editando: false },
    ]);
  });

  it('follows the numbers being typed in an area, and draws a new one', () => {
    const editada = circulosDoMapa(AREAS, {
      id: 1,
      v: { lat: -23.51, lng: -46.61, raio: 6000, taxaentrega: 0, valorminimo: null },
    });
    expect(editada[0]).toEqual({
      id: 1,
      lat: -23.51,
      lng: -46.61,
      raio: 6000,
      naoEntrega: false,
      editando: true,
    });
    const nova = circulosDoMapa(AREAS, {
      id: 'nova',
      v: { lat: -23.5, lng: -46.6, raio: 3000, taxaentrega: 500, valorminimo: null },
    });
    expect(nova.map((c) => c.id)).toEqual([2, 'nova', 1]);
    expect(nova.find((c) => c.id === 'nova')?.editando).toBe(true);
  });

  it('leaves out a circle whose numbers cannot be drawn yet', () => {
    for (const v of [
      { lat: Number.NaN, lng: -46.6, raio: 1000 },
      { lat: -23.5, lng: -46.6, raio: 0 },
      { lat: 95, lng: -46.6, raio: 1000 },
    ]) {
      const r = circulosDoMapa(AREAS, { id: 2, v: { ...v, taxaentrega: 100, valorminimo: null } });
      expect(r.map((c) => c.id)).toEqual([1]);
    }
  });
});

describe('raioArrastado', () => {
  it.each([
    [1483.7, 1500],
    [1449.9, 1400],
    [1450, 1500],
    [3000, 3000],
    [12_345.6, 12_300],
    [149, 100],
    [40, 100],
    [0, 100],
    [-50, 100],
    [Number.NaN, 100],
  ])('%d m is kept as %d m (0.1 km steps, at least 0.1 km)', (metros, esperado) => {
    expect(raioArrastado(metros)).toBe(esperado);
  });

  it('reads back in the field as one decimal of km', () => {
    expect(raioArrastado(1537) / 1000).toBe(1.5);
    expect(raioArrastado(290) / 1000).toBe(0.3);
  });
});
