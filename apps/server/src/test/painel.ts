import { EVENTO } from '@rango/domain';
import { cardapioPainelSchema } from '@rango/domain/painel/catalogo';
import type { CardapioPainel, GrupoOpcaoInput } from '@rango/domain/painel/catalogo';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Dialeto } from '../db/index.ts';
import { definirHorarios, novoCliente } from '../modules/orders/testing.ts';
import type { ClienteTeste } from '../modules/orders/testing.ts';
import { API, staffBearer } from '../modules/staff/testing.ts';
import { openTestApp } from './app.ts';
import type { TestApp } from './app.ts';

/** The back office's routes of one establishment. */
export const est = (id: number | string) => `${API}/painel/estabelecimento/${id}`;
/** The customer's menu of one establishment. */
export const menuUrl = (id: number) => `${API}/api/estabelecimento/${id}/menu/`;

/** A valid option group body (POST …/grupos-opcao/): one size, required. */
export const GRUPO: GrupoOpcaoInput = {
  descricao: 'Tamanho',
  multiplo: false,
  qtdinclusa: 0,
  qtdmultiplomin: 1,
  qtdmultiplomax: 1,
  stprecopraticado: 0,
  stnegagrupoopcao: 0,
};

export type Bearer = { authorization: string };

/** Who the back office's route tests act as, and the app they call; filled in before the tests. */
export interface Painel {
  ta: TestApp;
  /** Establishment 1's owner and attendant; establishment 2's owner. */
  dono: Bearer;
  atendente: Bearer;
  outroDono: Bearer;
  /** A signed-in customer. */
  maria: ClienteTeste;
}

/**
 * The back office's route tests' harness, inside a `describe`: the app on `dialect` opened before
 * its tests (establishment 1 with opening hours, its owner and attendant, establishment 2's owner,
 * a customer; `pedidominimo` in cents set on establishment 1 when given) and closed after, and the
 * calls the tests make. `painel`'s fields are there once the tests run.
 */
export function painelDeTeste(dialect: Dialeto, { pedidominimo }: { pedidominimo?: number } = {}) {
  const painel = {} as Painel;
  beforeAll(async () => {
    const ta = await openTestApp(dialect, { rateLimit: false });
    painel.ta = ta;
    await ta.app.ready();
    await definirHorarios(ta.t.db, 1);
    painel.dono = await staffBearer(ta.app, ta.t.db, 1, 'dono@pizzaria.test', 'dono');
    painel.atendente = await staffBearer(ta.app, ta.t.db, 1, 'atendente@pizzaria.test', 'atendente');
    painel.outroDono = await staffBearer(ta.app, ta.t.db, 2, 'dono@lanchonete.test', 'dono');
    painel.maria = await novoCliente(ta.app, ta.t.db);
    if (pedidominimo !== undefined)
      await ta.t.db.updateTable('estabelecimento').set({ pedidominimo }).where('id', '=', 1).execute();
  });
  afterAll(async () => painel.ta?.close());

  /** A request as establishment 1's owner, or as `headers`. */
  const call = (opts: InjectOptions, headers = painel.dono) => painel.ta.app.inject({ ...opts, headers });
  const versao = async (id = 1) =>
    (
      await painel.ta.t.db
        .selectFrom('estabelecimento')
        .select('menu_versao')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).menu_versao;
  /** GET …/cardapio/ (200, in the contract). */
  const cardapio = async (id = 1, headers = painel.dono): Promise<CardapioPainel> => {
    const res = await call({ url: `${est(id)}/cardapio/` }, headers);
    expect(res.statusCode).toBe(200);
    return cardapioPainelSchema.parse(res.json());
  };
  const eventosMenu = async () =>
    painel.ta.t.db
      .selectFrom('evento')
      .select(['idestabelecimento', 'dados'])
      .where('tipo', '=', EVENTO.menu)
      .orderBy('id')
      .execute();

  /** A refusal that changed nothing: no menu version move, no menu event, the same menu. */
  async function recusado(
    opts: InjectOptions,
    status: number,
    body: unknown,
    headers = painel.dono,
    id = 1,
  ): Promise<void> {
    const antes = {
      v: await versao(id),
      e: (await eventosMenu()).length,
      c: JSON.stringify(await cardapio(id, headers)),
    };
    const res = await call(opts, headers);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toEqual(body);
    expect(await versao(id)).toBe(antes.v);
    expect((await eventosMenu()).length).toBe(antes.e);
    expect(JSON.stringify(await cardapio(id, headers))).toBe(antes.c);
  }

  return { painel, call, versao, cardapio, eventosMenu, recusado };
}
