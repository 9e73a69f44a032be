import { randomUUID } from 'node:crypto';
import { MSG, MSG_CONTA, clienteSchema, normalizeEmail } from '@rango/domain';
import type {
  CadastroInput,
  Cliente,
  PerfilInput,
  SocialConfig,
  SocialProvider,
  TokenPair,
} from '@rango/domain';
import type { FastifyBaseLogger } from 'fastify';
import { apagarMailsDoEmail } from '../../adapters/mail/index.ts';
import type { Mailer } from '../../adapters/mail/index.ts';
import { confirmacaoLink, confirmacaoMail, resetLink, resetMail } from '../../adapters/mail/templates.ts';
import { SocialTokenError } from '../../adapters/social/index.ts';
import type { SocialPerfil, SocialVerifiers } from '../../adapters/social/index.ts';
import { checkpointSqlite } from '../../db/index.ts';
import type { Db } from '../../db/index.ts';
import type { BackgroundTasks } from '../../http/background.ts';
import { conform } from '../../http/contract.ts';
import { HttpError } from '../../http/errors.ts';
import { presentEndereco } from '../addresses/presenter.ts';
import { apagarEnderecosDoCliente } from '../addresses/service.ts';
import { apagarAvaliacoesDoCliente } from '../avaliacoes/service.ts';
import type { Passwords } from '../auth/passwords.ts';
import { hashToken, isoIn, isoNow, newToken } from '../auth/secrets.ts';
import { apagarSessoesDoCliente, revogarSessoesDoCliente } from '../auth/service.ts';
import type { AuthService } from '../auth/service.ts';
import { apagarCartoesDoCliente } from '../cards/service.ts';
import { anonimizarPedidosDoCliente } from '../orders/status.ts';
import { apagarNotificacoesDoCliente } from '../notificacoes/service.ts';
import { apagarPagamentosDoCliente } from '../payments/service.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { customersRepository as repo } from './repository.ts';

/** Confirmation links live 48 h; reset links 1 h (they grant a password). */
export const CONFIRMACAO_TTL = 48 * 60 * 60;
export const RESET_TTL = 60 * 60;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const linkInvalido = () => new HttpError(400, { detail: MSG_CONTA.linkInvalido });
const naoEncontrado = () => new HttpError(404, { detail: MSG.rotaNaoEncontrada });
const emailJaCadastrado = () => new HttpError(400, { email: [MSG_CONTA.emailJaCadastrado] });
const socialFalhou = () => new HttpError(400, { detail: MSG_CONTA.socialFalhou });

export interface CustomersDeps {
  db: Db;
  mailer: Mailer;
  auth: AuthService;
  social: SocialVerifiers;
  publicUrl: string;
  socialConfig: SocialConfig;
  log: FastifyBaseLogger;
  /** argon2id off the event loop (auth/passwords.ts). */
  passwords: Passwords;
  /** Where recovery does its lookup and mail, after the answer (see solicitarReset). */
  background: BackgroundTasks;
}

/**
 * Customers: sign-up with an e-mailed confirmation, recovery and reset, profile, deletion and
 * social login. E-mailed tokens are random, stored only as SHA-256, single use and expiring.
 */
