/** An audit row as a sentence in Portuguese: who did what to which thing, and when. */
import { FUSO_PADRAO } from '@rango/domain';
import type { Auditoria } from '@rango/domain/painel/catalogo';

export type ItemAuditoria = Auditoria['itens'][number];

/** The thing's kind, with its article ('o produto'). */
const ENTIDADE: Record<string, string> = {
  estabelecimento: 'os dados da loja',
  horarios: 'os horários',
  area: 'a área de entrega',
  taxa_bairro: 'a taxa por bairro',
  formas_pgto: 'as formas de pagamento',
  categoria: 'a categoria',
  produto: 'o produto',
  grupo_opcao: 'o grupo de opções',
  opcao: 'a opção',
  cupom: 'o cupom',
  cardapio: 'o cardápio',
  webhook: 'o webhook',
};

const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const txt = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** Today's names of the menu's things by kind and id (the menu read), for rows that carry only ids. */
export type Nomes = Partial<Record<string, Map<number, string>>>;

/** The thing's name: from the row's own data, else from today's menu. */
function nome(i: ItemAuditoria, nomes: Nomes): string | null {
  const d = obj(i.dados);
  const n =
    txt(d.descricao) ??
    txt(d.codigo) ??
    txt(d.apelidooufantasia) ??
    txt(d.bairro) ??
    txt(d.url) ??
    (i.identidade !== null ? (nomes[i.entidade]?.get(i.identidade) ?? null) : null);
  return n ? `“${n}”` : null;
}

/** 'o produto “Pizza”', or 'o produto nº 12' when no name is known. */
function oQue(i: ItemAuditoria, nomes: Nomes): string {
  const coisa = ENTIDADE[i.entidade] ?? i.entidade.replaceAll('_', ' ');
  const n = nome(i, nomes);
  if (n) return `${coisa} ${n}`;
  return i.identidade !== null ? `${coisa} nº ${i.identidade}` : coisa;
}

/** 'de' + article: 'do produto', 'da opção', 'dos dados da loja'. */
const de = (x: string) => `d${x}`;

const plural = (n: number, um: string, varios: string) => `${n} ${n === 1 ? um : varios}`;

/** 'Criou o produto “Pizza”', 'Importou o cardápio: 3 criados, 1 alterado, 0 excluídos'. */
export function descrever(i: ItemAuditoria, nomes: Nomes = {}): string {
  const d = obj(i.dados);
  const alvo = oQue(i, nomes);
  switch (i.acao) {
    case 'criar':
      return `Criou ${alvo}`;
    case 'alterar':
      return `Alterou ${alvo}`;
    case 'excluir':
      return `Excluiu ${alvo}`;
    case 'ordenar':
      if (i.entidade === 'categoria' && i.identidade === null) return 'Mudou a ordem das categorias';
      if (i.entidade === 'categoria') return `Mudou a ordem dos produtos ${de(alvo)}`;
      if (i.entidade === 'produto') return `Mudou a ordem dos grupos de opções ${de(alvo)}`;
      if (i.entidade === 'grupo_opcao') return `Mudou a ordem das opções ${de(alvo)}`;
      return `Mudou a ordem ${de(alvo)}`;
    case 'duplicar':
      return `Criou ${alvo} como cópia`;
    case 'vincular':
      return `Adicionou um grupo de opções a${alvo.startsWith('o ') ? alvo : ` ${alvo}`}`;
    case 'desvincular':
      return `Tirou um grupo de opções ${de(alvo)}`;
    case 'imagem':
      return d.imagem === null ? `Removeu a foto ${de(alvo)}` : `Trocou a foto ${de(alvo)}`;
    case 'desativar':
      return `Desativou ${alvo} (já usado em pedidos, não pode ser excluído)`;
    case 'segredo':
      return `Gerou um novo segredo de assinatura para ${alvo}`;
    case 'desativar_falhas':
      return `Desativou ${alvo} depois de 3 dias de falhas nas entregas`;
    case 'importar':
      return `Importou o cardápio: ${plural(num(d.criar), 'item criado', 'itens criados')}, ${plural(num(d.alterar), 'alterado', 'alterados')}, ${plural(num(d.excluir), 'excluído', 'excluídos')}`;
    default:
      return `${i.acao}: ${alvo}`;
  }
}

/** Whoever made the change: the person's name, or the system (operator API, command line). */
export const autor = (i: ItemAuditoria): string =>
  i.funcionario ?? (i.idfuncionario === null ? 'Sistema' : `Pessoa nº ${i.idfuncionario}`);

const quando = new Intl.DateTimeFormat('pt-BR', {
  timeZone: FUSO_PADRAO,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** '26/11/2026 14:30' on the establishments' wall clock. */
export function formatQuando(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : quando.format(d).replace(',', '');
}
