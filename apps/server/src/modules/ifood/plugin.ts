import { ifoodConexaoInputSchema, ifoodConexaoSchema } from '@rango/domain/painel/ifood';
import type { FastifyInstance } from 'fastify';
import { validar } from '../../http/corpo.ts';
import { R } from '../../http/openapi.ts';
import type { Contrato } from '../../http/openapi.ts';
import { dono } from '../establishments/painel-http.ts';
import type { MenuService } from '../menu/service.ts';
import { CONSULTA_MS, createIfood } from './service.ts';
import type { IfoodDeps, IfoodService } from './service.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The iFood integration (modules/ifood): tests run its job's steps by hand. */
    ifood: IfoodService;
  }
}

/** Tests: iFood's address (the local fake), the clock, and whether the periodic jobs run. */
export type IfoodOpcoes = Partial<Pick<IfoodDeps, 'baseUrl' | 'authUrl' | 'agora' | 'api'>> & {
  semTarefa?: boolean;
};

/** How often Rango's moves are sent to iFood (the outbox; nothing to send costs two reads). */
export const ACOES_MS = 2000;

const tag = 'Painel: integrações';
const acesso = 'funcionario';
const soDono = {
  403: R.detalhe('Só o dono pode fazer isto.'),
  404: R.naoEncontrado('Sem acesso a este estabelecimento.'),
};

const CONTRATOS = {
  ler: {
    resumo:
      'A conexão com o iFood (merchant id, credenciais só como `{configurado, final}`, última consulta).',
    tag,
    acesso,
    respostas: { 200: R.ok(ifoodConexaoSchema), ...soDono },
  },
  salvar: {
    resumo:
      'Conecta a loja do iFood (merchant id e credenciais do aplicativo) e liga ou desliga a importação.',
    tag,
    acesso,
    corpo: ifoodConexaoInputSchema,
    respostas: {
      200: R.ok(ifoodConexaoSchema),
      400: R.campos('Entrada recusada: `{ campo: [mensagens] }`.'),
      409: R.campos('Esta loja do iFood já está conectada a outro estabelecimento.'),
      ...soDono,
    },
  },
  excluir: {
    resumo: 'Desconecta o iFood (apaga as credenciais guardadas).',
    tag,
    acesso,
    respostas: { 204: R.semCorpo('Desconectado.'), ...soDono },
  },
  webhook: {
    resumo:
      'Recebe um evento do iFood (webhook): assinado em X-IFood-Signature (HMAC-SHA256 do corpo com o client secret); o pedido é lido de novo no iFood.',
    tag: 'Integrações: iFood',
    acesso: 'publico',
    respostas: {
      202: R.semCorpo('Recebido (ou ignorado: loja não conectada).'),
      401: R.detalhe('Assinatura inválida.'),
    },
  },
} satisfies Record<string, Contrato>;

/**
 * The iFood integration (issue 24 part 4) of this app instance: the service decorated as
 * `app.ifood`, its periodic jobs (the poll every 30 s or IFOOD_CONSULTA_SEGUNDOS; the owed actions every 2 s) defined on the
 * queue; app.ts registers `ifoodRoutes(svc)` under the API prefix.
 */
export function instalarIfood(
  app: FastifyInstance,
  config: Pick<Config, 'ifood'>,
  db: Db,
  menu: MenuService,
  opcoes: IfoodOpcoes = {},
): IfoodService {
  const svc = createIfood({
    db,
    segredos: app.segredos,
    menu,
    log: app.log,
    api: opcoes.api,
    baseUrl: opcoes.baseUrl ?? config.ifood?.apiUrl,
    authUrl: opcoes.authUrl ?? (opcoes.baseUrl ? undefined : config.ifood?.authUrl),
    agora: opcoes.agora,
  });
  app.decorate('ifood', svc);
  if (!opcoes.semTarefa) {
    app.jobs.define({
      name: 'ifood-consultar',
      everyMs: config.ifood?.consultaMs ?? CONSULTA_MS,
      leaseSeconds: 120,
      run: () => svc.consultar(),
    });
    app.jobs.define({
      name: 'ifood-acoes',
      everyMs: ACOES_MS,
      leaseSeconds: 120,
      run: async () => {
        await svc.distribuir();
        await svc.enviar();
      },
    });
  }
  return svc;
}

/** The owner's iFood connection in the back office ('Integrações'). */
export function ifoodRoutes(svc: IfoodService) {
  return async function (app: FastifyInstance): Promise<void> {
    const B = '/painel/estabelecimento/:id/ifood/';
    app.get<{ Params: { id: string } }>(B, { config: { contrato: CONTRATOS.ler } }, async (req) =>
      svc.conexao((await dono(req)).idestabelecimento),
    );
    app.put<{ Params: { id: string } }>(B, { config: { contrato: CONTRATOS.salvar } }, async (req) => {
      const a = await dono(req);
      return svc.conectar(a, validar(ifoodConexaoInputSchema, req.body));
    });
    // iFood's webhook: its own scope, where JSON bodies are kept as the raw text the signature covers.
    await app.register(async (escopo) => {
      escopo.addContentTypeParser(
        'application/json',
        { parseAs: 'string', bodyLimit: 256 * 1024 },
        (_req, body, done) => done(null, body),
      );
      escopo.post('/api/ifood/webhook/', { config: { contrato: CONTRATOS.webhook } }, async (req, reply) => {
        const h = req.headers['x-ifood-signature'];
        const r = await svc.webhook(
          typeof req.body === 'string' ? req.body : '',
          typeof h === 'string' ? h : undefined,
        );
        if (r === 'recusado') return reply.code(401).send({ detail: 'Assinatura inválida.' });
        return reply.code(202).send();
      });
    });
    app.delete<{ Params: { id: string } }>(
      B,
      { config: { contrato: CONTRATOS.excluir } },
      async (req, reply) => {
        await svc.desconectar(await dono(req));
        return reply.code(204).send();
      },
    );
  };
}
