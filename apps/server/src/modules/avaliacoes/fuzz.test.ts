/**
 * The ratings' routes under bad input (test/fuzz.ts): the customer's rating and the owner's reply
 * with one part of a valid body broken, or arbitrary JSON; the customer's and the owner's reads
 * under bad path parameters and query strings. Never a 5xx, a refusal in JSON, and a refused
 * write leaves the rating as it was.
 */
import { STATUS } from '@rango/domain';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS } from '../../test/db.ts';
import { FUZZ, fuzzLeitura, fuzzRota } from '../../test/fuzz.ts';
import { moverPedido } from '../orders/status.ts';
import {
  API,
  definirHorarios,
  montarPedido,
  novoCliente,
  pedidoUrl,
  produtosDoMenu,
} from '../orders/testing.ts';
import type { ClienteTeste } from '../orders/testing.ts';
import { staffBearer } from '../staff/testing.ts';

describe.each(DIALECTS)('the ratings’ routes under bad input on %s', (dialect) => {
  let h: TestApp;
  let maria: ClienteTeste;
  let dono: { authorization: string };
  let idpedido: number;

  beforeAll(async () => {
    h = await openTestApp(dialect, { rateLimit: false });
    await h.app.ready();
    await definirHorarios(h.t.db, 1);
    const produtos = await produtosDoMenu(h.app, 1);
    maria = await novoCliente(h.app, h.t.db);
    dono = await staffBearer(h.app, h.t.db, 1, 'dono-fuzz@rango.test', 'dono');
    const payload = montarPedido(produtos, { itens: [{ produto: 311, quantidade: 5 }] });
    const res = await h.app.inject({ method: 'POST', url: pedidoUrl(1), payload, headers: maria.headers });
    idpedido = res.json<{ id: number }>().id;
    for (const s of [STATUS.Confirmado, STATUS.Pronto, STATUS.Concluido])
      await moverPedido(h.t.db, idpedido, s);
  });
  afterAll(async () => h?.close());

  /** Every rating row as stored. */
  const avaliacoes = async () =>
    JSON.stringify(await h.t.db.selectFrom('avaliacao').selectAll().orderBy('id').execute());

  it('the customer’s rating', () =>
    fuzzRota(h.app, {
      method: 'PUT',
      url: `${API}/api/pedido/${idpedido}/avaliacao/`,
      headers: maria.headers,
      valido: { nota: 4, comentario: 'Chegou quentinho.' },
      estado: avaliacoes,
    }));

  it('the owner’s reply', async () => {
    const { id } = await h.t.db.selectFrom('avaliacao').select('id').executeTakeFirstOrThrow();
    await fuzzRota(h.app, {
      method: 'PUT',
      url: `${API}/painel/estabelecimento/1/avaliacoes/${id}/resposta/`,
      headers: dono,
      valido: { resposta: 'Obrigado!' },
      estado: avaliacoes,
    });
  });

  it('the reads: the customer’s rating and the owner’s list', async () => {
    await fuzzLeitura(h.app, {
      url: `${API}/api/pedido/:id/avaliacao/`,
      params: { id: idpedido },
      headers: maria.headers,
    });
    await fuzzLeitura(h.app, {
      url: `${API}/painel/estabelecimento/:id/avaliacoes/`,
      params: { id: 1 },
      query: { nota: '4', dias: '90', limit: '20', offset: '0' },
      headers: dono,
      runs: FUZZ.runs * 2,
    });
  });
});
