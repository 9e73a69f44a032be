import { randomUUID } from 'node:crypto';
import { MSG_REMOCAO } from '@rango/domain';
import type { RemocaoSocial, RemocaoSocialResposta } from '@rango/domain';
import type { FastifyInstance } from 'fastify';
import {
  SignedRequestError,
  verifyFacebookSignedRequest,
} from '../../adapters/social/facebook-signed-request.ts';
import type { Db } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import { clientIp } from '../../http/rate-limit.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { isoNow } from '../auth/secrets.ts';
import { CONTRATOS_CLIENTE } from './contrato.ts';

const FORM = 'application/x-www-form-urlencoded';
/** A signed_request is a few hundred bytes; nothing bigger is read. */
const FORM_BODY_LIMIT = 16 * 1024;
const CODIGO_RE = /^[0-9a-f-]{36}$/;

/** Facebook posts from its own servers: a generous per-IP limit that still bounds the HMAC work. */
export const REMOCAO_LIMITS = {
  remocao: { max: 60, windowSeconds: 60 },
  consulta: { max: 30, windowSeconds: 10 * 60 },
} as const;

export interface SocialRemovalDeps {
  db: Db;
  publicUrl: string;
  /** FACEBOOK_APP_SECRET when Facebook login is configured (app id and secret), else undefined. */
  facebookAppSecret: string | undefined;
  rateLimit: RateLimiter;
}

const recusa = (detail: string) => new HttpError(400, { detail });

function signedRequestOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>).signed_request;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Facebook's Data Deletion Request Callback (ours; the spec only has its success page,
 * /fb_confirmar_remocao). Removes the customer's link to Facebook and answers the URL and
 * confirmation code Facebook shows the person. Registered as its own plugin so the form parser
 * it needs applies to these routes only.
 */
export function socialRemovalRoutes(deps: SocialRemovalDeps) {
  const { db, publicUrl, facebookAppSecret, rateLimit } = deps;
  return async function (app: FastifyInstance): Promise<void> {
    // Fastify parses only JSON and text by default; Facebook posts a form. Scoped to this plugin.
    if (!app.hasContentTypeParser(FORM)) {
      app.addContentTypeParser(
        FORM,
        { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
        (_req, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(String(body))));
        },
      );
    }

    app.post(
      '/controle/cliente/social/facebook/remocao/',
      async (req, reply): Promise<RemocaoSocialResposta> => {
        await rateLimit(req, reply, 'remocao-social', { ...REMOCAO_LIMITS.remocao, key: clientIp(req) });
        if (!facebookAppSecret) throw recusa(MSG_REMOCAO.naoConfigurado);
        const signed = signedRequestOf(req.body);
        if (!signed) throw recusa(MSG_REMOCAO.semAssinatura);
        let userId: string;
        try {
          userId = verifyFacebookSignedRequest(signed, facebookAppSecret).user_id;
        } catch (e) {
          if (!(e instanceof SignedRequestError)) throw e;
          req.log.info({ motivo: e.motivo }, 'facebook data deletion request refused');
          throw recusa(
            e.motivo === 'algoritmo' ? MSG_REMOCAO.algoritmoInvalido : MSG_REMOCAO.assinaturaInvalida,
          );
        }
        const codigo = randomUUID();
        await db.transaction().execute(async (trx) => {
          // Only the link to Facebook goes: the account, its password, other social links and its
          // orders stay. An account left with no password and no other link is kept too: its owner
          // can still get in by password recovery (the reset link goes to the account's e-mail).
          await trx
            .deleteFrom('cliente_social')
            .where('provedor', '=', 'facebook')
            .where('sujeito', '=', userId)
            .execute();
          // The same answer whether or not a link existed (nothing to learn by probing); the record
          // keeps no user id, only that a request was received.
          await trx
            .insertInto('remocao_social')
            .values({ codigo, provedor: 'facebook', criado_em: isoNow() })
            .execute();
        });
        return { url: `${publicUrl}/fb_confirmar_remocao?codigo=${codigo}`, confirmation_code: codigo };
      },
    );

    app.get<{ Params: { codigo: string } }>(
      '/controle/cliente/social/remocao/:codigo/',
      { config: { contrato: CONTRATOS_CLIENTE.remocao } },
      async (req, reply): Promise<RemocaoSocial> => {
        await rateLimit(req, reply, 'remocao-consulta', { ...REMOCAO_LIMITS.consulta, key: clientIp(req) });
        const { codigo } = req.params;
        const row = CODIGO_RE.test(codigo)
          ? await db
              .selectFrom('remocao_social')
              .select(['codigo', 'criado_em'])
              .where('codigo', '=', codigo)
              .executeTakeFirst()
          : undefined;
        if (!row) throw new HttpError(404, { detail: MSG_REMOCAO.codigoDesconhecido });
        return { codigo: row.codigo, criado_em: row.criado_em };
      },
    );
  };
}
