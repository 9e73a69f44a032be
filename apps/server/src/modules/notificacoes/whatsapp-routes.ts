import {
  entradasWhatsappSchema,
  modelosWhatsappSchema,
  notificacoesPainelSchema,
  testeWhatsappSchema,
} from '@rango/domain/painel/notificacoes';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import { HttpError } from '../../http/errors.ts';
import { validar } from '../../http/corpo.ts';
import { R } from '../../http/openapi.ts';
import type { Contrato } from '../../http/openapi.ts';
import { dono, idDe } from '../establishments/painel-http.ts';
import type { WhatsAppService, WebhookCorpo } from './whatsapp/service.ts';
import { MSG_WHATSAPP } from './whatsapp/service.ts';

/** A webhook body's limit: Meta batches at most a few hundred KiB; anything bigger is refused (413). */
export const LIMITE_WEBHOOK = 512 * 1024;

const id64 = z.string().check(z.trim(), z.regex(/^\d{5,30}$/, 'Use só os números do id (5 a 30 dígitos).'));

const conectarSchema = z.object({
  phone_number_id: id64,
  waba_id: id64,
  token: z.optional(z.string().check(z.trim(), z.minLength(20), z.maxLength(1024))),
  app_secret: z.optional(
    z
      .string()
      .check(z.trim(), z.regex(/^[0-9a-fA-F]{16,128}$/, 'O App Secret tem só letras de a a f e números.')),
  ),
});
const ligarSchema = z.object({ tipo: z.string().check(z.maxLength(32)), ativo: z.boolean() });
const testeSchema = z.object({ telefone: z.string().check(z.maxLength(40)) });
const submeterSchema = z.object({ nome: z.optional(z.string().check(z.maxLength(64))) });

const TEXTOS = {
  phone_number_id: 'Informe o Phone number ID (só números).',
  waba_id: 'Informe o WhatsApp Business Account ID (só números).',
  token: 'Token de acesso inválido.',
  app_secret: 'App Secret inválido.',
  tipo: MSG_WHATSAPP.tipoInvalido,
  ativo: 'Informe se a mensagem fica ligada.',
  telefone: 'Informe um celular.',
  nome: 'Modelo desconhecido.',
};

/** The Cloud API's webhook body, as far as Rango reads it (the rest is ignored). */
const webhookSchema = z.object({
  object: z.string(),
  entry: z.array(
    z.object({
      id: z.optional(z.string()),
      changes: z.array(
        z.object({
          field: z.optional(z.string()),
          value: z.object({
            metadata: z.optional(z.object({ phone_number_id: z.optional(z.string()) })),
            statuses: z.optional(
              z.array(
                z.object({
                  id: z.string().check(z.maxLength(160)),
                  status: z.enum(['sent', 'delivered', 'read', 'failed', 'deleted', 'warning']),
                  errors: z.optional(
                    z.array(z.object({ code: z.optional(z.number()), title: z.optional(z.string()) })),
                  ),
                }),
              ),
            ),
            messages: z.optional(
              z.array(
                z.object({
                  from: z.string().check(z.maxLength(20)),
                  id: z.string().check(z.maxLength(160)),
                  timestamp: z.optional(z.string()),
                  type: z.string(),
                  text: z.optional(z.object({ body: z.string() })),
                  button: z.optional(z.object({ text: z.optional(z.string()) })),
                }),
              ),
            ),
          }),
        }),
      ),
    }),
  ),
});

const verificacaoQuery = z.object({
  'hub.mode': z.optional(z.string()),
  'hub.verify_token': z.optional(z.string()),
  'hub.challenge': z.optional(z.string()),
});

const tag = 'Painel: notificações';
const acesso = 'funcionario';
const doDono = {
  403: R.detalhe('Só o dono pode fazer isto.'),
  404: R.naoEncontrado('Sem acesso a este estabelecimento.'),
};
const semConta = R.detalhe('Nenhum número de WhatsApp conectado.');
const provedor = R.detalhe('O WhatsApp recusou o pedido (a mensagem diz o código e o motivo).');

