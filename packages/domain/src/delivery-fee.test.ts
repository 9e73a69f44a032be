import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AreaEntregaRegra,
  type DeliveryFee,
  type EnderecoEntrega,
  type TaxaEntregaRegra,
  chooseDeliveryFee,
  distanceMeters,
  textoEntregaGratis,
  textoTaxaEntrega,
} from './delivery-fee.ts';
import { reaisToCents } from './money.ts';

// Sabor da Vila's circles (apps/server/src/db/seed/data/sabor-da-vila.ts).
const LOJA = { lat: -23.5627, lng: -46.6656 };
const IBIRAPUERA = { lat: -23.5874, lng: -46.6576 };
const SABOR_DA_VILA: AreaEntregaRegra[] = [
  { idareaentrega: 11, geo_data: { center: LOJA, radius: 2500 }, taxaentrega: 4.99, valorminimo: 50 },
  { idareaentrega: 12, geo_data: { center: LOJA, radius: 5000 }, taxaentrega: 8.99, valorminimo: null },
  { idareaentrega: 13, geo_data: { center: IBIRAPUERA, radius: 700 }, taxaentrega: null, valorminimo: null },
];

// Bella Napoli's neighbourhood table (bella-napoli.ts), abono R$ 80,00 where marked.
const taxa = (bairro: string, valor: number, abonos: number[] = []): TaxaEntregaRegra => ({
  bairro,
  cidade: 'São Paulo',
  uf: 'SP',
  valor,
  abonotaxaentrega_set: abonos.map((valorminimo) => ({ valorminimo })),
});
const BELLA_NAPOLI: TaxaEntregaRegra[] = [
  taxa('Perdizes', 0),
  taxa('Pompeia', 5, [80]),
  taxa('Água Branca', 6),
  taxa('Higienópolis', 7.5, [80]),
  taxa('Lapa', 10, [0, 120, 80]),
];

const em = (lat: number, lng: number): EnderecoEntrega => ({
  bairro: 'Jardins',
  cidade: 'São Paulo',
  uf: 'SP',
  latitude: lat,
  longitude: lng,
});
const noBairro = (bairro: string, cidade = 'São Paulo', uf = 'SP'): EnderecoEntrega => ({
  bairro,
  cidade,
  uf,
  latitude: null,
  longitude: null,
});
const ponto = (c: { lat: number; lng: number }) => ({ latitude: c.lat, longitude: c.lng });

describe('distanceMeters', () => {
  it('one degree of latitude is R·π/180 on the mean radius', () => {
    const d = distanceMeters({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 });
    expect(d).toBeCloseTo((6_371_008.8 * Math.PI) / 180, 6);
  });

  it('from the Sabor da Vila store to Ibirapuera is about 2.9 km', () => {
    const d = distanceMeters(ponto(LOJA), ponto(IBIRAPUERA));
    expect(d).toBeGreaterThan(2800);
    expect(d).toBeLessThan(2950);
  });

  const lat = fc.double({ min: -90, max: 90, noNaN: true });
  const lng = fc.double({ min: -180, max: 180, noNaN: true });
  const point = fc.record({ latitude: lat, longitude: lng });

  it('is symmetric, never negative, and 0 for equal points', () => {
    fc.assert(
      fc.property(point, point, (a, b) => {
        const ab = distanceMeters(a, b);
        expect(ab).toBe(distanceMeters(b, a));
        expect(ab).toBeGreaterThanOrEqual(0);
        expect(distanceMeters(a, { ...a })).toBe(0);
      }),
    );
  });
});

