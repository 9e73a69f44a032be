import { MSG_CATALOGO as M, auditoriaSchema, cupomPainelSchema } from '@rango/domain/painel/catalogo';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app.ts';
import { est, painelDeTeste } from '../../test/painel.ts';
import type { Bearer } from '../../test/painel.ts';
import { DIALECTS } from '../../test/db.ts';
import { montarPedido, pedidoUrl, produtosDoMenu } from '../orders/testing.ts';
import type { ClienteTeste } from '../orders/testing.ts';
import { API } from '../staff/testing.ts';

describe.each(DIALECTS)('back office routes on %s', (dialect) => {
  // The order below is the store's minimum or more as the owner set it (R$ 10,00, PUT dados/).
  const { painel, call, recusado } = painelDeTeste(dialect, { pedidominimo: 1000 });
  let ta: TestApp;
  let atendente: Bearer;
  let maria: ClienteTeste;
  beforeAll(() => ({ ta, atendente, maria } = painel));

  describe('coupons and audit', () => {
    it('coupons: 150 % refused, repeated code refused, uses counted, a used coupon is deactivated instead of deleted', async () => {
      await recusado(
        {
          method: 'POST',
          url: `${est(1)}/cupons/`,
          payload: { codigo: 'MEGA', ehpercentual: true, desconto: 150 },
        },
        400,
        {
          desconto: [M.descontoPercentualInvalido],
        },
      );
      const c = await call({
        method: 'POST',
        url: `${est(1)}/cupons/`,
        payload: {
          codigo: 'dez',
          ehpercentual: true,
          desconto: 10,
          limitedesconto: 500,
          limite_por_cliente: 1,
        },
      });
      expect(c.statusCode, c.body).toBe(201);
      const cupom = cupomPainelSchema.parse(c.json());
      expect(cupom).toMatchObject({ codigo: 'DEZ', usos: 0, ativo: true });
      await recusado(
        {
          method: 'POST',
          url: `${est(1)}/cupons/`,
          payload: { codigo: 'Dez', ehpercentual: false, desconto: 500 },
        },
        400,
        {
          codigo: [M.cupomRepetido],
        },
      );
      const validar = await ta.app.inject({
        method: 'POST',
        url: `${API}/api/cupom/validar/`,
        payload: { cupom: 'DEZ', deliveryestabelecimento: 1 },
        headers: maria.headers,
      });
      expect(validar.statusCode, validar.body).toBe(200);
      const pedido = montarPedido(await produtosDoMenu(ta.app, 1), {
        itens: [{ produto: 310, quantidade: 3 }],
        cupom: { codigo: 'DEZ', ehpercentual: true, desconto: 10, limitedesconto: 5 },
      });
      const feito = await ta.app.inject({
        method: 'POST',
        url: pedidoUrl(1),
        payload: pedido,
        headers: maria.headers,
      });
      expect(feito.statusCode, feito.body).toBe(201);
      const lista = (await call({ url: `${est(1)}/cupons/` })).json<{ codigo: string; usos: number }[]>();
      expect(lista.find((x) => x.codigo === 'DEZ')?.usos).toBe(1);
      const del = await call({ method: 'DELETE', url: `${est(1)}/cupons/${cupom.id}/` });
      expect(del.statusCode).toBe(200);
      expect(del.json()).toMatchObject({ ativo: false, usos: 1 });
      const outro = (
        await call({
          method: 'POST',
          url: `${est(1)}/cupons/`,
          payload: { codigo: 'FIXO', ehpercentual: false, desconto: 500 },
        })
      ).json<{
        id: number;
      }>();
      expect((await call({ method: 'DELETE', url: `${est(1)}/cupons/${outro.id}/` })).statusCode).toBe(204);
    });

    it('audit: who changed what, newest first, paged', async () => {
      const n = Number(
        (
          await ta.t.db
            .selectFrom('auditoria')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('idestabelecimento', '=', 1)
            .executeTakeFirstOrThrow()
        ).n,
      );
      for (let i = n; i <= 50; i++) {
        await call({
          method: 'POST',
          url: `${est(1)}/categorias/`,
          payload: { descricao: `Categoria ${i}` },
        });
      }
      await call({
        method: 'POST',
        url: `${est(1)}/cupons/`,
        payload: { codigo: 'ULTIMO', ehpercentual: true, desconto: 5 },
      });
      const res = await call({ url: `${est(1)}/auditoria/` });
      expect(res.statusCode).toBe(200);
      const a = auditoriaSchema.parse(res.json());
      expect(a.itens.length).toBe(50);
      expect(a.itens[0]).toMatchObject({
        entidade: 'cupom',
        acao: 'criar',
        funcionario: 'dono',
        dados: { codigo: 'ULTIMO', ehpercentual: true, desconto: 5 },
      });
      expect(a.proximo).not.toBeNull();
      const next = auditoriaSchema.parse(
        (await call({ url: `${est(1)}/auditoria/?antes=${a.proximo}` })).json(),
      );
      expect(next.itens[0]!.id).toBeLessThan(a.itens.at(-1)!.id);
      expect((await call({ url: `${est(1)}/auditoria/?antes=x` })).statusCode).toBe(400);
      expect((await call({ url: `${est(1)}/auditoria/` }, atendente)).statusCode).toBe(403);
    });
  });
});
