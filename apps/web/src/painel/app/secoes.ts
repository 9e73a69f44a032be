import { painelPaths } from '../paths.ts';

/**
 * The panel's sections, in the order of its menu: the one list the header's menu (layout.tsx)
 * and the establishment switcher's "same section elsewhere" read. A new section is one entry
 * here (its path segment, its label, who sees it). The first few stay in the row (how many
 * depends on the screen's width: SECOES_VISIVEIS) and the rest go under 'Mais'.
 */
export interface Secao {
  /** The path segment after /painel/:id/ ('' for the queue). */
  segmento: string;
  rotulo: string;
  caminho: (id: number) => string;
  /** 'dono': only the owner sees it; 'todos': every role. */
  papel: 'todos' | 'dono';
  /** Active only on its exact path (the queue, whose path prefixes every other). */
  exato?: boolean;
}

export const SECOES: readonly Secao[] = [
  { segmento: '', rotulo: 'Pedidos', caminho: painelPaths.fila, papel: 'todos', exato: true },
  { segmento: 'em-falta', rotulo: 'Em falta', caminho: painelPaths.emFalta, papel: 'todos' },
  { segmento: 'cardapio', rotulo: 'Cardápio', caminho: painelPaths.cardapio, papel: 'dono' },
  { segmento: 'loja', rotulo: 'Loja', caminho: painelPaths.loja, papel: 'dono' },
  { segmento: 'cupons', rotulo: 'Cupons', caminho: painelPaths.cupons, papel: 'dono' },
  { segmento: 'equipe', rotulo: 'Equipe', caminho: painelPaths.equipe, papel: 'dono' },
  { segmento: 'configuracoes', rotulo: 'Configurações', caminho: painelPaths.configuracoes, papel: 'dono' },
  { segmento: 'relatorios', rotulo: 'Relatórios', caminho: painelPaths.relatorios, papel: 'dono' },
  { segmento: 'avaliacoes', rotulo: 'Avaliações', caminho: painelPaths.avaliacoes, papel: 'dono' },
  { segmento: 'historico', rotulo: 'Histórico', caminho: painelPaths.historico, papel: 'dono' },
  { segmento: 'integracoes', rotulo: 'Integrações', caminho: painelPaths.integracoes, papel: 'dono' },
  { segmento: 'pagamentos', rotulo: 'Pagamentos', caminho: painelPaths.pagamentos, papel: 'dono' },
  { segmento: 'notificacoes', rotulo: 'Notificações', caminho: painelPaths.notificacoes, papel: 'dono' },
];

/**
 * How many sections stay in the row (the rest under 'Mais'), so the row is one line: below 768 px
 * (one row at 375 px), below 1280 px (768 px, a counter tablet), and wider.
 */
export const SECOES_VISIVEIS = { estreito: 4, medio: 7, largo: 10 } as const;

/** The sections a role sees, in order. */
export const secoesDe = (papel: string): Secao[] =>
  SECOES.filter((s) => s.papel === 'todos' || papel === 'dono');
