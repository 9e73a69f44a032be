import { MSG } from '@rango/domain';
import { MSG_PAINEL } from '@rango/domain/painel';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { COMO_ZOD, anotarEm, corpoDoErroZod, idDaQuery, inteiroDaQuery, ler, validar } from './corpo.ts';
import { HttpError } from './errors.ts';

const schema = z.object({
  nome: z.string().check(
    z.refine((v) => v.trim() !== '', { error: 'Informe o nome.' }),
    z.refine((v) => v.length <= 5, { error: 'Informe o nome.' }),
  ),
  horarios: z.array(z.object({ abertura: z.string() })),
});

function recusa(f: () => unknown): { status: number; body: unknown } {
  try {
    f();
  } catch (e) {
    if (e instanceof HttpError) return { status: e.statusCode, body: e.body };
    throw e;
  }
  throw new Error('not refused');
}

const ruim = { nome: ' '.repeat(6), horarios: [{ abertura: 1 }] };

describe('validar', () => {
  it('answers the typed value', () => {
    expect(validar(schema, { nome: 'Ana', horarios: [] })).toEqual({ nome: 'Ana', horarios: [] });
  });

  it('refuses per dotted path, each text once, by default; a non-object as malformed', () => {
    const r = recusa(() => validar(schema, ruim));
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      nome: ['Informe o nome.'],
      'horarios.0.abertura': ['Invalid input'],
    });
    for (const x of [null, [], 'x', undefined]) {
      expect(recusa(() => validar(schema, x)).body).toEqual({ non_field_errors: [MSG.requisicaoMalFormada] });
    }
  });

  it("keys by first field with the route's texts for zod's built-in checks", () => {
    const r = recusa(() => validar(schema, ruim, { chave: 'campo', textos: { horarios: 'Horários?' } }));
    expect(r.body).toEqual({ nome: ['Informe o nome.'], horarios: ['Horários?'] });
    const s = recusa(() => validar(schema, { nome: 1, horarios: [] }, { chave: 'campo', textos: {} }));
    expect(s.body).toEqual({ nome: [MSG_PAINEL.valorInvalido] });
  });

  it('one text for all, repeats kept, the {error} shape and the status', () => {
    expect(recusa(() => validar(schema, ruim, { texto: 'X', repetidos: true })).body).toEqual({
      nome: ['X', 'X'],
      'horarios.0.abertura': ['X'],
    });
    const e = recusa(() => validar(schema, ruim, { forma: 'error', status: 422 }));
    expect(e).toEqual({ status: 422, body: { error: 'Informe o nome.' } });
  });

  it("COMO_ZOD keeps zod's own root text for a non-object and every repeat", () => {
    const r = recusa(() => validar(schema, null, COMO_ZOD));
    expect(r.body).toEqual({ non_field_errors: ['Invalid input'] });
    expect((recusa(() => validar(schema, ruim, COMO_ZOD)).body as Record<string, string[]>).nome).toEqual([
      'Informe o nome.',
      'Informe o nome.',
    ]);
    const p = schema.safeParse(ruim);
    expect(corpoDoErroZod(p.error!.issues)).toEqual(recusa(() => validar(schema, ruim, COMO_ZOD)).body);
  });
});

describe('ler', () => {
  it('notes refusals under a prefix and answers undefined', () => {
    const erros: Record<string, string[]> = {};
    expect(ler(schema, ruim, anotarEm(erros), { prefixo: 'produto' })).toBeUndefined();
    expect(Object.keys(erros)).toEqual(['produto.nome', 'produto.horarios.0.abertura']);
    expect(ler(schema, { nome: 'a', horarios: [] }, anotarEm(erros))).toEqual({ nome: 'a', horarios: [] });
  });
});

describe('a query string', () => {
  const q = z.object({
    status: z.optional(z.union([z.literal('a'), z.literal('b')], { error: 'Use a ou b.' })),
    limit: inteiroDaQuery(10, 1, 50, 2, 'Entre 1 e 50.'),
  });

  it('takes the default for absent or empty, the number otherwise', () => {
    expect(validar(q, {})).toEqual({ limit: 10 });
    expect(validar(q, { limit: '', status: 'b' })).toEqual({ limit: 10, status: 'b' });
    expect(validar(q, { limit: '07' })).toEqual({ limit: 7 });
  });

  it.each([['0'], ['51'], ['-1'], ['1.5'], ['abc'], ['100'], [['1', '2']]])('refuses limit %j', (limit) => {
    expect(recusa(() => validar(q, { limit }, { forma: 'primeiro' })).body).toEqual({
      limit: ['Entre 1 e 50.'],
    });
  });

  it("'primeiro' answers only the first bad value, in the schema's order", () => {
    const r = recusa(() => validar(q, { status: 'c', limit: '0' }, { forma: 'primeiro' }));
    expect(r).toEqual({ status: 400, body: { status: ['Use a ou b.'] } });
  });
});

describe('idDaQuery', () => {
  const q = z.object({ antes: idDaQuery('Id inválido.') });
  it.each([['0'], ['01'], [''], ['x'], ['2147483648'], [['1', '2']]])(
    'refuses %j as parseId does',
    (antes) => {
      expect(recusa(() => validar(q, { antes })).body).toEqual({ antes: ['Id inválido.'] });
    },
  );
  it('answers the id, or nothing when absent', () => {
    expect(validar(q, { antes: '2147483647' })).toEqual({ antes: 2147483647 });
    expect(validar(q, {})).toEqual({});
  });
});
