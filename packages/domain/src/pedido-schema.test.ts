import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  ISO_DATETIME_OFFSET_RE,
  TIPO_PAGAMENTO,
  valorACobrar,
  TIPOS_ENTREGA,
  pagamentoInputSchema,
  pedidoGravadoSchema,
  pedidoInputSchema,
  pedidoOperadorSchema,
} from './pedido-schema.ts';

// pedido-schema.ts spells out zod's ISO pattern and uses z.literal([...]) instead of z.enum so
// that the menu route's zod stays small; these hold the checks equal to the zod originals.

const zodDatetime = z.iso.datetime({ offset: true });
const entregueAs = pedidoInputSchema.shape.entregue_as;

describe('entregue_as', () => {
  it("is zod's own offset datetime pattern", () => {
    expect(ISO_DATETIME_OFFSET_RE.source).toBe(z.regexes.datetime({ offset: true }).source);
    expect(ISO_DATETIME_OFFSET_RE.flags).toBe(z.regexes.datetime({ offset: true }).flags);
  });

  it.each([
    '2026-11-23T15:00:00.000Z',
    '2026-11-23T15:00:00Z',
    '2026-11-23T12:00:00-03:00',
    '2026-11-23T12:00:00.5+05:30',
    '2028-02-29T00:00:00Z',
    '2000-02-29T23:59:59.123456Z',
    '2026-11-23T12:00:00',
    '2026-11-23',
    '2026-02-29T00:00:00Z',
    '1900-02-29T00:00:00Z',
    '2026-11-31T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-11-23T24:00:00Z',
    '2026-11-23T12:60:00Z',
    '2026-11-23T12:00Z',
    '2026-11-23T12:00:00+0300',
    '2026-11-23T12:00:00+24:00',
    '2026-11-23 12:00:00Z',
    ' 2026-11-23T12:00:00Z',
    '',
  ])('%j: accepted exactly when z.iso.datetime({ offset: true }) accepts it', (s) => {
    expect(entregueAs.safeParse(s).success).toBe(zodDatetime.safeParse(s).success);
  });

  it('takes null (as soon as possible), refuses other types with the same issue', () => {
    expect(entregueAs.safeParse(null).success).toBe(true);
    expect(entregueAs.safeParse(1700000000000).success).toBe(false);
    expect(entregueAs.safeParse(new Date()).success).toBe(false);
  });

  it('answers the same message for a bad instant as zod did', () => {
    const r = entregueAs.safeParse('amanhã');
    const o = zodDatetime.safeParse('amanhã');
    expect(r.error?.issues.map((i) => [i.code, i.message])).toEqual(
      o.error?.issues.map((i) => [i.code, i.message]),
    );
  });
});

describe('tipo (delivery, payment)', () => {
  const entrega = z.enum(TIPOS_ENTREGA);
  const cases: [string, z.ZodMiniType, z.ZodMiniType][] = [
    ['pedido tipo', pedidoInputSchema.shape.tipo, entrega],
    ['stored pedido tipo', pedidoGravadoSchema.shape.tipo, entrega],
    ['operator list tipo', pedidoOperadorSchema.shape.tipo, entrega],
    ['payment tipo', pagamentoInputSchema.shape.tipo, z.nullable(z.enum(TIPO_PAGAMENTO))],
  ];

  it.each(cases)(
    '%s: accepts what z.enum accepted, refuses the rest with the same issue',
    (_, schema, asEnum) => {
      for (const v of [...TIPOS_ENTREGA, ...TIPO_PAGAMENTO, 'delivery', 'PICKUP', '', 1, null, undefined]) {
        const r = schema.safeParse(v);
        const o = asEnum.safeParse(v);
        expect(r.success, String(v)).toBe(o.success);
        expect(r.error?.issues).toEqual(o.error?.issues);
      }
    },
  );
});

describe('valorACobrar', () => {
  it('sums only the entries not paid online, in cents', () => {
    expect(valorACobrar([])).toBe(0);
    expect(valorACobrar([{ pre_pago: true, valor: 2500 }])).toBe(0);
    expect(
      valorACobrar([
        { pre_pago: true, valor: 1000 },
        { pre_pago: false, valor: 2500 },
        { pre_pago: false, valor: 1 },
      ]),
    ).toBe(2501);
  });
});
