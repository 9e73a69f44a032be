import {
  MSG,
  MSG_CONTA,
  SOCIAL_PROVIDERS,
  cadastroInputSchema,
  normalizeEmail,
  perfilInputSchema,
  recuperarInputSchema,
  resetarSenhaInputSchema,
  socialLoginInputSchema,
} from '@rango/domain';
import type { SocialProvider } from '@rango/domain';
import type { FastifyInstance } from 'fastify';
import { naoAutorizado, requireCliente } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import { clientIp } from '../../http/rate-limit.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { ARQUIVO_MEUS_DADOS, exportarMeusDados } from './meus-dados.ts';
import { CONTRATOS_CLIENTE } from './contrato.ts';
import type { CustomersService } from './service.ts';
import { CUSTOMER_LIMITS } from '../../http/limites-conta.ts';
import { COMO_ZOD, validar } from '../../http/corpo.ts';

interface LinkParams {
  uuid: string;
  token: string;
}

const isProvider = (p: string): p is SocialProvider => (SOCIAL_PROVIDERS as readonly string[]).includes(p);

/** Spec section 7: /controle/cliente/… (sign-up, confirmation, recovery, reset, profile, social). */
export function customersRoutes(
  service: CustomersService,
  rateLimit: RateLimiter,
  /**
   * The origin of a restaurant's own host name the request came on (issue 23 part 5), else
   * undefined: the sign-up's and the recovery's links go back to where the customer asked.
   */
  origemDoHost: (host: string | undefined) => string | undefined = () => undefined,
) {
  return async function (app: FastifyInstance): Promise<void> {
    app.get('/controle/cliente/', { config: { contrato: CONTRATOS_CLIENTE.lista } }, async (req) => [
      await service.getCliente(await requireCliente(req)),
    ]);

    app.post(
      '/controle/cliente/',
      { config: { contrato: CONTRATOS_CLIENTE.cadastro } },
      async (req, reply) => {
        const input = validar(cadastroInputSchema, req.body, COMO_ZOD);
        const ip = clientIp(req);
        await rateLimit(req, reply, 'cadastro-ip', { ...CUSTOMER_LIMITS.cadastroIp, key: ip });
        await rateLimit(req, reply, 'cadastro', {
          ...CUSTOMER_LIMITS.cadastroEmail,
          key: `${ip}|${normalizeEmail(input.email)}`,
        });
        await service.cadastrar(input, origemDoHost(req.headers.host));
        return reply.code(201).send({ detail: MSG_CONTA.cadastroEnviado });
      },
    );

    app.post<{ Params: LinkParams }>(
      '/controle/cliente/:uuid/confirmar/:token/',
      { config: { contrato: CONTRATOS_CLIENTE.confirmar } },
      async (req, reply) => {
        await rateLimit(req, reply, 'link', { ...CUSTOMER_LIMITS.link, key: clientIp(req) });
        await service.confirmar(req.params.uuid, req.params.token);
        return { detail: MSG_CONTA.confirmacaoSucesso };
      },
    );

    app.post(
      '/controle/cliente/token-resete-senha/',
      { config: { contrato: CONTRATOS_CLIENTE.recuperar } },
      async (req, reply) => {
        const { email } = validar(recuperarInputSchema, req.body, COMO_ZOD);
        const ip = clientIp(req);
        await rateLimit(req, reply, 'recuperar-ip', { ...CUSTOMER_LIMITS.recuperarIp, key: ip });
        // Per IP + e-mail, not per e-mail alone: that would let anyone block a victim's recovery.
        await rateLimit(req, reply, 'recuperar', {
          ...CUSTOMER_LIMITS.recuperarIpEmail,
          key: `${ip}|${normalizeEmail(email)}`,
        });
        // The lookup and the mail run after the answer (see solicitarReset).
        service.solicitarReset(email, origemDoHost(req.headers.host));
        return { detail: MSG_CONTA.recuperacaoEnviada };
      },
    );

    app.post<{ Params: LinkParams }>(
      '/controle/cliente/:uuid/resetar-senha/:token/',
      { config: { contrato: CONTRATOS_CLIENTE.resetar } },
      async (req, reply) => {
        const { senha } = validar(resetarSenhaInputSchema, req.body, COMO_ZOD);
        await rateLimit(req, reply, 'link', { ...CUSTOMER_LIMITS.link, key: clientIp(req) });
        await service.resetarSenha(req.params.uuid, req.params.token, senha);
        return { detail: MSG_CONTA.senhaAlterada };
      },
    );

    // LGPD (issue 14): everything held about the logged-in customer, as a JSON download.
    app.get(
      '/controle/cliente/meus-dados/',
      { config: { contrato: CONTRATOS_CLIENTE.meusDados } },
      async (req, reply) => {
        const self = await requireCliente(req);
        await rateLimit(req, reply, 'meus-dados', { ...CUSTOMER_LIMITS.meusDados, key: String(self) });
        const dados = await exportarMeusDados(req.server.db, self);
        if (!dados) throw naoAutorizado();
        return reply
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${ARQUIVO_MEUS_DADOS}"`)
          .send(dados);
      },
    );

    app.patch<{ Params: { id: string } }>(
      '/controle/cliente/:id/',
      { config: { contrato: CONTRATOS_CLIENTE.perfil } },
      async (req) => {
        const self = await requireCliente(req);
        service.assertOwn(req.params.id, self);
        return service.atualizarPerfil(self, validar(perfilInputSchema, req.body, COMO_ZOD));
      },
    );

    app.delete<{ Params: { id: string } }>(
      '/controle/cliente/:id/',
      { config: { contrato: CONTRATOS_CLIENTE.excluir } },
      async (req, reply) => {
        const self = await requireCliente(req);
        service.assertOwn(req.params.id, self);
        await service.excluir(self);
        return reply.code(204).send();
      },
    );

    // Ours: which social logins are configured, so the app enables only those buttons.
    app.get('/controle/cliente/social/', { config: { contrato: CONTRATOS_CLIENTE.socialConfig } }, async () =>
      service.socialConfig(),
    );

    app.post<{ Params: { provider: string } }>(
      '/controle/cliente/social/:provider/',
      { config: { contrato: CONTRATOS_CLIENTE.socialLogin } },
      async (req, reply) => {
        const { provider } = req.params;
        if (!isProvider(provider)) throw new HttpError(404, { detail: MSG.rotaNaoEncontrada });
        const { access_token } = validar(socialLoginInputSchema, req.body, COMO_ZOD);
        await rateLimit(req, reply, 'social', { ...CUSTOMER_LIMITS.social, key: clientIp(req) });
        return service.socialLogin(provider, access_token);
      },
    );
  };
}
