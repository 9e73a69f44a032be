import { chavePublicaPushSchema, notificacoesSchema } from '@rango/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import { requireCliente } from '../../http/auth.ts';
import { validar } from '../../http/corpo.ts';
import { ERROS, R } from '../../http/openapi.ts';
import type { Contrato } from '../../http/openapi.ts';
import type { NotificacoesService } from './service.ts';
import { whatsappRepository } from './whatsapp/repository.ts';
import { celularParaWhatsapp } from './whatsapp/service.ts';
import { MSG_TELEFONE } from './whatsapp/telefone.ts';

export const MSG_NOTIFICACOES = {
  canal: 'Escolha e-mail, notificações neste aparelho ou WhatsApp.',
  endpoint: 'Endereço de notificação inválido: use o do navegador (https).',
  chaves: 'Chaves de notificação inválidas.',
  assinaturaNaoEncontrada: 'Este aparelho não está cadastrado para notificações.',
} as const;

const b64url = (max: number) => z.string().check(z.regex(/^[A-Za-z0-9_-]+=*$/), z.maxLength(max));

/** A push service's URL: https, no credentials, not too long. */
const endpointSchema = z.string().check(
  z.maxLength(2048),
  z.refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === 'https:' && !u.username && !u.password;
    } catch {
      return false;
    }
  }, MSG_NOTIFICACOES.endpoint),
);

const consentimentoSchema = z.object({
  canal: z.enum(['email', 'push', 'whatsapp']),
  ativo: z.boolean(),
  origem: z.optional(z.enum(['cliente', 'pedido', 'checkout'])),
  /** WhatsApp: the mobile number to message (any format; default the account's phone). */
  telefone: z.optional(z.string().check(z.maxLength(40))),
});

const assinaturaSchema = z.object({
  endpoint: endpointSchema,
  keys: z.object({ p256dh: b64url(200), auth: b64url(100) }),
});

const cancelarSchema = z.object({ endpoint: endpointSchema });

const TEXTOS = {
  canal: MSG_NOTIFICACOES.canal,
  ativo: MSG_NOTIFICACOES.canal,
  origem: MSG_NOTIFICACOES.canal,
  telefone: MSG_TELEFONE.invalido,
  endpoint: MSG_NOTIFICACOES.endpoint,
  keys: MSG_NOTIFICACOES.chaves,
};

const tag = 'Cliente';
const escolhas = R.ok(notificacoesSchema, 'Os canais escolhidos e quantos aparelhos recebem notificações.');

/** The routes' contracts (http/openapi.ts), with the very schemas given to validar(). */
const CONTRATOS = {
  chavePublica: {
    resumo: 'A chave pública VAPID do servidor, para o navegador assinar as notificações (Web Push).',
    tag,
    acesso: 'publico',
    // Keys that cannot be loaded: the 500 every route may answer.
    respostas: { 200: R.ok(chavePublicaPushSchema) },
  },
  ler: {
    resumo: 'Como o cliente logado quer saber dos pedidos: os canais escolhidos (e-mail, push).',
    tag,
    acesso: 'cliente',
    respostas: { 200: escolhas },
  },
  escolher: {
    resumo:
      'Ativa ou desativa um canal de notificação (e-mail, push ou WhatsApp, com o celular) do cliente logado.',
    tag,
    acesso: 'cliente',
    corpo: consentimentoSchema,
    respostas: { 200: escolhas, 400: R.campos() },
  },
  assinar: {
    resumo: 'Cadastra este aparelho para notificações (a assinatura Web Push do navegador).',
    tag,
    acesso: 'cliente',
    corpo: assinaturaSchema,
    respostas: { 201: R.ok(ERROS.detalhe, 'Notificações ativadas neste aparelho.'), 400: R.campos() },
  },
  cancelar: {
    resumo: 'Descadastra este aparelho das notificações (pelo endpoint da assinatura).',
    tag,
    acesso: 'cliente',
    corpo: cancelarSchema,
    respostas: {
      204: R.semCorpo('Descadastrado.'),
      400: R.campos(),
      404: R.naoEncontrado('Este aparelho não está cadastrado para notificações.'),
    },
  },
} satisfies Record<string, Contrato>;

/** The customer's notification settings (issue 22) under the customer API. */
export function notificacoesRoutes(service: NotificacoesService, chavePublica: () => Promise<string>) {
  return async (app: FastifyInstance): Promise<void> => {
    // The VAPID public key the browser subscribes with (public by nature).
    app.get(
      '/controle/notificacoes/chave-publica/',
      { config: { contrato: CONTRATOS.chavePublica } },
      async (_req, reply) => {
        reply.header('cache-control', 'public, max-age=3600');
        return { chave: await chavePublica() };
      },
    );

    app.get(
      '/controle/cliente/notificacoes/',
      { config: { contrato: CONTRATOS.ler } },
      async (req, reply) => {
        const self = await requireCliente(req);
        reply.header('cache-control', 'private, no-store');
        return service.consentimentos(self);
      },
    );

    app.put('/controle/cliente/notificacoes/', { config: { contrato: CONTRATOS.escolher } }, async (req) => {
      const self = await requireCliente(req);
      const c = validar(consentimentoSchema, req.body, { chave: 'campo', textos: TEXTOS });
      // WhatsApp (issue 22 part 2): a Brazilian mobile number, in E.164, kept with the choice.
      const celular =
        c.canal === 'whatsapp' && c.ativo ? await celularParaWhatsapp(app.db, self, c.telefone) : undefined;
      await service.escolher(self, c.canal, c.ativo, c.origem ?? 'cliente');
      if (celular) await whatsappRepository.gravarTelefone(app.db, self, celular);
      return service.consentimentos(self);
    });

    app.post(
      '/controle/cliente/notificacoes/push/',
      { config: { contrato: CONTRATOS.assinar } },
      async (req, reply) => {
        const self = await requireCliente(req);
        const a = validar(assinaturaSchema, req.body, { chave: 'campo', textos: TEXTOS });
        await service.assinar(self, { endpoint: a.endpoint, p256dh: a.keys.p256dh, auth: a.keys.auth });
        return reply.code(201).send({ detail: 'Notificações ativadas neste aparelho.' });
      },
    );

    app.delete(
      '/controle/cliente/notificacoes/push/',
      { config: { contrato: CONTRATOS.cancelar } },
      async (req, reply) => {
        const self = await requireCliente(req);
        const { endpoint } = validar(cancelarSchema, req.body, { chave: 'campo', textos: TEXTOS });
        if (!(await service.cancelarAssinatura(self, endpoint)))
          return reply.code(404).send({ detail: MSG_NOTIFICACOES.assinaturaNaoEncontrada });
        return reply.code(204).send();
      },
    );
  };
}
