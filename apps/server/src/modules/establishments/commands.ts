import type { Db } from '../../db/index.ts';
import { parseId } from '../../http/errors.ts';
import { aprovarEstabelecimento, listarPendentes } from './service.ts';

/**
 * The platform operator's approval of new establishments (APROVACAO_ESTABELECIMENTOS=1): each
 * command answers the text the CLI prints; a thrown Error is printed with status 1.
 */
export const USO_APROVACAO = {
  pendentes:
    'estabelecimentos-pendentes\n' +
    '                     lista os estabelecimentos criados no painel que aguardam aprovação (APROVACAO_ESTABELECIMENTOS=1)',
  aprovar:
    'estabelecimento-aprovar <id>\n' +
    '                     aprova e publica o estabelecimento: cardápio e pedidos liberados aos clientes',
} as const;

export async function estabelecimentosPendentesCommand(db: Db): Promise<string> {
  const pendentes = await listarPendentes(db);
  if (pendentes.length === 0) return 'Nenhum estabelecimento aguardando aprovação.';
  const n = pendentes.length;
  return [
    `${n} estabelecimento${n > 1 ? 's' : ''} aguardando aprovação:`,
    ...pendentes.map((p) => {
      const donos = p.donos.map((d) => `${d.nome} <${d.email}>`).join(', ') || 'sem dono';
      return `  ${p.id}  ${p.apelidooufantasia} (${p.cidade}/${p.uf}) — ${donos}`;
    }),
    'Para aprovar: npm run operator -- estabelecimento-aprovar <id>',
  ].join('\n');
}

export async function estabelecimentoAprovarCommand(db: Db, [idRaw]: string[]): Promise<string> {
  const id = parseId(idRaw);
  if (id === undefined) throw new Error(`Id de estabelecimento inválido: ${idRaw ?? '(nenhum)'}`);
  const r = await aprovarEstabelecimento(db, id);
  if (!r) throw new Error(`Estabelecimento ${id} não encontrado.`);
  return r.jaAprovado
    ? `Estabelecimento ${id} (${r.apelidooufantasia}) já estava aprovado.`
    : `Estabelecimento ${id} (${r.apelidooufantasia}) aprovado: cardápio e pedidos liberados aos clientes.`;
}
