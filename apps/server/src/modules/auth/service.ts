import { randomUUID } from 'node:crypto';
import { MSG_CONTA, normalizeEmail } from '@rango/domain';
import type { LoginInput, TokenPair } from '@rango/domain';
import type { Db } from '../../db/index.ts';
import type { AccessTokens } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import type { Passwords } from './passwords.ts';
import { authRepository as repo } from './repository.ts';
import { gastarRefresh } from './rotation.ts';

const refreshStore = {
  findForUpdate: repo.findRefreshByHashForUpdate,
  markUsed: repo.markUsed,
  revokeFamily: repo.revokeFamily,
};
import { hashToken, isoIn, isoNow, newToken } from './secrets.ts';

const credenciaisInvalidas = () => new HttpError(400, { non_field_errors: [MSG_CONTA.credenciaisInvalidas] });
/** 401 so the app's refresh-on-401 sees the refresh itself fail and logs out with this text. */
export const sessaoExpirada = (): HttpError => new HttpError(401, { detail: MSG_CONTA.sessaoExpirada });

/** Outcome of a refresh inside its transaction (a failure must still commit the revocation). */
type Spend = { ok: true; idcliente: number; refresh: string } | { ok: false };

/**
 * Logins and sessions. Refresh tokens are opaque random strings kept only as SHA-256; each login
 * starts a family, every refresh spends the token and issues the next one in the same family,
 * and presenting an already-spent token revokes the whole family (someone holds a stolen copy).
 */
export function createAuthService(
  db: Db,
  accessTokens: AccessTokens,
  options: { refreshTtl: number; passwords: Passwords },
) {
  async function newRefresh(conn: Db, idcliente: number, familia: string): Promise<string> {
    const token = newToken();
    await repo.insertRefresh(conn, {
      idcliente,
      familia,
      token_hash: hashToken(token),
      expira_em: isoIn(options.refreshTtl),
      criado_em: isoNow(),
    });
    return token;
  }

  /** A new session (a new refresh family) for a customer already authenticated. */
  async function issuePair(idcliente: number): Promise<TokenPair> {
    const refresh = await newRefresh(db, idcliente, randomUUID());
    return { access: await accessTokens.sign(idcliente), refresh };
  }

  return {
    issuePair,

    async login(input: LoginInput): Promise<TokenPair> {
      const cliente = await repo.findLiveClienteByEmail(db, normalizeEmail(input.email));
      // Always one argon2 verification, account or not (see verifySenha).
      const ok = await options.passwords.verifySenha(input.senha, cliente?.senha_hash);
      if (!cliente || !ok) throw credenciaisInvalidas();
      // Only after the password matched: otherwise this would tell anyone the e-mail has an account.
      if (cliente.confirmado !== 1) {
        throw new HttpError(400, { non_field_errors: [MSG_CONTA.contaNaoConfirmada] });
      }
      return issuePair(cliente.id);
    },

    /**
     * Rotation, all in one transaction: read the token (locked on PostgreSQL), spend it, insert
     * its successor; or, on reuse, revoke the family. A concurrent refresh of the same token waits
     * for the lock, finds it spent and revokes the family, successor included, since that was
     * committed before it could read. (Before, the successor was inserted after the commit and
     * the revocation ran outside it, so the successor could escape.)
     */
    async refresh(token: string): Promise<TokenPair> {
      const tokenHash = hashToken(token);
      const now = isoNow();
      const spend = await db.transaction().execute(async (trx): Promise<Spend> => {
        const row = await gastarRefresh(trx, refreshStore, tokenHash, now);
        if (!row) return { ok: false };
        return {
          ok: true,
          idcliente: row.idcliente,
          refresh: await newRefresh(trx, row.idcliente, row.familia),
        };
      });
      if (!spend.ok) throw sessaoExpirada();
      return { access: await accessTokens.sign(spend.idcliente), refresh: spend.refresh };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

/** Every refresh token of the customer revoked (a password reset signs them out everywhere). */
export function revogarSessoesDoCliente(db: Db, idcliente: number): Promise<void> {
  return repo.revokeRefreshDoCliente(db, idcliente);
}

/** Account erasure's part of auth: the customer's refresh tokens go. */
export function apagarSessoesDoCliente(db: Db, idcliente: number): Promise<void> {
  return repo.deleteRefreshDoCliente(db, idcliente);
}
