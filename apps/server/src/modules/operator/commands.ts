import { FUSO_PADRAO, STATUS, formatBRL, isCancelado } from '@rango/domain';
import type { PedidoOperador } from '@rango/domain';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { parseId } from '../../http/errors.ts';
import { moverPedido, nomeStatus, pedidoPort, statusDoPedido } from '../orders/status.ts';
import { estornarPeloCli } from '../payments/commands.ts';
import { operatorRepository as repo } from './repository.ts';
import {
  criarChaveOperador,
  listarPedidosOperador,
  obterPedidoOperador,
  revogarChaveOperador,
} from './service.ts';

/** The operator's commands (`npm run operator -- <cmd>`); each answers the text the CLI prints. */

export const USO = {
  operadorToken:
    'operador-token <idestabelecimento> [nome]\n' +
    '                     cria uma chave de operador (mostrada uma única vez) para a API do restaurante',
  operadorRevogar: 'operador-revogar <id>\n                     revoga a chave de operador de id <id>',
  operadorChaves:
    'operador-chaves <idestabelecimento>\n                     lista as chaves de operador do estabelecimento',
  pedidos:
    'pedidos <idestabelecimento> [--todos]\n' +
    '                     lista os pedidos abertos do estabelecimento (com --todos, também os finalizados)',
  pedido: 'pedido <id>        mostra um pedido e o seu histórico',
  pedidoStatus:
    'pedido-status <id> <confirmar|pronto|entregue|concluir|cancelar> [motivo…]\n' +
    '                     muda o status do pedido (aceita também 21, 30, 41, 100, 50); cancelar exige o motivo',
} as const;

/** Names the operator may type for a status, and the numbers. */
const ACOES: ReadonlyMap<string, number> = new Map([
  ['confirmar', STATUS.Confirmado],
  ['pronto', STATUS.Pronto],
  ['entregue', STATUS.Entregue],
  ['entregar', STATUS.Entregue],
  ['concluir', STATUS.Concluido],
  ['cancelar', STATUS.Cancelado],
  ...[STATUS.Confirmado, STATUS.Pronto, STATUS.Entregue, STATUS.Concluido, STATUS.Cancelado].map(
    (s) => [String(s), s] as const,
  ),
]);

const TIPO: Readonly<Record<string, string>> = { DELIVERY: 'Entrega', TOGO: 'Retirada' };

