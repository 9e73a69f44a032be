/** The owner's iFood connection ('Integrações', issue 24 part 4). */
import { z } from 'zod/mini';

export const MSG_IFOOD = {
  merchantInvalido: 'Informe o ID da loja no iFood (merchant id).',
  clientIdInvalido: 'Informe o client id do aplicativo no iFood.',
  segredoInvalido: 'Informe o client secret do aplicativo no iFood.',
  merchantEmUso: 'Esta loja do iFood já está conectada a outro estabelecimento.',
  naoConectado: 'O iFood não está conectado a este estabelecimento.',
  credenciaisRecusadas:
    'O iFood recusou o client id ou o client secret: confira-os no Portal do Desenvolvedor do iFood.',
} as const;

const texto = (max: number, msg: string) =>
  z.string(msg).check(z.trim(), z.minLength(1, msg), z.maxLength(max, msg));

/** PUT …/ifood/: the merchant id, the app's credentials (the secret only when changing it) and the switch. */
export const ifoodConexaoInputSchema = z.object({
  merchant_id: texto(64, MSG_IFOOD.merchantInvalido).check(
    z.regex(/^[A-Za-z0-9-]+$/, MSG_IFOOD.merchantInvalido),
  ),
  client_id: z.optional(texto(200, MSG_IFOOD.clientIdInvalido)),
  client_secret: z.optional(texto(500, MSG_IFOOD.segredoInvalido)),
  ativo: z.boolean(),
});
export type IfoodConexaoInput = z.infer<typeof ifoodConexaoInputSchema>;

const descricao = z.object({ configurado: z.boolean(), final: z.nullable(z.string()) });

/** GET …/ifood/: the connection as the owner sees it (secrets only as `{configurado, final}`). */
export const ifoodConexaoSchema = z.object({
  conectado: z.boolean(),
  merchant_id: z.nullable(z.string()),
  ativo: z.boolean(),
  client_id: descricao,
  client_secret: descricao,
  ultima_consulta_em: z.nullable(z.string()),
  ultimo_erro: z.nullable(z.string()),
});
export type IfoodConexao = z.infer<typeof ifoodConexaoSchema>;
