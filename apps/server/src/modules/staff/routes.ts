import { normalizeEmail } from '@rango/domain';
import {
  MSG_PAINEL,
  conviteInputSchema,
  staffCadastroInputSchema,
  staffDefinirSenhaInputSchema,
  staffLoginInputSchema,
  staffRecuperarInputSchema,
  staffRefreshInputSchema,
} from '@rango/domain/painel';
import type { FastifyInstance } from 'fastify';
import { HttpError, parseId } from '../../http/errors.ts';
import { clientIp } from '../../http/rate-limit.ts';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limit.ts';
import { LOGIN_LIMITS } from '../auth/routes.ts';
import { CUSTOMER_LIMITS } from '../../http/limites-conta.ts';
import { validar } from '../../http/corpo.ts';
import { requireFuncionario, requireStaff } from './guard.ts';
import { CONTRATOS_EQUIPE } from './contrato.ts';
import type { StaffService } from './service.ts';

/** The customers' limits, counted apart (a panel login does not spend a customer's attempts). */
export const STAFF_LIMITS = {
  loginIpEmail: LOGIN_LIMITS.ipEmail,
  loginIp: LOGIN_LIMITS.ip,
  recuperarIpEmail: CUSTOMER_LIMITS.recuperarIpEmail,
  recuperarIp: CUSTOMER_LIMITS.recuperarIp,
  link: CUSTOMER_LIMITS.link,
  cadastroIpEmail: CUSTOMER_LIMITS.recuperarIpEmail,
  cadastroIp: CUSTOMER_LIMITS.recuperarIp,
} as const;

/**
 * Invitations (issue 20): per establishment (an owner mailing strangers in bulk) and per address
 * (one person invited over and over, by any number of establishments).
 */
export const CONVITE_LIMITS = {
  estabelecimento: { max: 20, windowSeconds: 60 * 60 },
  email: { max: 5, windowSeconds: 24 * 60 * 60 },
} as const;

const TEXTOS_CONVITE = {
  email: MSG_PAINEL.emailObrigatorio,
  nome: MSG_PAINEL.nomeObrigatorio,
  papel: MSG_PAINEL.papelInvalido,
};

/** zod's own checks (a type, a length) in the panel's words; the refinements carry theirs. */
const TEXTOS = {
  nome: MSG_PAINEL.nomeObrigatorio,
  email: MSG_PAINEL.emailObrigatorio,
  senha: MSG_PAINEL.senhaObrigatoria,
  refresh: MSG_PAINEL.sessaoExpirada,
};

interface TokenParams {
  token: string;
}
interface EstParams {
  id: string;
}

/** A path id of a thing inside the establishment; malformed answers like an unknown one. */
function idDe(raw: string, detail: string): number {
  const id = parseId(raw);
  if (id === undefined || id > 2_147_483_647) throw new HttpError(404, { detail });
  return id;
}

