/**
 * Every localStorage key of spec section 3 in one place, so a grep finds each reader and the
 * version check clears exactly what the spec lists. The two auth key names are ours (the spec
 * does not show them).
 */
export const STORAGE_KEYS = {
  versao: 'versao',
  endereco: 'endereco',
  filtroEstabelecimento: 'filtro_estabelecimento',
  carrinho: 'carrinho',
  avatar: 'avatar',
  redirecionar: 'redirecionar',
  caminhoEstabelecimentoVisitado: 'caminho_estabelecimento_visitado',
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** The storage version this build writes (spec section 9). */
export const STORAGE_VERSION = '1';

/** The consent cookie of the cookie banner (spec section 3). */
export const COOKIE_CONSENT = 'is_cookies_aceitos';
