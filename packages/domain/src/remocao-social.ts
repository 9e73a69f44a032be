/**
 * Facebook's data deletion request callback (ours: the spec only names the success page
 * /fb_confirmar_remocao). The server answers Facebook with a URL and a confirmation code; the
 * page checks the code with GET /controle/cliente/social/remocao/{codigo}/.
 */
import { z } from 'zod/mini';

/** GET /controle/cliente/social/remocao/{codigo}/: the request exists (nothing personal kept). */
export const remocaoSocialSchema = z.object({ codigo: z.string(), criado_em: z.string() });
export type RemocaoSocial = z.infer<typeof remocaoSocialSchema>;

/** POST /controle/cliente/social/facebook/remocao/: the answer Facebook's documentation asks for. */
export const remocaoSocialRespostaSchema = z.object({ url: z.string(), confirmation_code: z.string() });
export type RemocaoSocialResposta = z.infer<typeof remocaoSocialRespostaSchema>;

export const MSG_REMOCAO = {
  naoConfigurado: 'A remoção de dados do login pelo Facebook não está disponível neste site.',
  semAssinatura: 'Solicitação de remoção sem o campo signed_request.',
  assinaturaInvalida: 'Solicitação de remoção inválida: a assinatura não confere.',
  algoritmoInvalido: 'Solicitação de remoção inválida: algoritmo de assinatura não suportado.',
  codigoDesconhecido: 'Não encontramos uma solicitação de remoção com este código.',
} as const;
