import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';

/** Test helpers shared by the account suites (not imported by the app). */
export const API = '/api/ead';

export const novoCadastro = (email: string, extra: Record<string, unknown> = {}) => ({
  nomeourazaosocial: 'Maria da Silva',
  email,
  telefone: '(11) 98765-4321',
  senha: 'segredo1',
  confirm: 'segredo1',
  ...extra,
});

/** The last outbox link sent to `para` (the embedded mailer's record). */
export async function lastLink(db: Db, para: string): Promise<string> {
  const row = await db
    .selectFrom('mail_outbox')
    .select('link')
    .where('para', '=', para)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  if (!row.link) throw new Error('mail without link');
  return row.link;
}

/** '/confirma/{uuid}/{token}' → the API path that confirms it. */
export function apiPathOf(link: string): string {
  const url = new URL(link);
  const [, kind, uuid, token] = url.pathname.split('/');
  if (kind === 'confirma') return `${API}/controle/cliente/${uuid}/confirmar/${token}/`;
  if (kind === 'resetar-senha') return `${API}/controle/cliente/${uuid}/resetar-senha/${token}/`;
  throw new Error(`unknown link ${link}`);
}

/** Signs up, confirms through the mailed link and logs in; answers the tokens and the id. */
export async function criarCliente(
  app: FastifyInstance,
  db: Db,
  email: string,
  extra: Record<string, unknown> = {},
): Promise<{ access: string; refresh: string; id: number }> {
  const cad = await app.inject({
    method: 'POST',
    url: `${API}/controle/cliente/`,
    payload: novoCadastro(email, extra),
  });
  if (cad.statusCode !== 201) throw new Error(`cadastro ${cad.statusCode} ${cad.body}`);
  const conf = await app.inject({ method: 'POST', url: apiPathOf(await lastLink(db, email.toLowerCase())) });
  if (conf.statusCode !== 200) throw new Error(`confirmar ${conf.statusCode} ${conf.body}`);
  const senha = typeof extra.senha === 'string' ? extra.senha : 'segredo1';
  const login = await app.inject({
    method: 'POST',
    url: `${API}/controle/token/`,
    payload: { email, senha },
  });
  if (login.statusCode !== 200) throw new Error(`login ${login.statusCode} ${login.body}`);
  const tokens = login.json<{ access: string; refresh: string }>();
  const me = await app.inject({
    url: `${API}/controle/cliente/`,
    headers: { authorization: `Bearer ${tokens.access}` },
  });
  return { ...tokens, id: me.json<{ id: number }[]>()[0]!.id };
}

export const bearer = (access: string) => ({ authorization: `Bearer ${access}` });