const CONTRATOS = {
  estado: {
    resumo:
      'O número de WhatsApp do estabelecimento (token e App Secret só como configurado/final), as mensagens ligadas e o mês.',
    tag,
    acesso,
    respostas: { 200: R.ok(notificacoesPainelSchema), ...doDono },
  },
  conectar: {
    resumo:
      'Conecta (ou atualiza) o número de WhatsApp Business: ids, token de acesso e App Secret (guardados no cofre).',
    tag,
    acesso,
    corpo: conectarSchema,
    respostas: { 200: R.ok(notificacoesPainelSchema), 400: R.campos(), ...doDono },
  },
  desconectar: {
    resumo: 'Desconecta o número (apaga os ids, o token e o App Secret).',
    tag,
    acesso,
    respostas: { 204: R.semCorpo('Desconectado.'), ...doDono },
  },
  ligar: {
    resumo: 'Liga ou desliga uma mensagem de status no WhatsApp.',
    tag,
    acesso,
    corpo: ligarSchema,
    respostas: { 200: R.ok(notificacoesPainelSchema), 400: R.campos(), 409: semConta, ...doDono },
  },
  modelos: {
    resumo: 'Os modelos de mensagem que o Rango usa e o estado de cada um na Meta.',
    tag,
    acesso,
    respostas: { 200: R.ok(modelosWhatsappSchema), 409: semConta, 502: provedor, ...doDono },
  },
  submeter: {
    resumo: 'Envia para aprovação da Meta os modelos que ainda não estão lá (ou um, pelo nome).',
    tag,
    acesso,
    corpo: submeterSchema,
    respostas: { 200: R.ok(modelosWhatsappSchema), 400: R.campos(), 409: semConta, 502: provedor, ...doDono },
  },
  teste: {
    resumo: 'Envia a mensagem de teste (modelo rango_teste) para um celular.',
    tag,
    acesso,
    corpo: testeSchema,
    respostas: { 200: R.ok(testeWhatsappSchema), 400: R.campos(), 409: semConta, 502: provedor, ...doDono },
  },
  entradas: {
    resumo: 'As mensagens recebidas no WhatsApp ainda não lidas (as que pedem uma pessoa).',
    tag,
    acesso,
    respostas: { 200: R.ok(entradasWhatsappSchema), ...doDono },
  },
  lida: {
    resumo: 'Marca uma mensagem recebida como lida.',
    tag,
    acesso,
    respostas: { 204: R.semCorpo('Marcada.'), ...doDono },
  },
  verificar: {
    resumo:
      'Webhook do WhatsApp: verificação (hub.mode=subscribe, hub.verify_token da conta; responde hub.challenge).',
    tag: 'Webhooks recebidos',
    acesso: 'publico',
    query: verificacaoQuery,
    respostas: {
      200: R.ok(undefined, 'O hub.challenge, em texto.'),
      403: R.detalhe('Token de verificação desconhecido.'),
    },
  },
  receber: {
    resumo:
      'Webhook do WhatsApp: status das mensagens e mensagens recebidas, assinado (X-Hub-Signature-256).',
    tag: 'Webhooks recebidos',
    acesso: 'publico',
    corpo: webhookSchema,
    respostas: {
      200: R.semCorpo('Recebido (ou ignorado: número desconhecido).'),
      400: R.campos('Corpo mal formado.'),
      401: R.detalhe('Assinatura inválida.'),
      413: R.detalhe('Corpo grande demais.'),
    },
  },
} satisfies Record<string, Contrato>;

