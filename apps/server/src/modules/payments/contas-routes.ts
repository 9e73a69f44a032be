import {
  ativarContaInputSchema,
  contaCieloInputSchema,
  contaMercadoPagoInputSchema,
  conexaoMercadoPagoSchema,
  contaPagamentoSchema,
  contasPagamentoSchema,
  MSG_CONTA_PAGAMENTO as M,
  MSG_OAUTH_MP,
  testeContaSchema,
} from '@rango/domain/painel/pagamentos';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { conform } from '../../http/contract.ts';
import { validar } from '../../http/corpo.ts';
import { R } from '../../http/openapi.ts';
import type { Contrato } from '../../http/openapi.ts';
import { HttpError, parseId } from '../../http/errors.ts';
import { requireStaff } from '../staff/guard.ts';
import type { ContasPainel } from './contas-painel.ts';
import { CAMINHO_RETORNO } from './mercadopago-oauth.ts';
import type { MercadoPagoOAuth } from './mercadopago-oauth.ts';

const tag = 'Painel: pagamentos';
/** The callback's query as Mercado Pago sends it (each at most once; anything else is ignored). */
const retornoQuery = z.object({
  code: z.optional(z.string().check(z.maxLength(512))),
  state: z.optional(z.string().check(z.maxLength(256))),
  error: z.optional(z.string().check(z.maxLength(256))),
});
const acesso = 'funcionario';
const doDono = {
  403: R.detalhe('Só o dono pode fazer isto.'),
  404: R.naoEncontrado('Sem acesso a este estabelecimento, ou a conta não existe nele.'),
};

/** The owner's payment accounts ('Pagamentos', issue 23 part 1); every route is the owner's. */
export const CONTRATOS_CONTA: Record<string, Contrato> = {
  listar: {
    resumo:
      'As contas de pagamento do estabelecimento (credenciais só como configurado e 4 últimos caracteres).',
    tag,
    acesso,
    respostas: { 200: R.ok(contasPagamentoSchema), ...doDono },
  },
  cielo: {
    resumo: 'Salva o Merchant ID e a Merchant Key da Cielo, depois de uma consulta de teste na Cielo.',
    tag,
    acesso,
    corpo: contaCieloInputSchema,
    respostas: {
      201: R.ok(contaPagamentoSchema, 'A conta criada (inativa, ou ativa se substituiu a ativa).'),
      400: R.campos('Credenciais inválidas ou recusadas pela Cielo.'),
      503: R.detalhe('A Cielo não respondeu ao teste: nada foi salvo.'),
      ...doDono,
    },
  },
  mercadopago: {
    resumo:
      'Salva o Access Token e a Public Key do Mercado Pago (colados pelo dono), depois de uma consulta de teste.',
    tag,
    acesso,
    corpo: contaMercadoPagoInputSchema,
    respostas: {
      201: R.ok(contaPagamentoSchema, 'A conta criada (inativa, ou ativa se substituiu a ativa).'),
      400: R.campos('Credenciais inválidas ou recusadas pelo Mercado Pago.'),
      503: R.detalhe('O Mercado Pago não respondeu ao teste: nada foi salvo.'),
      ...doDono,
    },
  },
  sandbox: {
    resumo: 'Ativa o sandbox (pagamentos de teste) como conta do estabelecimento.',
    tag,
    acesso,
    respostas: { 201: R.ok(contaPagamentoSchema), 400: R.detalhe(M.sandboxIndisponivel), ...doDono },
  },
  ativar: {
    resumo: 'Escolhe a conta que recebe os novos pagamentos (null: o padrão do servidor).',
    tag,
    acesso,
    corpo: ativarContaInputSchema,
    respostas: { 200: R.ok(contasPagamentoSchema), 400: R.campos(), ...doDono },
  },
  testar: {
    resumo: 'Testa a conta com uma consulta no provedor; o estado da conta segue o resultado.',
    tag,
    acesso,
    respostas: { 200: R.ok(testeContaSchema), ...doDono },
  },
  conectarMercadoPago: {
    resumo:
      'Inicia "Conectar Mercado Pago" (OAuth com PKCE e state): a URL da página de autorização do Mercado Pago.',
    tag,
    acesso,
    respostas: {
      200: R.ok(conexaoMercadoPagoSchema),
      400: R.detalhe(MSG_OAUTH_MP.naoConfigurado),
      429: R.detalhe('Muitas conexões em andamento.'),
      ...doDono,
    },
  },
  desconectar: {
    resumo:
      'Desconecta uma conta conectada pelo Mercado Pago: apaga o refresh token e as credenciais (mantidas, cifradas, só para estornos de pagamentos que ela recebeu).',
    tag,
    acesso,
    respostas: { 200: R.ok(contasPagamentoSchema), 400: R.detalhe(MSG_OAUTH_MP.naoEOAuth), ...doDono },
  },
  remover: {
    resumo: 'Remove uma conta que não está ativa.',
    tag,
    acesso,
    respostas: { 204: R.semCorpo(), 409: R.detalhe(M.ativaNaoRemove), ...doDono },
  },
};