export function createCustomersService(deps: CustomersDeps) {
  const { db, mailer, auth } = deps;

  /**
   * A fresh link token of that kind for the customer. Older unused ones stop working, except
   * with `keepOlder` (confirmations: each carries its own sign-up's password, see cadastrar).
   */
  async function issueToken(
    conn: Db,
    idcliente: number,
    tipo: 'confirmacao' | 'reset',
    ttl: number,
    extra: { senhaHash?: string; keepOlder?: boolean } = {},
  ): Promise<string> {
    const token = newToken();
    const now = isoNow();
    if (!extra.keepOlder) await repo.invalidateTokens(conn, idcliente, tipo, now);
    await repo.insertToken(conn, {
      idcliente,
      tipo,
      token_hash: hashToken(token),
      expira_em: isoIn(ttl),
      criado_em: now,
      senha_hash: extra.senhaHash ?? null,
    });
    return token;
  }

  /** The customer of a link, by its uuid; a malformed or unknown uuid is just an invalid link. */
  async function clienteOfLink(uuid: string): Promise<number> {
    if (!UUID_RE.test(uuid)) throw linkInvalido();
    const c = await repo.findLiveByUuid(db, uuid.toLowerCase());
    if (!c) throw linkInvalido();
    return c.id;
  }

  async function getCliente(id: number): Promise<Cliente> {
    const c = await repo.findLiveById(db, id);
    if (!c || c.email === null) throw naoEncontrado();
    const enderecos = await repo.listEnderecos(db, id);
    return conform(
      clienteSchema,
      {
        id: c.id,
        nomeourazaosocial: c.nomeourazaosocial,
        cnpjoucpf: c.cnpjoucpf,
        email: c.email,
        telefone: c.telefone,
        clienteendereco_set: enderecos.map(presentEndereco),
      },
      'cliente',
    );
  }

  /** Finds or creates the customer a provider vouches for (see socialLogin). */
  async function socialCliente(provider: SocialProvider, perfil: SocialPerfil): Promise<number> {
    return db.transaction().execute(async (trx) => {
      const linked = await repo.findSocial(trx, provider, perfil.sujeito);
      if (linked) return linked.id;
      // No e-mail (a Facebook account made with a phone): nothing to link or create with.
      if (!perfil.email) throw socialFalhou();
      const email = normalizeEmail(perfil.email);
      const now = isoNow();
      const existing = await repo.findLiveByEmail(trx, email);
      let id: number;
      if (existing) {
        id = existing.id;
        if (existing.confirmado !== 1) {
          // The provider proved the e-mail; a password set by whoever signed up unconfirmed was
          // never proved, so it goes (else a squatter's password would open the owner's account).
          await repo.updateCliente(trx, id, { confirmado: 1, senha_hash: null });
          await repo.invalidateTokens(trx, id, 'confirmacao', now);
        }
      } else {
        id = await repo.insertCliente(trx, {
          uuid: randomUUID(),
          nomeourazaosocial: (perfil.nome?.trim() || email.split('@')[0] || email).slice(0, 150),
          email,
          telefone: null,
          senha_hash: null,
          confirmado: 1,
          criado_em: now,
        });
      }
      await repo.insertSocial(trx, {
        idcliente: id,
        provedor: provider,
        sujeito: perfil.sujeito,
        criado_em: now,
      });
      return id;
    });
  }

  return {
    /**
     * Sign-up. A live confirmed account with that e-mail: 400 on `email`. An unconfirmed one:
     * its name and phone are replaced by this sign-up and a new link is sent. The password is
     * bound to the link: each sign-up's hash is stored on its own confirmation token (and older
     * links keep working), and confirming applies the password of the link that was opened. So
     * someone signing up with another person's pending e-mail right after them cannot make that
     * person's own link confirm the account with the intruder's password; a lost e-mail or a
     * mistyped password is still redone by signing up again and opening the newest link.
     * Remaining risk: both links go to the owner's mailbox, and if the owner opens the
     * intruder's link (one for a sign-up they did not make) the account is confirmed with the
     * intruder's password (and the intruder's name and phone, which the latest sign-up sets).
     * The owner then cannot log in with their password and recovers it by e-mail, which ends
     * every session. The account keeps the first sign-up's hash until confirmation, only for
     * the login's 'not confirmed yet' message.
     */
    /** `origem`: where the link points (the restaurant's own host the customer signed up on). */
    async cadastrar(input: CadastroInput, origem: string = deps.publicUrl): Promise<void> {
      const email = normalizeEmail(input.email);
      const senhaHash = await deps.passwords.hashSenha(input.senha);
      const now = isoNow();
      const nome = input.nomeourazaosocial.trim();
      let result: { id: number; uuid: string; token: string };
      try {
        result = await db.transaction().execute(async (trx) => {
          const existing = await repo.findLiveByEmail(trx, email);
          if (existing && existing.confirmado === 1) throw emailJaCadastrado();
          let id: number;
          let uuid: string;
          if (existing) {
            ({ id, uuid } = existing);
            await repo.updateCliente(trx, id, { nomeourazaosocial: nome, telefone: input.telefone });
          } else {
            uuid = randomUUID();
            id = await repo.insertCliente(trx, {
              uuid,
              nomeourazaosocial: nome,
              email,
              telefone: input.telefone,
              senha_hash: senhaHash,
              confirmado: 0,
              criado_em: now,
            });
          }
          const token = await issueToken(trx, id, 'confirmacao', CONFIRMACAO_TTL, {
            senhaHash,
            keepOlder: true,
          });
          return { id, uuid, token };
        });
      } catch (e) {
        // Two sign-ups with one e-mail at once: the unique index lets one through.
        if (isUniqueViolation(e)) throw emailJaCadastrado();
        throw e;
      }
      await mailer.send(confirmacaoMail(email, nome, confirmacaoLink(origem, result.uuid, result.token)));
    },

    async confirmar(uuid: string, token: string): Promise<void> {
      const id = await clienteOfLink(uuid);
      const ok = await db.transaction().execute(async (trx) => {
        const now = isoNow();
        const spent = await repo.spendToken(trx, id, 'confirmacao', hashToken(token), now);
        if (!spent) return false;
        // This link's own sign-up password (null only on links from before migration 0003).
        await repo.updateCliente(trx, id, {
          confirmado: 1,
          ...(spent.senha_hash !== null ? { senha_hash: spent.senha_hash } : {}),
        });
        // The other pending sign-ups' links (and their passwords) are void now.
        await repo.invalidateTokens(trx, id, 'confirmacao', now);
        return true;
      });
      if (!ok) throw linkInvalido();
    },

    /**
     * Recovery: mails a reset link when the e-mail has an account. Returns at once and does the
     * lookup, the token and the mail in the background: the answer is the same, in the same
     * time, whether or not the account exists (the writes and the SMTP round trip would show),
     * and a mail failure cannot turn into a 500 that only existing addresses get. A failure is
     * logged without the address.
     */
    solicitarReset(emailRaw: string, origem: string = deps.publicUrl): void {
      const email = normalizeEmail(emailRaw);
      deps.background.run(
        'reset-mail',
        async () => {
          const c = await repo.findLiveByEmail(db, email);
          if (!c) return;
          const token = await db.transaction().execute((trx) => issueToken(trx, c.id, 'reset', RESET_TTL));
          await mailer.send(resetMail(email, c.nomeourazaosocial, resetLink(origem, c.uuid, token)));
        },
        { redact: [email, emailRaw.trim()] },
      );
    },

    /**
     * A new password from a reset link: the link proved the e-mail, so the account is confirmed
     * too, and every session is ended (whoever knew the old password is logged out).
     */
    async resetarSenha(uuid: string, token: string, senha: string): Promise<void> {
      const id = await clienteOfLink(uuid);
      const senhaHash = await deps.passwords.hashSenha(senha);
      const ok = await db.transaction().execute(async (trx) => {
        if (!(await repo.spendToken(trx, id, 'reset', hashToken(token), isoNow()))) return false;
        await repo.updateCliente(trx, id, { senha_hash: senhaHash, confirmado: 1 });
        await repo.invalidateTokens(trx, id, 'confirmacao', isoNow());
        await revogarSessoesDoCliente(trx, id);
        return true;
      });
      if (!ok) throw linkInvalido();
    },

    getCliente,

    /** A path id must be the logged-in customer's own; anything else is 404 (no hint it exists). */
    assertOwn(rawId: string, self: number): void {
      if (rawId !== String(self)) throw naoEncontrado();
    },

    async atualizarPerfil(id: number, input: PerfilInput): Promise<Cliente> {
      await repo.updateCliente(db, id, {
        ...(input.nomeourazaosocial !== undefined
          ? { nomeourazaosocial: input.nomeourazaosocial.trim() }
          : {}),
        ...(input.telefone !== undefined ? { telefone: input.telefone } : {}),
        ...(input.cnpjoucpf !== undefined ? { cnpjoucpf: input.cnpjoucpf || null } : {}),
      });
      return getCliente(id);
    },

    async excluir(id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const c = await repo.findLiveById(trx, id);
        if (!c) throw naoEncontrado();
        const quando = isoNow();
        await repo.erase(trx, id, quando);
        // Everything else hanging off the account is its owner's part, in this transaction.
        await apagarSessoesDoCliente(trx, id);
        await apagarEnderecosDoCliente(trx, id);
        if (c.email !== null) await apagarMailsDoEmail(trx, c.email);
        await apagarPagamentosDoCliente(trx, id); // before the cards: it reads their tokens
        await apagarCartoesDoCliente(trx, id);
        await apagarAvaliacoesDoCliente(trx, id);
        await apagarNotificacoesDoCliente(trx, id);
        await anonimizarPedidosDoCliente(trx, id, quando);
      });
      // SQLite: the WAL still holds the page images from before the erasure (with the personal
      // data); copied into the main file (zeroed there by secure_delete) and truncated, they are
      // gone from the files. A reader holding an old snapshot (another process) can keep that
      // from finishing: said in the log; the next checkpoint (SQLite's automatic one included)
      // overwrites them.
      const cp = await checkpointSqlite(db).catch((error: unknown) => {
        deps.log.error({ err: error }, 'checkpoint after account deletion failed');
        return undefined;
      });
      if (cp?.busy)
        deps.log.warn(
          { log: cp.log, checkpointed: cp.checkpointed },
          'checkpoint after account deletion did not finish (a reader is open)',
        );
    },

    socialConfig(): SocialConfig {
      return deps.socialConfig;
    },

    /**
     * Social login: the provider's token is verified (adapters/social); the customer is the one
     * already linked to that provider account, else the live one with the same verified e-mail
     * (now linked and confirmed), else a new confirmed customer without a password.
     */
    async socialLogin(provider: SocialProvider, token: string): Promise<TokenPair> {
      const verifier = deps.social[provider];
      if (!verifier) throw new HttpError(400, { detail: MSG_CONTA.socialNaoConfigurado });
      let perfil: SocialPerfil;
      try {
        perfil = await verifier.verify(token);
      } catch (e) {
        if (e instanceof SocialTokenError) {
          deps.log.info({ provider, reason: e.message }, 'social login refused');
          throw socialFalhou();
        }
        throw e;
      }
      let id: number;
      try {
        id = await socialCliente(provider, perfil);
      } catch (e) {
        // A concurrent first login of the same person created the row: the retry finds it.
        if (!isUniqueViolation(e)) throw e;
        id = await socialCliente(provider, perfil);
      }
      return auth.issuePair(id);
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
