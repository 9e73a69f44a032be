/** Every in-app URL, in one place (STYLE.md: no URL strings scattered through components). */
export const paths = {
  home: '/',
  privacy: '/privacy',
  terms: '/terms',
  aguardandoPagamento: '/aguardando-pagamento',
  login: '/login',
  cadastro: '/cadastro',
  recuperar: '/recuperar',
  resetarSenha: (clienteUuid: string, token: string) => `/resetar-senha/${clienteUuid}/${token}`,
  confirma: (clienteUuid: string, token: string) => `/confirma/${clienteUuid}/${token}`,
  logout: '/logout',
  /** The logout page with the 'session expired' text instead of 'Você fez logout!'. */
  logoutSessaoExpirada: '/logout?motivo=sessao-expirada',
  /** The logout page after 'Excluir Conta': 'Conta excluída com sucesso.' is its only notice. */
  logoutContaExcluida: '/logout?motivo=conta-excluida',
  estabelecimento: (id: number | string) => `/estabelecimento/${id}`,
  /** The product drawer; `indice` opens it to edit that cart item. */
  produto: (idEstabelecimento: number | string, idproduto: number, indice?: number) =>
    `/estabelecimento/${idEstabelecimento}?item=${idproduto}${indice === undefined ? '' : `&indice=${indice}`}`,
  fbConfirmarRemocao: '/fb_confirmar_remocao',
  cliente: '/cliente',
  pagamento: '/pagamento',
  pedidos: '/pedido',
  pedido: (id: number | string) => `/pedido/${id}/`,
} as const;

/** The API's base path (spec section 7). */
export { API_BASE } from '../shared/config/api.ts';