/** The owner of the path's establishment (401 / 404 / 403 from the staff guard). */
async function dono(req: FastifyRequest<{ Params: { id: string } }>): Promise<{ idestabelecimento: number }> {
  const s = await requireStaff(req, req.params.id, 'dono');
  return { idestabelecimento: s.idestabelecimento };
}

/** A malformed account id answers like an unknown one. */
function idDe(raw: string, detail: string): number {
  const id = parseId(raw);
  if (id === undefined) throw new HttpError(404, { detail });
  return id;
}

interface P {
  id: string;
  idconta: string;
}

/** 401 / 404 / 403 from the staff guard; another establishment's account answers 404. */
export function contasRoutes(svc: ContasPainel, oauth: MercadoPagoOAuth) {
  return async function (app: FastifyInstance): Promise<void> {
    const B = '/painel/estabelecimento/:id/pagamentos';
    const idc = (raw: string) => idDe(raw, M.naoEncontrada);
    const C = CONTRATOS_CONTA;

    app.get<{ Params: P }>(`${B}/`, { config: { contrato: C.listar } }, async (req) =>
      conform(contasPagamentoSchema, await svc.listar((await dono(req)).idestabelecimento), 'contas'),
    );

    app.post<{ Params: P }>(`${B}/cielo/`, { config: { contrato: C.cielo } }, async (req, reply) => {
      const a = await dono(req);
      const conta = await svc.salvarCielo(a.idestabelecimento, validar(contaCieloInputSchema, req.body));
      return reply.code(201).send(conta);
    });

    app.post<{ Params: P }>(
      `${B}/mercadopago/`,
      { config: { contrato: C.mercadopago } },
      async (req, reply) => {
        const a = await dono(req);
        const entrada = validar(contaMercadoPagoInputSchema, req.body);
        return reply.code(201).send(await svc.salvarMercadoPago(a.idestabelecimento, entrada));
      },
    );

    app.post<{ Params: P }>(`${B}/sandbox/`, { config: { contrato: C.sandbox } }, async (req, reply) => {
      const a = await dono(req);
      return reply.code(201).send(await svc.ativarSandbox(a.idestabelecimento));
    });

    app.put<{ Params: P }>(`${B}/ativa/`, { config: { contrato: C.ativar } }, async (req) => {
      const a = await dono(req);
      return svc.ativar(a.idestabelecimento, validar(ativarContaInputSchema, req.body).idconta);
    });

    app.post<{ Params: P }>(`${B}/:idconta/teste/`, { config: { contrato: C.testar } }, async (req) => {
      const a = await dono(req);
      return svc.testar(a.idestabelecimento, idc(req.params.idconta));
    });

    app.post<{ Params: P }>(
      `${B}/mercadopago/conectar/`,
      { config: { contrato: C.conectarMercadoPago } },
      async (req) => {
        const s = await requireStaff(req, req.params.id, 'dono');
        return conform(
          conexaoMercadoPagoSchema,
          await oauth.iniciar(s.idestabelecimento, s.idfuncionario),
          'conectar mercadopago',
        );
      },
    );

    // Mercado Pago sends the owner's browser here (a top-level navigation: no panel token). The
    // flow's state says which establishment and staff member started it; the result is shown on
    // that establishment's 'Pagamentos' page. Nothing is stored unless everything checks.
    // Not an API operation (openapi.test.ts SEM_CONTRATO): a browser's navigation, answered with a
    // redirect or a page.
    app.get(CAMINHO_RETORNO, async (req, reply) => {
      let query: z.infer<typeof retornoQuery>;
      try {
        query = validar(retornoQuery, req.query);
      } catch {
        query = {};
      }
      const r = await oauth.retorno(query);
      reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
      if (r.idestabelecimento === null) {
        return reply
          .code(400)
          .type('text/html; charset=utf-8')
          .send(
            '<!doctype html><html lang="pt-BR"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
              '<title>Mercado Pago — Rango</title><main style="font-family:sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem">' +
              `<h1>Conexão com o Mercado Pago</h1><p role="alert">${MSG_OAUTH_MP.stateInvalido}</p>` +
              '<p><a href="/painel/">Voltar ao painel</a></p></main></html>',
          );
      }
      return reply.redirect(`/painel/${r.idestabelecimento}/pagamentos?mercadopago=${r.resultado}`, 303);
    });

    app.post<{ Params: P }>(
      `${B}/:idconta/desconectar/`,
      { config: { contrato: C.desconectar } },
      async (req) => {
        const a = await dono(req);
        return conform(
          contasPagamentoSchema,
          await svc.desconectar(a.idestabelecimento, idc(req.params.idconta)),
          'desconectar',
        );
      },
    );

    app.delete<{ Params: P }>(`${B}/:idconta/`, { config: { contrato: C.remover } }, async (req, reply) => {
      const a = await dono(req);
      await svc.remover(a.idestabelecimento, idc(req.params.idconta));
      return reply.code(204).send();
    });
  };
}
