import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod/mini';
import { ler } from '../../../http/corpo.ts';
import type { Db } from '../../../db/index.ts';
import type { Gateways } from '../contas.ts';
import { paymentsRepository as repo } from '../repository.ts';
import { paginaDesafio3ds } from './formato.ts';

/**
 * Mercado Pago's 3-D Secure challenge (issue 23 part 2). A card payment answered `pending` /
 * `pending_challenge` carries `three_ds_info {external_resource_url, creq}`; Mercado Pago's guide
 * has the browser POST `creq` (form-encoded) to that address inside an iframe. The order's page
 * frames our own page here (the payment's authentication url, as Cielo's bank page), which
 * submits that form by itself: the `creq` is read from Mercado Pago at that moment (never stored,
 * never sent to the page's JS), and the bank's page then tells the order's page with a
 * `postMessage({status: 'COMPLETE'})` that the challenge ended.
 *
 * The address is `/api/ead/pagamentos/mercadopago/desafio/{chave}/{assinatura}/`: the attempt's
 * key and an HMAC of it with the install's signing secret, because an iframe carries no bearer
 * token. The page carries no card data.
 */

const PREFIXO = '/api/ead/pagamentos/mercadopago/desafio/';

function assinar(segredo: string, chave: string): string {
  return createHmac('sha256', segredo).update(`mp-3ds:${chave}`).digest('base64url');
}

/** The path the payment stores as its authentication url (relative: the order's page resolves it on its own host). */
export function caminhoDesafio3ds(segredo: string, chave: string): string {
  return `${PREFIXO}${encodeURIComponent(chave)}/${assinar(segredo, chave)}/`;
}

function assinaturaValida(segredo: string, chave: string, assinatura: string): boolean {
  const esperada = Buffer.from(assinar(segredo, chave));
  const dada = Buffer.from(assinatura);
  return dada.length === esperada.length && timingSafeEqual(dada, esperada);
}

const origem = (url: string): string | null => {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
};

function pagina(reply: FastifyReply, status: number, html: string, csp: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', csp)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .send(html);
}

/** The path's two parts: our attempt key (service.ts `chaveTentativa`) and its HMAC (base64url SHA-256). */
const parametros = z.object({
  chave: z.string().check(z.regex(/^[A-Za-z0-9]{1,64}$/)),
  assinatura: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/)),
});

const SEM_DESAFIO =
  '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Autenticação do banco</title></head>' +
  '<body><p>Não há autenticação pendente para este pagamento.</p></body></html>';
const CSP_ESTATICA = "default-src 'none'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

export function desafio3dsRoutes({ db, gateways, segredo }: { db: Db; gateways: Gateways; segredo: string }) {
  return async function (app: FastifyInstance): Promise<void> {
    app.get(
      '/pagamentos/mercadopago/desafio/:chave/:assinatura/',
      // Its own CSP (a nonce for its one inline script, the bank's origin as the form's target).
      { helmet: false },
      async (req, reply) => {
        // A page in a frame: a malformed or forged address gets the same HTML 404 (no JSON error).
        const params = ler(parametros, req.params, () => undefined);
        if (!params || !assinaturaValida(segredo, params.chave, params.assinatura)) {
          return pagina(reply, 404, SEM_DESAFIO, CSP_ESTATICA);
        }
        const { chave } = params;
        const p = await repo.porChave(db, chave);
        if (!p || p.gateway !== 'mercadopago' || p.estado !== 'pendente' || !p.payment_id) {
          return pagina(reply, 404, SEM_DESAFIO, CSP_ESTATICA);
        }
        let desafio: { url: string; creq: string } | null | undefined;
        try {
          const g = await gateways.doPagamento(p);
          desafio = (await g.consultar(p.payment_id))?.desafio3ds;
        } catch (e) {
          req.log.warn({ pagamento: p.id, err: e }, 'desafio 3DS: Mercado Pago não respondeu');
          return pagina(
            reply,
            502,
            SEM_DESAFIO.replace(
              'Não há autenticação pendente para este pagamento.',
              'Não foi possível abrir a autenticação do banco agora. Tente de novo em instantes.',
            ),
            CSP_ESTATICA,
          );
        }
        const destino = desafio ? origem(desafio.url) : null;
        if (!desafio || !destino) return pagina(reply, 404, SEM_DESAFIO, CSP_ESTATICA);
        const nonce = randomBytes(16).toString('base64');
        const csp = `default-src 'none'; script-src 'nonce-${nonce}'; form-action ${destino}; frame-ancestors 'self'; base-uri 'none'`;
        return pagina(reply, 200, paginaDesafio3ds(desafio, nonce), csp);
      },
    );
  };
}
