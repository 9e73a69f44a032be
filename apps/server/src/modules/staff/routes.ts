import { normalizeEmail } from '@rango/domain';
import {
  MSG_PAINEL,
  staffCadastroInputSchema,
  staffDefinirSenhaInputSchema,
  staffLoginInputSchema,
  staffRecuperarInputSchema,
  staffRefreshInputSchema,
} from '@rango/domain/painel';
import type { FastifyInstance } from 'fastify';
import { clientIp } from '../../http/rate-limit.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { LOGIN_LIMITS } from '../auth/routes.ts';
import { CUSTOMER_LIMITS } from '../customers/routes.ts';
import { parseCorpo } from '../panel/validate.ts';
import { requireFuncionario } from './guard.ts';
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

/** The panel's sign-in (issue 11): /painel/auth/… and /painel/eu/. */
export function staffRoutes(service: StaffService, rateLimit: RateLimiter) {
  return async function (app: FastifyInstance): Promise<void> {
    app.post('/painel/auth/login/', async (req, reply) => {
      const input = parseCorpo(staffLoginInputSchema, req.body, TEXTOS);
      const ip = clientIp(req);
      await rateLimit(req, reply, 'painel-login-ip', { ...STAFF_LIMITS.loginIp, key: ip });
      await rateLimit(req, reply, 'painel-login', {
        ...STAFF_LIMITS.loginIpEmail,
        key: `${ip}|${normalizeEmail(input.email)}`,
      });
      return service.login(input);
    });

    app.post('/painel/auth/refresh/', async (req) => {
      const { refresh } = parseCorpo(staffRefreshInputSchema, req.body, TEXTOS);
      return service.refresh(refresh);
    });

    app.post('/painel/auth/logout/', async (req, reply) => {
      const { refresh } = parseCorpo(staffRefreshInputSchema, req.body, TEXTOS);
      await service.logout(refresh);
      return reply.code(204).send();
    });

    app.post('/painel/auth/recuperar/', async (req, reply) => {
      const { email } = parseCorpo(staffRecuperarInputSchema, req.body, TEXTOS);
      const ip = clientIp(req);
      await rateLimit(req, reply, 'painel-recuperar-ip', { ...STAFF_LIMITS.recuperarIp, key: ip });
      await rateLimit(req, reply, 'painel-recuperar', {
        ...STAFF_LIMITS.recuperarIpEmail,
        key: `${ip}|${email}`,
      });
      service.solicitarSenha(email);
      return { detail: MSG_PAINEL.recuperarEnviado };
    });

    app.post('/painel/auth/cadastro/', async (req, reply) => {
      const input = parseCorpo(staffCadastroInputSchema, req.body, TEXTOS);
      const ip = clientIp(req);
      await rateLimit(req, reply, 'painel-cadastro-ip', { ...STAFF_LIMITS.cadastroIp, key: ip });
      await rateLimit(req, reply, 'painel-cadastro', {
        ...STAFF_LIMITS.cadastroIpEmail,
        key: `${ip}|${input.email}`,
      });
      service.cadastrar(input);
      return reply.code(202).send({ detail: MSG_PAINEL.cadastroEnviado });
    });

    app.get<{ Params: TokenParams }>('/painel/auth/link/:token/', async (req, reply) => {
      await rateLimit(req, reply, 'painel-link', { ...STAFF_LIMITS.link, key: clientIp(req) });
      return service.lerLink(req.params.token);
    });

    app.post<{ Params: TokenParams }>('/painel/auth/link/:token/', async (req, reply) => {
      await rateLimit(req, reply, 'painel-link', { ...STAFF_LIMITS.link, key: clientIp(req) });
      const { senha } = parseCorpo(staffDefinirSenhaInputSchema, req.body, TEXTOS);
      return service.definirSenha(req.params.token, senha);
    });

    app.get('/painel/eu/', async (req) => service.eu(await requireFuncionario(req)));
  };
}
