import type { Papel, StaffTokenPair } from '@rango/domain/painel';
import type { FastifyInstance } from 'fastify';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { Db } from '../../db/index.ts';
import { createPasswords } from '../auth/passwords.ts';
import { convidarParaEquipe } from './equipe.ts';

/** Test helpers of the panel's suites (not imported by the app). */
export const API = '/api/ead';
export const SENHA_TESTE = 'senha-do-painel';

const semMail: Mailer = { send: async () => undefined };

/** A staff member with a password and a role at the establishment (as the CLI's --senha makes). */
export async function criarFuncionario(
  db: Db,
  idestabelecimento: number,
  email: string,
  papel: Papel,
  senha = SENHA_TESTE,
): Promise<number> {
  const passwords = createPasswords(1);
  try {
    const r = await convidarParaEquipe(
      { db, mailer: semMail, publicUrl: 'http://rango.test' },
      idestabelecimento,
      { email, nome: email.split('@')[0]!, papel },
      { senhaHash: await passwords.hashSenha(senha), atualizar: true },
    );
    return r.membro.id;
  } finally {
    await passwords.close();
  }
}

export async function loginFuncionario(
  app: FastifyInstance,
  email: string,
  senha = SENHA_TESTE,
): Promise<StaffTokenPair> {
  const res = await app.inject({
    method: 'POST',
    url: `${API}/painel/auth/login/`,
    payload: { email, senha },
  });
  if (res.statusCode !== 200) throw new Error(`login ${res.statusCode} ${res.body}`);
  return res.json<StaffTokenPair>();
}

/** Creates the staff member and signs in: the access token's header. */
export async function staffBearer(
  app: FastifyInstance,
  db: Db,
  idestabelecimento: number,
  email: string,
  papel: Papel,
): Promise<{ authorization: string }> {
  await criarFuncionario(db, idestabelecimento, email, papel);
  const { access } = await loginFuncionario(app, email);
  return { authorization: `Bearer ${access}` };
}

/** The last outbox link sent to `para`, as the API path of the token it carries. */
export async function ultimoLinkPainel(db: Db, para: string): Promise<{ link: string; token: string }> {
  const row = await db
    .selectFrom('mail_outbox')
    .select('link')
    .where('para', '=', para)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  if (!row.link) throw new Error('mail without link');
  const m = /\/painel\/(?:convite|senha|cadastro)\/([^/?#]+)$/.exec(row.link);
  if (!m) throw new Error(`not a panel link: ${row.link}`);
  return { link: row.link, token: decodeURIComponent(m[1]!) };
}
