/**
 * The brand's public addresses (issue 23 part 4), beside the customer's menu page. Apart from
 * marca.ts so the establishment's detail (service.ts) names the logo without importing it.
 */

/** The customer's menu of an establishment: the installed app's start and scope. */
export const caminhoMenu = (id: number): string => `/estabelecimento/${id}/`;
export const caminhoManifesto = (id: number): string => `${caminhoMenu(id)}manifest.webmanifest`;

/** The brand's images, by the name in their URL. */
export const IMAGENS_MARCA = {
  logo: 'logo',
  'icone-192': 'icone_192',
  'icone-512': 'icone_512',
  'icone-mascara': 'icone_mascara',
} as const;
export type NomeImagem = keyof typeof IMAGENS_MARCA;

/** One of the brand's images under its version (a new colour or logo, a new URL). */
export const caminhoImagem = (id: number, versao: string, nome: NomeImagem): string =>
  `${caminhoMenu(id)}marca/${versao}/${nome}.png`;
