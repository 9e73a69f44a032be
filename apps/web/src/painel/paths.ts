/**
 * The panel's in-app URLs, relative to the router's basename (PAINEL_BASE): '/login' is
 * /painel/login in the address bar. One place, as config/paths.ts is for the customer's app.
 */
export const PAINEL_BASE = '/painel';

export const painelPaths = {
  inicio: '/',
  login: '/login',
  /** The login page after a refused refresh: says the session expired. */
  loginSessaoExpirada: '/login?motivo=sessao-expirada',
  recuperar: '/recuperar',
  /** A restaurant signs itself up; the e-mailed link is cadastroLink. */
  cadastro: '/cadastro',
  cadastroLink: (token: string) => `/cadastro/${token}`,
  convite: (token: string) => `/convite/${token}`,
  senha: (token: string) => `/senha/${token}`,
  fila: (id: number | string) => `/${id}`,
  emFalta: (id: number | string) => `/${id}/em-falta`,
  equipe: (id: number | string) => `/${id}/equipe`,
  configuracoes: (id: number | string) => `/${id}/configuracoes`,
  cardapio: (id: number | string) => `/${id}/cardapio`,
  loja: (id: number | string) => `/${id}/loja`,
  cupons: (id: number | string) => `/${id}/cupons`,
  cardapioArquivo: (id: number | string) => `/${id}/cardapio/arquivo`,
  historico: (id: number | string) => `/${id}/historico`,
  relatorios: (id: number | string) => `/${id}/relatorios`,
  avaliacoes: (id: number | string) => `/${id}/avaliacoes`,
  integracoes: (id: number | string) => `/${id}/integracoes`,
  pagamentos: (id: number | string) => `/${id}/pagamentos`,
  notificacoes: (id: number | string) => `/${id}/notificacoes`,
  /** Leaving the establishment's team (any member). */
  sair: (id: number | string) => `/${id}/sair`,
  novoEstabelecimento: '/novo',
} as const;

/** The API's base path (the same server as the customer's app). */
export { API_BASE } from '../shared/config/api.ts';
