import { EVENTO } from '@rango/domain';
import { MSG_PAINEL, disponibilidadeSchema } from '@rango/domain/painel';
import type { Disponibilidade } from '@rango/domain/painel';
import type { Db } from '../../db/index.ts';
import { conform } from '../../http/contract.ts';
import { HttpError } from '../../http/errors.ts';
import { marcarMenuMudado } from '../establishments/service.ts';
import { avisarEventos, registrarEvento } from '../events/record.ts';
import { cardapioPainelRepository as repo } from './painel-repository.ts';

/** The panel's list of what can run out: products and options that are not hidden. */
export async function disponibilidade(db: Db, idestabelecimento: number): Promise<Disponibilidade> {
  const [produtos, opcoes] = await Promise.all([
    repo.disponibilidadeProdutos(db, idestabelecimento),
    repo.disponibilidadeOpcoes(db, idestabelecimento),
  ]);
  return conform(disponibilidadeSchema, { produtos, opcoes }, 'disponibilidade');
}

/**
 * 'Em falta' (1) or available again (0). The menu's version moves in the same transaction,
 * so every instance's menu cache serves the change on its next read, and the panels hear of
 * it through the event.
 */
export async function mudarDisponibilidadeProduto(
  db: Db,
  idestabelecimento: number,
  idproduto: number,
  stindisponivel: 0 | 1,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await repo.setProdutoDisponibilidade(trx, idestabelecimento, idproduto, stindisponivel))) {
      throw new HttpError(404, { detail: MSG_PAINEL.produtoNaoEncontrado });
    }
    await marcarMenuMudado(trx, idestabelecimento);
    await registrarEvento(trx, {
      idestabelecimento,
      tipo: EVENTO.disponibilidade,
      dados: { idproduto, stindisponivel },
    });
  });
  avisarEventos(db);
}

/**
 * An option's availability. Option groups may be shared between products, even between
 * establishments: the option must be on one of this establishment's products, and every
 * establishment whose menu shows it gets a new menu version and the event.
 */
export async function mudarDisponibilidadeOpcao(
  db: Db,
  idestabelecimento: number,
  idopcao: number,
  stindisponivel: 0 | 1,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const ests = await repo.estabelecimentosDaOpcao(trx, idopcao);
    if (!ests.includes(idestabelecimento)) {
      throw new HttpError(404, { detail: MSG_PAINEL.opcaoNaoEncontrada });
    }
    await repo.setOpcaoDisponibilidade(trx, idopcao, stindisponivel);
    for (const est of ests) {
      await marcarMenuMudado(trx, est);
      await registrarEvento(trx, {
        idestabelecimento: est,
        tipo: EVENTO.disponibilidade,
        dados: { idopcao, stindisponivel },
      });
    }
  });
  avisarEventos(db);
}