/** The owner's 'Notificações' page's routes (issue 22 part 2), every one the owner's. */
export function whatsappPainelRoutes(svc: WhatsAppService) {
  return async (app: FastifyInstance): Promise<void> => {
    const B = '/painel/estabelecimento/:id/notificacoes';
    const opcoes = { chave: 'campo', textos: TEXTOS } as const;
    app.get<{ Params: { id: string } }>(
      `${B}/`,
      { config: { contrato: CONTRATOS.estado } },
      async (req, reply) => {
        reply.header('cache-control', 'private, no-store');
        return svc.estado((await dono(req)).idestabelecimento);
      },
    );
    app.put<{ Params: { id: string } }>(
      `${B}/whatsapp/`,
      { config: { contrato: CONTRATOS.conectar } },
      async (req) => {
        const a = await dono(req);
        return svc.conectar(a.idestabelecimento, validar(conectarSchema, req.body, opcoes));
      },
    );
    app.delete<{ Params: { id: string } }>(
      `${B}/whatsapp/`,
      { config: { contrato: CONTRATOS.desconectar } },
      async (req, reply) => {
        await svc.desconectar((await dono(req)).idestabelecimento);
        return reply.code(204).send();
      },
    );
    app.put<{ Params: { id: string } }>(
      `${B}/mensagens/`,
      { config: { contrato: CONTRATOS.ligar } },
      async (req) => {
        const a = await dono(req);
        const b = validar(ligarSchema, req.body, opcoes);
        return svc.ligar(a.idestabelecimento, b.tipo, b.ativo);
      },
    );
    app.get<{ Params: { id: string } }>(
      `${B}/whatsapp/modelos/`,
      { config: { contrato: CONTRATOS.modelos } },
      async (req) => svc.modelos((await dono(req)).idestabelecimento),
    );
    app.post<{ Params: { id: string } }>(
      `${B}/whatsapp/modelos/`,
      { config: { contrato: CONTRATOS.submeter } },
      async (req) => {
        const a = await dono(req);
        return svc.submeter(a.idestabelecimento, validar(submeterSchema, req.body ?? {}, opcoes).nome);
      },
    );
    app.post<{ Params: { id: string } }>(
      `${B}/whatsapp/teste/`,
      { config: { contrato: CONTRATOS.teste } },
      async (req) => {
        const a = await dono(req);
        return svc.testar(a.idestabelecimento, validar(testeSchema, req.body, opcoes).telefone);
      },
    );
    app.get<{ Params: { id: string } }>(
      `${B}/whatsapp/entradas/`,
      { config: { contrato: CONTRATOS.entradas } },
      async (req, reply) => {
        reply.header('cache-control', 'private, no-store');
        return svc.entradas((await dono(req)).idestabelecimento);
      },
    );
    app.post<{ Params: { id: string; identrada: string } }>(
      `${B}/whatsapp/entradas/:identrada/lida/`,
      { config: { contrato: CONTRATOS.lida } },
      async (req, reply) => {
        const a = await dono(req);
        await svc.marcarLida(
          a.idestabelecimento,
          idDe(req.params.identrada, MSG_WHATSAPP.entradaNaoEncontrada),
        );
        return reply.code(204).send();
      },
    );
  };
}

/**
 * The Cloud API's webhook at /api/whatsapp/webhook (outside the API prefix, the URL the owner
 * types in Meta's dashboard): the GET handshake and the signed POST, over the raw body.
 */
export function whatsappWebhookRoutes(svc: WhatsAppService) {
  return async (app: FastifyInstance): Promise<void> => {
    // The raw bytes, for the signature; this plugin's scope only.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: LIMITE_WEBHOOK }, (_req, body, done) => {
      done(null, body);
    });
    app.get('/api/whatsapp/webhook', { config: { contrato: CONTRATOS.verificar } }, async (req, reply) => {
      const q = validar(verificacaoQuery, req.query, { objeto: false });
      const desafio = await svc.verificar(q['hub.mode'], q['hub.verify_token'], q['hub.challenge']);
      if (desafio === undefined)
        return reply.code(403).send({ detail: 'Token de verificação desconhecido.' });
      return reply.type('text/plain; charset=utf-8').send(desafio);
    });
    app.post('/api/whatsapp/webhook', { config: { contrato: CONTRATOS.receber } }, async (req, reply) => {
      const bruto = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      let json: unknown;
      try {
        json = JSON.parse(bruto.toString('utf8'));
      } catch {
        throw new HttpError(400, { non_field_errors: ['Corpo mal formado: JSON esperado.'] });
      }
      const corpo: WebhookCorpo = validar(webhookSchema, json);
      const assinatura = req.headers['x-hub-signature-256'];
      const status = await svc.receber(bruto, corpo, typeof assinatura === 'string' ? assinatura : undefined);
      if (status === 401) return reply.code(401).send({ detail: 'Assinatura inválida.' });
      return reply.code(200).send();
    });
  };
}
