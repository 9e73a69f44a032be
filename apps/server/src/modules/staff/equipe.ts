import { normalizeEmail } from '@rango/domain';
import { MSG_PAINEL } from '@rango/domain/painel';
import type { ConviteInput, Papel } from '@rango/domain/painel';
import type { Mailer } from '../../adapters/mail/index.ts';
import { painelConviteLink, painelConviteMail, painelEquipeMail } from '../../adapters/mail/templates.ts';
import type { Db } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import { hashToken, isoIn, isoNow, newToken } from '../auth/secrets.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { avisarEventos, registrarMudancaDeAcesso } from '../events/record.ts';
import { staffRepository as repo } from './repository.ts';

/** Invitations live 7 days (someone may open the mail after a weekend). */
export const CONVITE_TTL = 7 * 24 * 60 * 60;

/** The team's SQL writer of roles (funcionario_papel) is this module: the creator of a new
 * establishment becomes its owner here, in the caller's transaction. */
export async function adicionarDono(
  db: Db,
  idfuncionario: number,
  idestabelecimento: number,
  agora: string,
): Promise<void> {
  await repo.addPapel(db, { idfuncionario, idestabelecimento, papel: 'dono', criado_em: agora });
}

export interface MembroEquipe {
  id: number;
  nome: string;
  email: string;
  papel: Papel;
  pendente: boolean;
}

export interface ConviteDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

export interface ConviteResultado {
  membro: MembroEquipe;
  /** The invitation link when the person still has no password (the CLI prints it); else null. */
  link: string | null;
}

/**
 * A restaurant's name as the invitation's subject and text carry it: one line of plain text (its
 * control characters and line breaks are spaces; the HTML part escapes it), so a name cannot fake
 * a header, a paragraph or markup in someone else's inbox.
 */
export const umaLinha = (texto: string): string =>
  // eslint-disable-next-line no-control-regex
  texto.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, ' ').trim();

/**
 * Invites a person to an establishment's team. From the panel the role waits for the person's
 * consent (issue 20): a pending membership (funcionario_convite, 7 days) that they accept or
 * decline. A new e-mail becomes a staff account without a password and gets a link (7 days) that
 * sets it and accepts; an account with a password gets a mail pointing to the panel, where the
 * invitation waits. Either way the answer is only what the inviter typed (e-mail, name, role),
 * pending: never the account's real name. Already in this team: 409 (an invitation still pending
 * is renewed, with the role and name typed now).
 *
 * `direto` (the CLI and the demo seed, i.e. the platform's operator) gives the role at once:
 * `senhaHash` sets the password, `atualizar` changes the role of someone already in the team
 * (their open panel streams there end, see modules/events).
 */
export async function convidarParaEquipe(
  deps: ConviteDeps,
  idestabelecimento: number,
  input: ConviteInput,
  opts: {
    senhaHash?: string | undefined;
    atualizar?: boolean | undefined;
    direto?: boolean | undefined;
  } = {},
): Promise<ConviteResultado> {
  const email = normalizeEmail(input.email);
  const nome = input.nome.trim();
  const direto = opts.direto === true || opts.senhaHash !== undefined || opts.atualizar === true;
  const run = () =>
    deps.db.transaction().execute(async (trx) => {
      const est = await repo.estabelecimento(trx, idestabelecimento);
      if (!est) throw new HttpError(404, { detail: MSG_PAINEL.semAcesso });
      const now = isoNow();
      let f = await repo.findLiveByEmail(trx, email);
      if (!f) {
        const id = await repo.insertFuncionario(trx, {
          email,
          nome,
          senha_hash: opts.senhaHash ?? null,
          criado_em: now,
        });
        f = { id, email, nome, senha_hash: opts.senhaHash ?? null };
      } else if (opts.senhaHash) {
        await repo.setSenha(trx, f.id, opts.senhaHash);
        f = { ...f, senha_hash: opts.senhaHash };
      }
      let novo: boolean;
      let papelMudou = false;
      if (direto) {
        novo = await repo.addPapel(trx, {
          idfuncionario: f.id,
          idestabelecimento,
          papel: input.papel,
          criado_em: now,
        });
        if (!novo) {
          if (!opts.atualizar) throw new HttpError(409, { detail: MSG_PAINEL.jaNaEquipe });
          const antes = await repo.papelDe(trx, f.id, idestabelecimento);
          if (antes?.papel !== input.papel) {
            await repo.setPapel(trx, f.id, idestabelecimento, input.papel);
            await registrarMudancaDeAcesso(trx, idestabelecimento, f.id);
            papelMudou = true;
          }
        }
        await repo.deleteConvite(trx, f.id, idestabelecimento);
      } else {
        const ja = await repo.papelDe(trx, f.id, idestabelecimento);
        if (ja?.papel) throw new HttpError(409, { detail: MSG_PAINEL.jaNaEquipe });
        await repo.upsertConvite(trx, {
          idfuncionario: f.id,
          idestabelecimento,
          papel: input.papel,
          nome,
          expira_em: isoIn(CONVITE_TTL),
          criado_em: now,
        });
        novo = true;
      }
      let token: string | null = null;
      if (f.senha_hash === null) {
        // A new invitation to this establishment replaces an older unused one.
        await repo.invalidateLinks(trx, f.id, now, { tipo: 'convite', idestabelecimento });
        token = newToken();
        await repo.insertLink(trx, {
          tipo: 'convite',
          idfuncionario: f.id,
          idestabelecimento,
          papel: input.papel,
          token_hash: hashToken(token),
          expira_em: isoIn(CONVITE_TTL),
          criado_em: now,
        });
      }
      return { f, est, token, novo, papelMudou };
    });
  let r: Awaited<ReturnType<typeof run>>;
  try {
    r = await run();
  } catch (e) {
    // Two invitations of one new e-mail at once: the unique index lets one insert through.
    if (!isUniqueViolation(e)) throw e;
    r = await run();
  }
  if (r.papelMudou) avisarEventos(deps.db);
  const estabelecimento = umaLinha(r.est.apelidooufantasia);
  const link = r.token ? painelConviteLink(deps.publicUrl, r.token) : null;
  // The greeting is the account's own name (the mail goes to that person), never the inviter's.
  if (link) {
    await deps.mailer.send(painelConviteMail(email, r.f.nome, estabelecimento, input.papel, link));
  } else if (r.novo && !opts.senhaHash) {
    await deps.mailer.send(
      painelEquipeMail(email, r.f.nome, estabelecimento, input.papel, `${deps.publicUrl}/painel`, !direto),
    );
  }
  return {
    membro: direto
      ? { id: r.f.id, nome: r.f.nome, email, papel: input.papel, pendente: r.f.senha_hash === null }
      : { id: r.f.id, nome, email, papel: input.papel, pendente: true },
    link,
  };
}

/** The e-mails of an establishment's owners (a notice to the owner: modules/webhooks). */
export async function emailsDosDonos(db: Db, idestabelecimento: number): Promise<string[]> {
  const equipe = await repo.listEquipe(db, idestabelecimento);
  return equipe.filter((m) => m.papel === 'dono').map((m) => m.email);
}
