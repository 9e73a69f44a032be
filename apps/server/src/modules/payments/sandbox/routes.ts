import { formatBRL } from '@rango/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../../db/index.ts';
import type { Payments } from '../service.ts';
import type { SandboxGateway } from './gateway.ts';
import { sandboxMpiRoutes } from './mpi.ts';
import { escapeHtml as esc } from '../../../http/html.ts';
import { documento } from './mpi-pagina.ts';

/**
 * The embedded gateway's public side (only when PAYMENT_GATEWAY=sandbox): the browser
 * tokenisation endpoint (Cielo's Silent Order Post shape), the issuer's page for a debit waiting
 * for authentication, the 'bank app' that pays a PIX, and the 3-D Secure server (mpi.ts).
 * The pages are plain HTML forms: no script, the server's CSP applies unchanged.
 */
export function sandboxRoutes({
  db,
  stack,
}: {
  db: Db;
  stack: { sandbox: SandboxGateway; sandboxSecret: string; payments: Payments };
}) {
  const { sandbox, payments } = stack;
  return async function (app: FastifyInstance): Promise<void> {
    // The bank pages' forms post urlencoded bodies (only in this plugin's scope).
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );

    await app.register(sandboxMpiRoutes({ db, secret: stack.sandboxSecret }));

    app.post('/sandbox/sop/card/', async (req, reply) => {
      const r = await sandbox.tokenizarSop(req.body);
      return reply.code(r.status).header('cache-control', 'no-store').send(r.body);
    });

    app.get<{ Params: { id: string } }>('/sandbox/banco/debito/:id', async (req, reply) => {
      const p = await sandbox.consultarSandbox(req.params.id);
      if (!p || p.tipo !== 'debito')
        return pagina(reply, 404, 'Pagamento não encontrado', '<p>Este pagamento não existe.</p>');
      if (p.status !== 0)
        return pagina(reply, 200, 'Pagamento já autenticado', '<p>Este pagamento já foi decidido.</p>');
      return pagina(
        reply,
        200,
        'Banco Sandbox — Pagamento em débito',
        `<p>Autorize o pagamento para concluir o pedido.</p>
<dl class="dados">
<dt>Valor</dt>
<dd>${esc(formatBRL(p.valor))}</dd>
<dt>Cartão de débito</dt>
<dd>**** ${esc(p.final ?? '')}</dd>
</dl>
<form method="post">
<div class="acoes">
<button type="submit" name="decisao" value="aprovar" class="aprovar">Aprovar</button>
<button type="submit" name="decisao" value="negar" class="negar">Negar</button>
</div>
</form>`,
      );
    });

    app.post<{ Params: { id: string } }>('/sandbox/banco/debito/:id', async (req, reply) => {
      const decisao = (req.body as Record<string, unknown> | null)?.decisao;
      if (decisao !== 'aprovar' && decisao !== 'negar') {
        return pagina(reply, 400, 'Escolha inválida', '<p>Escolha Aprovar ou Negar.</p>');
      }
      const r = await sandbox.decidirDebito(req.params.id, decisao === 'aprovar');
      if (!r) return pagina(reply, 404, 'Pagamento não encontrado', '<p>Este pagamento não existe.</p>');
      // What the provider's notification would trigger.
      await payments.sincronizarPaymentId(req.params.id);
      const volta = await sandbox.returnUrlDe(req.params.id);
      if (volta) return reply.redirect(volta, 303);
      return pagina(reply, 200, 'Pagamento decidido', '<p>Você já pode fechar esta janela.</p>');
    });

    app.get<{ Params: { id: string } }>('/sandbox/banco/pix/:id', async (req, reply) => {
      const p = await sandbox.consultarSandbox(req.params.id);
      if (!p || p.tipo !== 'pix')
        return pagina(reply, 404, 'PIX não encontrado', '<p>Esta cobrança não existe.</p>');
      const r = await sandbox.consultar(p.payment_id);
      const corpo =
        r?.estado === 'pendente'
          ? `<form method="post"><div class="acoes"><button type="submit" class="aprovar">Pagar ${esc(formatBRL(p.valor))}</button></div></form>`
          : `<p role="status">${r?.estado === 'pago' ? 'Este PIX já foi pago.' : 'Este PIX expirou.'}</p>`;
      return pagina(
        reply,
        200,
        'Banco Sandbox — Pagar PIX',
        `<dl class="dados">
<dt>Valor</dt>
<dd>${esc(formatBRL(p.valor))}</dd>
<dt>Identificador</dt>
<dd>${esc(p.txid ?? '')}</dd>
<dt>Válido até</dt>
<dd>${esc(new Date(p.expira_em ?? 0).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' }))}</dd>
</dl>
${corpo}`,
      );
    });

    app.post<{ Params: { id: string } }>('/sandbox/banco/pix/:id', async (req, reply) => {
      const r = await sandbox.pagarPix(req.params.id);
      if (!r) return pagina(reply, 404, 'PIX não encontrado', '<p>Esta cobrança não existe.</p>');
      await payments.sincronizarPaymentId(req.params.id);
      return pagina(
        reply,
        r.estado === 'pago' ? 200 : 409,
        'Banco Sandbox — PIX',
        `<p role="status">${r.estado === 'pago' ? 'PIX pago. Você já pode voltar ao pedido.' : 'Este PIX expirou e não pode mais ser pago.'}</p>`,
      );
    });
  };
}

/** The bank's pages share the 3-D Secure challenge's document and style (mpi-pagina.ts). */
function pagina(reply: FastifyReply, status: number, titulo: string, corpo: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      documento(
        '/api/ead/sandbox/3ds',
        `<p>Ambiente de testes: nenhum valor real é cobrado.</p>\n${corpo}`,
        titulo,
      ),
    );
}
