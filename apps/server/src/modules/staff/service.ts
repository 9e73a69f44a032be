import { randomUUID } from 'node:crypto';
import { normalizeEmail } from '@rango/domain';
import { MSG_PAINEL, convitesSchema, staffEuSchema, staffLinkSchema } from '@rango/domain/painel';
import type {
  ConviteInput,
  Convites,
  Equipe,
  Papel,
  StaffEu,
  StaffCadastroInput,
  StaffLink,
  StaffLoginInput,
  StaffTokenPair,
} from '@rango/domain/painel';
import type { Mailer } from '../../adapters/mail/index.ts';
import {
  painelCadastroLink,
  painelCadastroMail,
  painelSenhaLink,
  painelSenhaMail,
} from '../../adapters/mail/templates.ts';
import type { Db } from '../../db/index.ts';
import type { AccessTokens } from '../../http/auth.ts';
import type { BackgroundTasks } from '../../http/background.ts';
import { conform } from '../../http/contract.ts';
import { HttpError } from '../../http/errors.ts';
import type { Passwords } from '../auth/passwords.ts';
import { hashToken, isoIn, isoNow, newToken } from '../auth/secrets.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { staffNaoAutorizado } from './guard.ts';
import { gastarRefresh } from '../auth/rotation.ts';
import { avisarEventos, registrarMudancaDeAcesso } from '../events/record.ts';
import { convidarParaEquipe } from './equipe.ts';
import type { ConviteResultado } from './equipe.ts';
import { staffRepository as repo } from './repository.ts';

const refreshStore = {
  findForUpdate: repo.findRefreshByHashForUpdate,
  markUsed: repo.markRefreshUsed,
  revokeFamily: repo.revokeFamily,
};

/** Resets live 1 hour (invitations 7 days: equipe.ts). */
export const SENHA_TTL = 60 * 60;
/** A restaurant's sign-up link lives 2 days (MSG_PAINEL.cadastroEnviado says so). */
export const CADASTRO_TTL = 2 * 24 * 60 * 60;

/** A link's token as newToken makes it (43 base64url characters); anything else is unknown. */
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

const credenciaisInvalidas = () =>
  new HttpError(400, { non_field_errors: [MSG_PAINEL.credenciaisInvalidas] });
export const linkInvalido = (): HttpError => new HttpError(404, { detail: MSG_PAINEL.linkInvalido });
const linkExpirado = () => new HttpError(410, { detail: MSG_PAINEL.linkExpirado });

type Spend = { ok: true; idfuncionario: number; refresh: string } | { ok: false };

/** A pending invitation becomes the role (in the caller's transaction); false when none is pending. */
async function aceitarConvite(trx: Db, idfuncionario: number, idestabelecimento: number, agora: string) {
  const c = await repo.conviteVivo(trx, idfuncionario, idestabelecimento, agora);
  if (!c) return false;
  await repo.deleteConvite(trx, idfuncionario, idestabelecimento);
  await repo.addPapel(trx, { idfuncionario, idestabelecimento, papel: c.papel, criado_em: agora });
  await repo.invalidateLinks(trx, idfuncionario, agora, { tipo: 'convite', idestabelecimento });
  return true;
}

export interface StaffDeps {
  db: Db;
  tokens: AccessTokens;
  passwords: Passwords;
  mailer: Mailer;
  publicUrl: string;
  refreshTtl: number;
  background: BackgroundTasks;
}

/**
 * Staff accounts (issue 11): their own login, sessions, password recovery and one-time links,
 * kept apart from the customers' but built the same way: argon2id, refresh tokens stored as
 * SHA-256 and rotated within a family (a reused one revokes the family), e-mailed tokens
 * random, single use and expiring.
 */