/** The panel's sign-in (issue 11): /painel/auth/… and /painel/eu/. */
export function staffRoutes(service: StaffService, rateLimit: RateLimiter) {
  return async function (app: FastifyInstance): Promise<void> {
    app.post('/painel/auth/login/', { config: { contrato: CONTRATOS_EQUIPE.login } }, async (req, reply) => {
      const input = validar(staffLoginInputSchema, req.body, { chave: 'campo', textos: TEXTOS });
      const ip = clientIp(req);
      await rateLimit(req, reply, 'painel-login-ip', { ...STAFF_LIMITS.loginIp, key: ip });
      await rateLimit(req, reply, 'painel-login', {
        ...STAFF_LIMITS.loginIpEmail,
        key: `${ip}|${normalizeEmail(input.email)}`,
      });
      return service.login(input);
    });

    app.post('/painel/auth/refresh/', { config: { contrato: CONTRATOS_EQUIPE.refresh } }, async (req) => {
      const { refresh } = validar(staffRefreshInputSchema, req.body, { chave: 'campo', textos: TEXTOS });
      return service.refresh(refresh);
    });

    app.post(
      '/painel/auth/logout/',
      { config: { contrato: CONTRATOS_EQUIPE.logout } },
      async (req, reply) => {
        const { refresh } = validar(staffRefreshInputSchema, req.body, { chave: 'campo', textos: TEXTOS });
        await service.logout(refresh);
        return reply.code(204).send();
      },
    );

    app.post(
      '/painel/auth/recuperar/',
      { config: { contrato: CONTRATOS_EQUIPE.recuperar } },
      async (req, reply) => {
        const { email } = validar(staffRecuperarInputSchema, req.body, { chave: 'campo', textos: TEXTOS });
        const ip = clientIp(req);
        await rateLimit(req, reply, 'painel-recuperar-ip', { ...STAFF_LIMITS.recuperarIp, key: ip });
        await rateLimit(req, reply, 'painel-recuperar', {
          ...STAFF_LIMITS.recuperarIpEmail,
          key: `${ip}|${email}`,
        });
        service.solicitarSenha(email);
        return { detail: MSG_PAINEL.recuperarEnviado };
      },
    );

    app.post(
      '/painel/auth/cadastro/',
      { config: { contrato: CONTRATOS_EQUIPE.cadastro } },
      async (req, reply) => {
        const input = validar(staffCadastroInputSchema, req.body, { chave: 'campo', textos: TEXTOS });
        const ip = clientIp(req);
        await rateLimit(req, reply, 'painel-cadastro-ip', { ...STAFF_LIMITS.cadastroIp, key: ip });
        await rateLimit(req, reply, 'painel-cadastro', {
          ...STAFF_LIMITS.cadastroIpEmail,
          key: `${ip}|${input.email}`,
        });
        service.cadastrar(input);
        return reply.code(202).send({ detail: MSG_PAINEL.cadastroEnviado });
      },
    );

    app.get<{ Params: TokenParams }>(
      '/painel/auth/link/:token/',
      { config: { contrato: CONTRATOS_EQUIPE.lerLink } },
      async (req, reply) => {
        await rateLimit(req, reply, 'painel-link', { ...STAFF_LIMITS.link, key: clientIp(req) });
        return service.lerLink(req.params.token);
      },
    );

    app.post<{ Params: TokenParams }>(
      '/painel/auth/link/:token/',
      { config: { contrato: CONTRATOS_EQUIPE.definirSenha } },
      async (req, reply) => {
        await rateLimit(req, reply, 'painel-link', { ...STAFF_LIMITS.link, key: clientIp(req) });
        const { senha } = validar(staffDefinirSenhaInputSchema, req.body, { chave: 'campo', textos: TEXTOS });
        return service.definirSenha(req.params.token, senha);
      },
    );

    app.get('/painel/eu/', { config: { contrato: CONTRATOS_EQUIPE.eu } }, async (req) =>
      service.eu(await requireFuncionario(req)),
    );

    // The signed-in person's pending invitations: accept or decline.
    app.get('/painel/convites/', { config: { contrato: CONTRATOS_EQUIPE.convites } }, async (req) =>
      service.convites(await requireFuncionario(req)),
    );

    app.post<{ Params: EstParams }>(
      '/painel/convites/:id/aceitar/',
      { config: { contrato: CONTRATOS_EQUIPE.aceitar } },
      async (req, reply) => {
        const eu = await requireFuncionario(req);
        await service.aceitar(eu, idDe(req.params.id, MSG_PAINEL.conviteNaoEncontrado));
        return reply.code(204).send();
      },
    );

    app.post<{ Params: EstParams }>(
      '/painel/convites/:id/recusar/',
      { config: { contrato: CONTRATOS_EQUIPE.recusar } },
      async (req, reply) => {
        const eu = await requireFuncionario(req);
        await service.recusar(eu, idDe(req.params.id, MSG_PAINEL.conviteNaoEncontrado));
        return reply.code(204).send();
      },
    );

    // The team of one establishment (owner), and leaving it (any member).
    const base = '/painel/estabelecimento/:id';

    app.get<{ Params: EstParams }>(
      `${base}/equipe/`,
      { config: { contrato: CONTRATOS_EQUIPE.equipe } },
      async (req) => {
        const s = await requireStaff(req, req.params.id, 'dono');
        return service.equipe(s.idestabelecimento);
      },
    );

    app.post<{ Params: EstParams }>(
      `${base}/equipe/`,
      { config: { contrato: CONTRATOS_EQUIPE.convidar } },
      async (req, reply) => {
        const s = await requireStaff(req, req.params.id, 'dono');
        const input = validar(conviteInputSchema, req.body, { chave: 'campo', textos: TEXTOS_CONVITE });
        const limite = async (nome: string, rule: RateLimitRule) => {
          try {
            await rateLimit(req, reply, nome, rule);
          } catch (e) {
            if (e instanceof HttpError && e.statusCode === 429) {
              throw new HttpError(429, { detail: MSG_PAINEL.muitosConvites });
            }
            throw e;
          }
        };
        await limite('painel-convite-est', {
          ...CONVITE_LIMITS.estabelecimento,
          key: String(s.idestabelecimento),
        });
        await limite('painel-convite-email', { ...CONVITE_LIMITS.email, key: input.email });
        const r = await service.convidar(s.idestabelecimento, input);
        return reply.code(201).send(r.membro);
      },
    );

    app.delete<{ Params: EstParams & { idfuncionario: string } }>(
      `${base}/equipe/:idfuncionario/`,
      { config: { contrato: CONTRATOS_EQUIPE.remover } },
      async (req, reply) => {
        const s = await requireStaff(req, req.params.id, 'dono');
        const alvo = idDe(req.params.idfuncionario, MSG_PAINEL.membroNaoEncontrado);
        await service.removerDaEquipe(s.idestabelecimento, s.idfuncionario, alvo);
        return reply.code(204).send();
      },
    );

    app.post<{ Params: EstParams }>(
      `${base}/sair/`,
      { config: { contrato: CONTRATOS_EQUIPE.sair } },
      async (req, reply) => {
        const s = await requireStaff(req, req.params.id);
        await service.sair(s.idestabelecimento, s.idfuncionario);
        return reply.code(204).send();
      },
    );
  };
}