const dataHora = new Intl.DateTimeFormat('pt-BR', {
  timeZone: FUSO_PADRAO,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** '14/03/2030 19:32:05' on São Paulo's clock (the demo's). */
export function formatDataHora(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : dataHora.format(new Date(t)).replace(',', '');
}

function id(raw: string | undefined, what: string): number {
  const n = parseId(raw);
  if (n === undefined) throw new Error(`Id de ${what} inválido: ${raw ?? '(nenhum)'}`);
  return n;
}

function tabela(cabecalho: string[], linhas: string[][], direita: ReadonlySet<number>): string {
  const larguras = cabecalho.map((c, i) => Math.max(c.length, ...linhas.map((l) => (l[i] ?? '').length)));
  const linha = (cols: string[]) =>
    cols
      .map((c, i) => (direita.has(i) ? c.padStart(larguras[i]!) : c.padEnd(larguras[i]!)))
      .join('  ')
      .trimEnd();
  return [linha(cabecalho), ...linhas.map(linha)].join('\n');
}

export async function operadorTokenCommand(db: Db, args: string[]): Promise<string> {
  const [idRaw, ...nome] = args;
  const c = await criarChaveOperador(db, id(idRaw, 'estabelecimento'), nome.join(' '));
  return [
    `Chave de operador criada (id ${c.id}, "${c.nome}") para o estabelecimento ${c.idestabelecimento} (${c.apelidooufantasia}):`,
    '',
    c.chave,
    '',
    'Guarde-a agora: ela não será mostrada de novo. Use-a no cabeçalho Authorization: Bearer <chave>.',
    `Para revogá-la: npm run operator -- operador-revogar ${c.id}`,
  ].join('\n');
}

export async function operadorRevogarCommand(db: Db, [idRaw]: string[]): Promise<string> {
  const n = id(idRaw, 'chave');
  return (await revogarChaveOperador(db, n)) === 'revogada'
    ? `Chave ${n} revogada.`
    : `Chave ${n} já estava revogada.`;
}

export async function operadorChavesCommand(db: Db, [idRaw]: string[]): Promise<string> {
  const idestabelecimento = id(idRaw, 'estabelecimento');
  const est = await repo.estabelecimento(db, idestabelecimento);
  if (!est) throw new Error(`Estabelecimento ${idestabelecimento} não encontrado.`);
  const chaves = await repo.listTokens(db, idestabelecimento);
  if (chaves.length === 0) return `O estabelecimento ${idestabelecimento} não tem chaves de operador.`;
  return tabela(
    ['id', 'nome', 'criada em', 'revogada em'],
    chaves.map((c) => [
      String(c.id),
      c.nome,
      formatDataHora(c.criado_em),
      c.revogado_em ? formatDataHora(c.revogado_em) : '-',
    ]),
    new Set([0]),
  );
}

export async function pedidosCommand(db: Db, args: string[]): Promise<string> {
  const opcoes = args.filter((a) => a.startsWith('--'));
  const [idRaw, ...resto] = args.filter((a) => !a.startsWith('--'));
  const desconhecida = opcoes.find((o) => o !== '--todos');
  if (desconhecida !== undefined) throw new Error(`Opção desconhecida: ${desconhecida}`);
  if (resto.length > 0) throw new Error(`Uso: ${USO.pedidos}`);
  const idestabelecimento = id(idRaw, 'estabelecimento');
  const est = await repo.estabelecimento(db, idestabelecimento);
  if (!est) throw new Error(`Estabelecimento ${idestabelecimento} não encontrado.`);
  const todos = opcoes.includes('--todos');
  const pedidos = await listarPedidosOperador(db, {
    idestabelecimento,
    abertos: !todos,
    limit: 100,
    offset: 0,
  });
  const titulo = `${est.apelidooufantasia} (estabelecimento ${idestabelecimento}): `;
  if (pedidos.length === 0) return titulo + (todos ? 'nenhum pedido.' : 'nenhum pedido aberto.');
  const n = pedidos.length;
  return [
    titulo +
      (todos
        ? `${n} pedido${n > 1 ? 's' : ''}`
        : `${n} pedido${n > 1 ? 's' : ''} aberto${n > 1 ? 's' : ''}`) +
      (n === 100 ? ' (os 100 mais recentes)' : '') +
      ':',
    tabela(
      ['id', 'ref', 'status', 'tipo', 'total', 'pedido em', 'para'],
      pedidos.map((p) => [
        String(p.id),
        `#${p.referencia}`,
        nomeStatus(p.status),
        TIPO[p.tipo] ?? p.tipo,
        formatBRL(p.total),
        formatDataHora(p.dthrpedido),
        p.entregue_as ? formatDataHora(p.entregue_as) : 'agora',
      ]),
      new Set([0, 4]),
    ),
  ].join('\n');
}

function detalhes(p: PedidoOperador): string {
  const g = p.pedido;
  const linhas = [
    `Pedido #${p.referencia} (id ${p.id}): ${nomeStatus(p.status)}`,
    `Tipo: ${TIPO[p.tipo] ?? p.tipo}${p.entregue_as ? `, agendado para ${formatDataHora(p.entregue_as)}` : ''}`,
    `Feito em: ${formatDataHora(p.dthrpedido)}`,
    // A deleted account's orders keep no name (orders/anonimizar.ts).
    `Cliente: ${g.cliente.nome || '(conta excluída)'} ${g.cliente.telefone}`.trimEnd(),
  ];
  const e = g.cliente.endereco;
  if (p.tipo === 'DELIVERY' && e) {
    const partes = [
      [e.rua, e.numero].filter(Boolean).join(', ') + (e.complemento ? ` ${e.complemento}` : ''),
      e.bairro,
      `${e.cidade}/${e.uf}`,
      e.cep,
    ];
    linhas.push(`Endereço: ${partes.filter((x) => x && x !== '/').join(', ')}`);
    if (e.detalhe) linhas.push(`Referência: ${e.detalhe}`);
  }
  if (g.endereco_togo) linhas.push(`Local de entrega: ${g.endereco_togo}`);
  linhas.push('Itens:');
  for (const item of g.itens) {
    linhas.push(`  ${item.quantidade} × ${item.descricao}  ${formatBRL(item.preco_total)}`);
    for (const s of item.subitens) {
      for (const o of s.sub_subitens) linhas.push(`      ${o.quantidade} × ${o.descricao}`);
    }
    if (item.observacoes) linhas.push(`      Obs.: ${item.observacoes}`);
  }
  if (g.observacoes) linhas.push(`Observações: ${g.observacoes}`);
  linhas.push(`Subtotal: ${formatBRL(g.subtotal)}`);
  if (g.taxa_entrega !== null) linhas.push(`Taxa de entrega: ${formatBRL(g.taxa_entrega)}`);
  if (g.desconto > 0)
    linhas.push(`Desconto${g.codigo_cupom ? ` (${g.codigo_cupom})` : ''}: -${formatBRL(g.desconto)}`);
  linhas.push(`Total: ${formatBRL(p.total)}`);
  for (const pg of g.pagamentos) {
    linhas.push(
      `Pagamento: ${pg.descricaoFormaPgto}${pg.pre_pago ? ' (online)' : ' (na entrega)'}` +
        (pg.troco_para !== null ? `, troco para ${formatBRL(pg.troco_para)}` : ''),
    );
  }
  linhas.push('Histórico:');
  for (const h of p.historico) {
    linhas.push(
      `  ${formatDataHora(h.datahora)}  ${nomeStatus(h.status)}${h.motivo ? ` (${h.motivo})` : ''}`,
    );
  }
  return linhas.join('\n');
}

export async function pedidoCommand(db: Db, [idRaw]: string[]): Promise<string> {
  const n = id(idRaw, 'pedido');
  const p = await obterPedidoOperador(db, n);
  if (!p) throw new Error(`Pedido ${n} não encontrado.`);
  return detalhes(p);
}

export async function pedidoStatusCommand(db: Db, args: string[]): Promise<string> {
  const [idRaw, acao, ...motivo] = args;
  const n = id(idRaw, 'pedido');
  const para = acao === undefined ? undefined : ACOES.get(acao.toLowerCase());
  if (para === undefined) throw new Error(`Uso: ${USO.pedidoStatus}`);
  const m = await moverPedido(db, n, para, { motivo: motivo.join(' ') });
  return `Pedido #${m.referencia} (id ${m.id}): ${nomeStatus(m.de)} → ${nomeStatus(m.para)} em ${formatDataHora(m.datahora)}.`;
}

/** pedido-status, plus the refund of a cancelled order paid online (the API does the same). */
export async function pedidoStatusComEstornoCommand(db: Db, args: string[], config: Config): Promise<string> {
  const texto = await pedidoStatusCommand(db, args);
  const n = id(args[0], 'pedido');
  const status = await statusDoPedido(db, n);
  if (status === undefined || !isCancelado(status)) return texto;
  const estorno = await estornarPeloCli(db, n, config, pedidoPort(db));
  return estorno === null ? texto : `${texto}\n${estorno}`;
}
