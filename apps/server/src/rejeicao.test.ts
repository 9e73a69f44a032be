import { describe, expect, it } from 'vitest';
import { rejeicaoSemTratamento } from './rejeicao.ts';

function capturar(reason: unknown) {
  const linhas: string[] = [];
  const erros: unknown[] = [];
  const saidas: number[] = [];
  rejeicaoSemTratamento(reason, {
    log: (l) => linhas.push(l),
    erro: (e) => erros.push(e),
    sair: (c) => saidas.push(c),
  });
  return { linhas, erros, saidas };
}

describe('an unhandled rejection', () => {
  it("the database's lost connection (as pg-boss's unawaited fail() rejects): one line, the process goes on", () => {
    const recusada = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    for (const e of [recusada, new Error('Connection terminated unexpectedly')]) {
      const r = capturar(e);
      expect(r.saidas).toEqual([]);
      expect(r.erros).toEqual([]);
      expect(r.linhas).toHaveLength(1);
      expect(JSON.parse(r.linhas[0]!)).toMatchObject({ level: 40, erro: e.message });
    }
  });

  it('anything else is a bug: printed, and the process ends with 1', () => {
    for (const e of [
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      'texto',
      undefined,
    ]) {
      const r = capturar(e);
      expect(r.saidas).toEqual([1]);
      expect(r.erros).toEqual([e]);
      expect(r.linhas).toEqual([]);
    }
  });
});
