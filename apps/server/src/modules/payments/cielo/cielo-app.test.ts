import { randomUUID } from 'node:crypto';
import { STATUS, pedidoCriadoSchema, pedidoFetchedSchema } from '@rango/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/app.ts';
import type { TestApp } from '../../../test/app.ts';
import { testConfig } from '../../../test/db.ts';
import {
  API,
  CREDITO,
  definirHorarios,
  montarPedido,
  novoCliente,
  pedidoUrl,
  produtosDoMenu,
} from '../../orders/testing.ts';
import type { ClienteTeste } from '../../orders/testing.ts';
import { HEADER_NOTIFICACAO } from './cielo.ts';
import { startCieloFake } from '../../../test/fakes/cielo.ts';
import type { CieloFake } from '../../../test/fakes/cielo.ts';

const MERCHANT_ID = randomUUID();
const MERCHANT_KEY = 'CHAVEDOLOJISTA0123456789ABCDEFGHIJKLMNOP';
const SOP = { clientId: randomUUID(), clientSecret: 'segredo-do-sop' };
const MPI = { clientId: randomUUID(), clientSecret: 'segredo-do-mpi' };
const SEGREDO = 'segredo-combinado-com-a-cielo';
const PIX = { id: 31, sttipopgto: 200, descricao: 'PIX' };

/** The whole app with PAYMENT_GATEWAY=cielo, talking to the local fake of Cielo's contract. */
describe('the app with PAYMENT_GATEWAY=cielo (against the fake)', () => {
  let fake: CieloFake;
  let h: TestApp;
  let maria: ClienteTeste;

  beforeAll(async () => {
    fake = await startCieloFake({ merchantId: MERCHANT_ID, merchantKey: MERCHANT_KEY, sop: SOP, mpi: MPI });
    const base = testConfig().payments;
    h = await openTestApp('sqlite', {
      rateLimit: false,
      payments: {
        ...base,
        gateway: 'cielo',
        cielo: {
          merchantId: MERCHANT_ID,
          merchantKey: MERCHANT_KEY,
          apiUrl: fake.url,
          queryUrl: fake.url,
          sopUrl: fake.url,
          sopOAuth: { url: `${fake.url}/oauth2/token`, ...SOP },
          pixProvider: 'Cielo2',
          notificationSecret: SEGREDO,
          mpi: {
            ...base.cielo.mpi,
            authUrl: fake.url,
            ...MPI,
            establishmentCode: '1006993069',
            merchantName: 'Rango',
          },
        },
      },
    });
    await h.app.ready();
    await definirHorarios(h.t.db, 1);
    maria = await novoCliente(h.app, h.t.db);
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  it('a credit order (raw compatibility payload) is charged at Cielo and moves to Sincronizado; nothing of the card is kept', async () => {
    const produtos = await produtosDoMenu(h.app, 1);
    const p = montarPedido(produtos, { itens: [{ produto: 311, quantidade: 5 }], formapgto: CREDITO });
    Object.assign(p.pagamentos[0]!, {
      pre_pago: true,
      tipo: 'CARTAO',
      troco_para: null,
      cartao: {
        numero: '4024007153763171',
        cvv: '915',
        expiracao: `12/${new Date().getUTCFullYear() + 2}`,
        titular: 'MARIA',
        bandeira: 'Visa',
        cnpjoucpf: '12345678909',
        tipo: 'CREDITO',
      },
    });
    const res = await h.app.inject({ method: 'POST', url: pedidoUrl(1), payload: p, headers: maria.headers });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = pedidoCriadoSchema.parse(res.json());
    const f = pedidoFetchedSchema.parse(
      (await h.app.inject({ url: `${API}/controle/pedido/${id}/`, headers: maria.headers })).json(),
    );
    expect(f.historico.map((x) => x.status)).toEqual([STATUS.PgtoPendente, STATUS.Sincronizado]);
    expect(fake.vendas()).toHaveLength(1);
    const linhas = JSON.stringify(await h.t.db.selectFrom('pagamento').selectAll().execute());
    expect(linhas).not.toContain('4024007153763171');
    expect(linhas).toContain('************3171');
  });

  it('a PIX order is paid at Cielo; its notification (with the agreed header) moves the order', async () => {
    const produtos = await produtosDoMenu(h.app, 1);
    const p = montarPedido(produtos, { itens: [{ produto: 311, quantidade: 5 }], formapgto: PIX });
    Object.assign(p.pagamentos[0]!, { pre_pago: true, tipo: 'PIX', troco_para: null, cartao: null });
    const res = await h.app.inject({ method: 'POST', url: pedidoUrl(1), payload: p, headers: maria.headers });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = pedidoCriadoSchema.parse(res.json());
    const row = await h.t.db
      .selectFrom('pagamento')
      .selectAll()
      .where('idpedido', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.qrcode).toBeTruthy();
    fake.pagarPix(row.payment_id!);
    const notificar = (segredo: string) =>
      h.app.inject({
        method: 'POST',
        url: `${API}/pagamentos/notificacao/`,
        payload: { PaymentId: row.payment_id, ChangeType: 1 },
        headers: { [HEADER_NOTIFICACAO]: segredo },
      });
    expect((await notificar('errado')).statusCode).toBe(401);
    expect((await notificar(SEGREDO)).statusCode).toBe(200);
    const f = pedidoFetchedSchema.parse(
      (await h.app.inject({ url: `${API}/controle/pedido/${id}/`, headers: maria.headers })).json(),
    );
    expect(f.historico.map((x) => x.status)).toEqual([STATUS.PgtoPendente, STATUS.Sincronizado]);
  });

  it('the browser tokenisation parameters point at Cielo, not at the sandbox', async () => {
    const res = await h.app.inject({ url: `${API}/controle/cartao/tokenizacao/`, headers: maria.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ url: `${fake.url}/post/api/public/v1/card` });
    expect(
      (await h.app.inject({ method: 'POST', url: `${API}/sandbox/sop/card/`, payload: {} })).statusCode,
    ).toBe(404);
  });
});