export function createStaffService(deps: StaffDeps) {
  const { db } = deps;

  async function newRefresh(conn: Db, idfuncionario: number, familia: string): Promise<string> {
    const token = newToken();
    await repo.insertRefresh(conn, {
      idfuncionario,
      familia,
      token_hash: hashToken(token),
      expira_em: isoIn(deps.refreshTtl),
      criado_em: isoNow(),
    });
    return token;
  }

  async function issuePair(idfuncionario: number): Promise<StaffTokenPair> {
    const refresh = await newRefresh(db, idfuncionario, randomUUID());
    return { access: await deps.tokens.sign(idfuncionario), refresh };
  }

  /** A link that can still be used, or 404 (unknown, used, account gone) / 410 (expired). */
  async function linkVivo(conn: Db, token: string) {
    if (!TOKEN_RE.test(token)) throw linkInvalido();
    const link = await repo.findLink(conn, hashToken(token));
    if (!link || link.usado_em !== null || link.excluido_em !== null) throw linkInvalido();
    if (link.expira_em <= isoNow()) throw linkExpirado();
    return link;
  }

  /** Mails a staff member a link (1 hour) to set a new password; older reset links are void. */
  async function enviarLinkSenha(f: { id: number; email: string; nome: string }): Promise<void> {
    const token = newToken();
    await db.transaction().execute(async (trx) => {
      const now = isoNow();
      await repo.invalidateLinks(trx, f.id, now, { tipo: 'senha' });
      await repo.insertLink(trx, {
        tipo: 'senha',
        idfuncionario: f.id,
        idestabelecimento: null,
        papel: null,
        token_hash: hashToken(token),
        expira_em: isoIn(SENHA_TTL),
        criado_em: now,
      });
    });
    await deps.mailer.send(painelSenhaMail(f.email, f.nome, painelSenhaLink(deps.publicUrl, token)));
  }

  return {
    issuePair,

    async login(input: StaffLoginInput): Promise<StaffTokenPair> {
      const f = await repo.findLiveByEmail(db, normalizeEmail(input.email));
      // Always one argon2 verification, account or not, so timing does not tell who has one.
      const ok = await deps.passwords.verifySenha(input.senha, f?.senha_hash);
      if (!f || !ok) throw credenciaisInvalidas();
      return issuePair(f.id);
    },

    /** Rotation in one transaction, as modules/auth's (see its comment on the race). */
    async refresh(token: string): Promise<StaffTokenPair> {
      const tokenHash = hashToken(token);
      const now = isoNow();
      const spend = await db.transaction().execute(async (trx): Promise<Spend> => {
        const row = await gastarRefresh(trx, refreshStore, tokenHash, now);
        if (!row) return { ok: false };
        return {
          ok: true,
          idfuncionario: row.idfuncionario,
          refresh: await newRefresh(trx, row.idfuncionario, row.familia),
        };
      });
      if (!spend.ok) throw staffNaoAutorizado();
      return { access: await deps.tokens.sign(spend.idfuncionario), refresh: spend.refresh };
    },

    /** Ends the session: the token's whole family (any token of it, spent or not). Unknown: no-op. */
    async logout(token: string): Promise<void> {
      const row = await repo.findRefreshByHashForUpdate(db, hashToken(token));
      if (row) await repo.revokeFamily(db, row.familia);
    },

    /**
     * Recovery: mails a reset link when the e-mail has a staff account. The lookup and the mail
     * run after the answer, so it is the same, in the same time, either way (see modules/customers).
     */
    solicitarSenha(emailRaw: string): void {
      const email = normalizeEmail(emailRaw);
      deps.background.run(
        'painel-senha-mail',
        async () => {
          const f = await repo.findLiveByEmail(db, email);
          if (f) await enviarLinkSenha(f);
        },
        { redact: [email, emailRaw.trim()] },
      );
    },

    /**
     * A restaurant signs itself up: a new e-mail becomes a staff account without a password (no
     * establishment yet: the owner creates it in the panel) and gets a sign-up link (2 days) that
     * sets it. An e-mail whose account has a password gets a link to set a new one instead, the
     * password unchanged until that link is used. The work runs after the answer, which is
     * the same either way (see solicitarSenha).
     */
    cadastrar(input: StaffCadastroInput): void {
      const { email, nome } = input;
      deps.background.run(
        'painel-cadastro-mail',
        async () => {
          const existente = await repo.findLiveByEmail(db, email);
          if (existente && existente.senha_hash !== null) {
            await enviarLinkSenha(existente);
            return;
          }
          const token = newToken();
          try {
            await db.transaction().execute(async (trx) => {
              const now = isoNow();
              // An account still without a password (an earlier sign-up or invitation never
              // finished) gets a new sign-up link; the older sign-up link is void.
              let idfuncionario = existente?.id;
              if (idfuncionario === undefined) {
                idfuncionario = await repo.insertFuncionario(trx, {
                  email,
                  nome,
                  senha_hash: null,
                  criado_em: now,
                });
              } else {
                await repo.invalidateLinks(trx, idfuncionario, now, { tipo: 'cadastro' });
              }
              await repo.insertLink(trx, {
                tipo: 'cadastro',
                idfuncionario,
                idestabelecimento: null,
                papel: null,
                token_hash: hashToken(token),
                expira_em: isoIn(CADASTRO_TTL),
                criado_em: now,
              });
            });
          } catch (e) {
            // The same e-mail signed up twice at once: the unique index let the other through,
            // and its link is the one mailed.
            if (isUniqueViolation(e)) return;
            throw e;
          }
          const saudacao = existente?.nome ?? nome;
          await deps.mailer.send(
            painelCadastroMail(email, saudacao, painelCadastroLink(deps.publicUrl, token)),
          );
        },
        { redact: [email, nome] },
      );
    },

    async lerLink(token: string): Promise<StaffLink> {
      const link = await linkVivo(db, token);
      const tipo = link.tipo === 'convite' || link.tipo === 'cadastro' ? link.tipo : 'senha';
      return conform(
        staffLinkSchema,
        {
          tipo,
          email: link.email,
          nome: link.nome,
          estabelecimento: tipo === 'convite' ? (link.apelidooufantasia ?? null) : null,
          papel: tipo === 'convite' ? link.papel : null,
        },
        'GET /painel/auth/link/:token/',
      );
    },

    /**
     * Sets the password from a link (an invitation's first one, or a reset) and signs in. Every
     * other unused link of the person is void afterwards, and a reset ends every session
     * (whoever knew the old password is signed out).
     */
    async definirSenha(token: string, senha: string): Promise<StaffTokenPair> {
      await linkVivo(db, token);
      const senhaHash = await deps.passwords.hashSenha(senha);
      const idfuncionario = await db.transaction().execute(async (trx) => {
        const link = await linkVivo(trx, token);
        const now = isoNow();
        if (!(await repo.spendLink(trx, link.id, now))) throw linkInvalido();
        await repo.setSenha(trx, link.idfuncionario, senhaHash);
        // An invitation's link is the new person's answer: its pending membership becomes the role.
        if (link.tipo === 'convite' && link.idestabelecimento !== null) {
          await aceitarConvite(trx, link.idfuncionario, link.idestabelecimento, now);
        }
        await repo.invalidateLinks(trx, link.idfuncionario, now);
        await repo.revokeAllOf(trx, link.idfuncionario);
        return link.idfuncionario;
      });
      return issuePair(idfuncionario);
    },

    async eu(idfuncionario: number): Promise<StaffEu> {
      const f = await repo.findLiveById(db, idfuncionario);
      if (!f) throw staffNaoAutorizado();
      const papeis = await repo.listPapeis(db, idfuncionario);
      return conform(
        staffEuSchema,
        {
          id: f.id,
          nome: f.nome,
          email: f.email,
          estabelecimentos: papeis.map((p) => ({
            id: p.id,
            apelidooufantasia: p.apelidooufantasia,
            logo: p.logo,
            papel: p.papel,
          })),
        },
        'GET /painel/eu/',
      );
    },

    convidar(idestabelecimento: number, input: ConviteInput): Promise<ConviteResultado> {
      return convidarParaEquipe(
        { db, mailer: deps.mailer, publicUrl: deps.publicUrl },
        idestabelecimento,
        input,
      );
    },

    /**
     * The team: members (pending while an older invitation's link has not set their password),
     * then pending invitations, shown with what the inviter typed.
     */
    async equipe(idestabelecimento: number): Promise<Equipe> {
      const rows = await repo.listEquipe(db, idestabelecimento);
      const convites = await repo.listConvitesDoEstabelecimento(db, idestabelecimento, isoNow());
      const papel = (p: string): Papel => (p === 'dono' ? 'dono' : 'atendente');
      return [
        ...rows.map((r) => ({
          id: r.id,
          nome: r.nome,
          email: r.email,
          papel: papel(r.papel),
          pendente: r.senha_hash === null,
        })),
        ...convites.map((c) => ({
          id: c.id,
          nome: c.nome,
          email: c.email,
          papel: papel(c.papel),
          pendente: true,
        })),
      ];
    },

    /** The signed-in person's pending invitations. */
    async convites(idfuncionario: number): Promise<Convites> {
      const rows = await repo.listConvitesDe(db, idfuncionario, isoNow());
      return conform(
        convitesSchema,
        rows.map((r) => ({
          idestabelecimento: r.idestabelecimento,
          estabelecimento: r.apelidooufantasia,
          papel: r.papel,
          expira_em: r.expira_em,
        })),
        'GET /painel/convites/',
      );
    },

    /** Accepts an invitation: the role exists from now on. 404 when none is pending (or expired). */
    async aceitar(idfuncionario: number, idestabelecimento: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (!(await aceitarConvite(trx, idfuncionario, idestabelecimento, isoNow()))) {
          throw new HttpError(404, { detail: MSG_PAINEL.conviteNaoEncontrado });
        }
      });
    },

    /** Declines an invitation (it is gone; the inviter's team no longer lists it). */
    async recusar(idfuncionario: number, idestabelecimento: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (!(await repo.deleteConvite(trx, idfuncionario, idestabelecimento))) {
          throw new HttpError(404, { detail: MSG_PAINEL.conviteNaoEncontrado });
        }
        await repo.invalidateLinks(trx, idfuncionario, isoNow(), { tipo: 'convite', idestabelecimento });
      });
    },

    /** Leaves an establishment's team (any member), except its last owner. Open streams there end. */
    async sair(idestabelecimento: number, idfuncionario: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const donos = await repo.donosForUpdate(trx, idestabelecimento);
        if (donos.length === 1 && donos[0] === idfuncionario) {
          throw new HttpError(400, { detail: MSG_PAINEL.ultimoDonoSair });
        }
        if (!(await repo.removePapel(trx, idfuncionario, idestabelecimento))) {
          throw new HttpError(404, { detail: MSG_PAINEL.semAcesso });
        }
        await registrarMudancaDeAcesso(trx, idestabelecimento, idfuncionario);
      });
      avisarEventos(db);
    },

    /**
     * Removes a member's role here (not their account: they may work elsewhere), and voids their
     * pending invitation to this establishment. Never oneself, never the last owner.
     */
    async removerDaEquipe(idestabelecimento: number, quem: number, alvo: number): Promise<void> {
      if (quem === alvo) throw new HttpError(400, { detail: MSG_PAINEL.naoRemoverASiMesmo });
      await db.transaction().execute(async (trx) => {
        const donos = await repo.donosForUpdate(trx, idestabelecimento);
        if (donos.length === 1 && donos[0] === alvo) {
          throw new HttpError(400, { detail: MSG_PAINEL.ultimoDono });
        }
        const membro = await repo.removePapel(trx, alvo, idestabelecimento);
        const convite = await repo.deleteConvite(trx, alvo, idestabelecimento);
        if (!membro && !convite) throw new HttpError(404, { detail: MSG_PAINEL.membroNaoEncontrado });
        await repo.invalidateLinks(trx, alvo, isoNow(), { tipo: 'convite', idestabelecimento });
        // Their open panel streams here end now, on every instance (modules/events).
        if (membro) await registrarMudancaDeAcesso(trx, idestabelecimento, alvo);
      });
      avisarEventos(db);
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