describe('chooseDeliveryFee', () => {
  // A point 3.5 km north of the store: in the 5 km circle only.
  const norte35 = em(LOJA.lat + 3500 / 111_195, LOJA.lng);

  it.each<[string, Parameters<typeof chooseDeliveryFee>[0], DeliveryFee]>([
    [
      'at the store: both circles match, the lower fee and its waiver win',
      { areas: SABOR_DA_VILA, taxasentrega: [], endereco: em(LOJA.lat, LOJA.lng) },
      { entrega: true, origem: 'area', taxaCents: 499, abonoCents: 5000, idareaentrega: 11 },
    ],
    [
      'the same, whatever the order of the areas',
      { areas: [...SABOR_DA_VILA].reverse(), taxasentrega: [], endereco: em(LOJA.lat, LOJA.lng) },
      { entrega: true, origem: 'area', taxaCents: 499, abonoCents: 5000, idareaentrega: 11 },
    ],
    [
      '3.5 km away: only the 5 km circle, no waiver',
      { areas: SABOR_DA_VILA, taxasentrega: [], endereco: norte35 },
      { entrega: true, origem: 'area', taxaCents: 899, abonoCents: null, idareaentrega: 12 },
    ],
    [
      'outside every circle',
      { areas: SABOR_DA_VILA, taxasentrega: BELLA_NAPOLI, endereco: em(-23.65, -46.7) },
      { entrega: false, motivo: 'fora-da-area' },
    ],
    [
      'Ibirapuera: inside the 5 km circle and the null-fee circle → no delivery',
      { areas: SABOR_DA_VILA, taxasentrega: [], endereco: em(IBIRAPUERA.lat, IBIRAPUERA.lng) },
      { entrega: false, motivo: 'area-excluida' },
    ],
    [
      'areas but no coordinates',
      { areas: SABOR_DA_VILA, taxasentrega: BELLA_NAPOLI, endereco: noBairro('Pompeia') },
      { entrega: false, motivo: 'sem-localizacao' },
    ],
    [
      'areas but coordinates missing altogether',
      {
        areas: SABOR_DA_VILA,
        taxasentrega: [],
        endereco: { bairro: 'Jardins', cidade: 'São Paulo', uf: 'SP' },
      },
      { entrega: false, motivo: 'sem-localizacao' },
    ],
    [
      'two overlapping circles with different centres → the lower fee',
      {
        areas: [
          { idareaentrega: 1, geo_data: { center: LOJA, radius: 3000 }, taxaentrega: 7, valorminimo: 40 },
          {
            idareaentrega: 2,
            geo_data: { center: IBIRAPUERA, radius: 3000 },
            taxaentrega: 6.5,
            valorminimo: 0,
          },
        ],
        taxasentrega: [],
        endereco: em((LOJA.lat + IBIRAPUERA.lat) / 2, (LOJA.lng + IBIRAPUERA.lng) / 2),
      },
      { entrega: true, origem: 'area', taxaCents: 650, abonoCents: null, idareaentrega: 2 },
    ],
    [
      'a circle with fee 0',
      {
        areas: [
          { idareaentrega: 5, geo_data: { center: LOJA, radius: 100 }, taxaentrega: 0, valorminimo: null },
        ],
        taxasentrega: [],
        endereco: em(LOJA.lat, LOJA.lng),
      },
      { entrega: true, origem: 'area', taxaCents: 0, abonoCents: null, idareaentrega: 5 },
    ],
    [
      'no areas: bairro with other accents, case and spaces',
      { areas: [], taxasentrega: BELLA_NAPOLI, endereco: noBairro('  agua   BRANCA ', 'sao paulo', 'sp') },
      { entrega: true, origem: 'bairro', taxaCents: 600, abonoCents: null },
    ],
    [
      'no areas: bairro with a waiver (R$ 80,00), accent added by the customer',
      { areas: [], taxasentrega: BELLA_NAPOLI, endereco: noBairro('Pompéia') },
      { entrega: true, origem: 'bairro', taxaCents: 500, abonoCents: 8000 },
    ],
    [
      'no areas: the lowest positive waiver of the row',
      { areas: [], taxasentrega: BELLA_NAPOLI, endereco: noBairro('LAPA') },
      { entrega: true, origem: 'bairro', taxaCents: 1000, abonoCents: 8000 },
    ],
    [
      'no areas: fee 0',
      { areas: [], taxasentrega: BELLA_NAPOLI, endereco: noBairro('perdizes') },
      { entrega: true, origem: 'bairro', taxaCents: 0, abonoCents: null },
    ],
    [
      'no areas: same bairro in another city',
      { areas: [], taxasentrega: BELLA_NAPOLI, endereco: noBairro('Pompeia', 'Campinas') },
      { entrega: false, motivo: 'bairro-sem-taxa' },
    ],
    [
      'no areas: same bairro and city in another uf',
      { areas: [], taxasentrega: BELLA_NAPOLI, endereco: noBairro('Pompeia', 'São Paulo', 'RJ') },
      { entrega: false, motivo: 'bairro-sem-taxa' },
    ],
    [
      'no areas: an unknown bairro',
      { areas: [], taxasentrega: BELLA_NAPOLI, endereco: noBairro('Moema') },
      { entrega: false, motivo: 'bairro-sem-taxa' },
    ],
    [
      'no areas and no table',
      { areas: [], taxasentrega: [], endereco: noBairro('Pompeia') },
      { entrega: false, motivo: 'bairro-sem-taxa' },
    ],
  ])('%s', (_name, input, expected) => {
    expect(chooseDeliveryFee(input)).toEqual(expected);
  });

  it('a point exactly on the edge is inside; a hair further is outside', () => {
    const borda = { lat: -23.5701, lng: -46.6489 };
    const radius = distanceMeters(ponto(LOJA), ponto(borda));
    const area = (r: number): AreaEntregaRegra[] => [
      { idareaentrega: 11, geo_data: { center: LOJA, radius: r }, taxaentrega: 4.99, valorminimo: 50 },
    ];
    const endereco = em(borda.lat, borda.lng);
    expect(chooseDeliveryFee({ areas: area(radius), taxasentrega: [], endereco })).toMatchObject({
      entrega: true,
      taxaCents: 499,
    });
    expect(chooseDeliveryFee({ areas: area(radius - 1e-6), taxasentrega: [], endereco })).toEqual({
      entrega: false,
      motivo: 'fora-da-area',
    });
  });

  // Circles within ~0.05° of the store, radii up to 8 km, fees in whole cents or null.
  const areaArb = fc.record({
    idareaentrega: fc.integer({ min: 1, max: 1_000_000 }),
    geo_data: fc.record({
      center: fc.record({
        lat: fc.double({ min: LOJA.lat - 0.05, max: LOJA.lat + 0.05, noNaN: true }),
        lng: fc.double({ min: LOJA.lng - 0.05, max: LOJA.lng + 0.05, noNaN: true }),
      }),
      radius: fc.integer({ min: 1, max: 8000 }),
    }),
    taxaentrega: fc.option(fc.integer({ min: 0, max: 5000 }).map((c) => c / 100)),
    valorminimo: fc.option(fc.integer({ min: 0, max: 20000 }).map((c) => c / 100)),
  });
  const enderecoArb = fc
    .record({
      lat: fc.double({ min: LOJA.lat - 0.08, max: LOJA.lat + 0.08, noNaN: true }),
      lng: fc.double({ min: LOJA.lng - 0.08, max: LOJA.lng + 0.08, noNaN: true }),
    })
    .map(({ lat, lng }) => em(lat, lng));
  const matchingOf = (areas: AreaEntregaRegra[], e: EnderecoEntrega) =>
    areas.filter(
      (a) =>
        distanceMeters(
          { latitude: e.latitude ?? 0, longitude: e.longitude ?? 0 },
          ponto(a.geo_data.center),
        ) <= a.geo_data.radius,
    );

  it('property: the fee is the minimum over the matching areas; any matching null → no delivery', () => {
    fc.assert(
      fc.property(fc.array(areaArb, { minLength: 1, maxLength: 6 }), enderecoArb, (areas, endereco) => {
        const result = chooseDeliveryFee({ areas, taxasentrega: [], endereco });
        const matching = matchingOf(areas, endereco);
        if (matching.length === 0) {
          expect(result).toEqual({ entrega: false, motivo: 'fora-da-area' });
        } else if (matching.some((a) => a.taxaentrega === null)) {
          expect(result).toEqual({ entrega: false, motivo: 'area-excluida' });
        } else {
          const min = Math.min(...matching.map((a) => reaisToCents(a.taxaentrega ?? 0)));
          expect(result).toMatchObject({ entrega: true, origem: 'area', taxaCents: min });
        }
      }),
    );
  });

  it('property: the centre of an area is always inside it', () => {
    fc.assert(
      fc.property(areaArb, (area) => {
        const { lat, lng } = area.geo_data.center;
        const result = chooseDeliveryFee({ areas: [area], taxasentrega: [], endereco: em(lat, lng) });
        expect(result).toEqual(
          area.taxaentrega === null
            ? { entrega: false, motivo: 'area-excluida' }
            : expect.objectContaining({ entrega: true, idareaentrega: area.idareaentrega }),
        );
      }),
    );
  });
});

describe('fee texts', () => {
  it.each([
    [0, 'Perdizes', 'não cobra uma taxa de entrega para o bairro Perdizes'],
    [499, 'Jardins', 'cobra uma taxa de entrega de R$ 4,99 para o bairro Jardins'],
    [750, 'Higienópolis', 'cobra uma taxa de entrega de R$ 7,50 para o bairro Higienópolis'],
    [123456, 'Lapa', 'cobra uma taxa de entrega de R$ 1.234,56 para o bairro Lapa'],
  ])('textoTaxaEntrega(%i, %s)', (cents, bairro, text) => {
    expect(textoTaxaEntrega(cents, bairro)).toBe(text);
  });

  it.each([
    [5000, 'Entrega Grátis com o mínimo de R$ 50,00!'],
    [8050, 'Entrega Grátis com o mínimo de R$ 80,50!'],
    [0, null],
    [null, null],
    [Number.NaN, null],
  ])('textoEntregaGratis(%s)', (cents, text) => {
    expect(textoEntregaGratis(cents)).toBe(text);
  });
});
