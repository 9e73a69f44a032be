import { FUSOS_BRASIL, FUSO_PADRAO, formatBRL, maskTelefone, pedidoGravadoSchema } from '@rango/domain';
import type { PedidoGravado } from '@rango/domain';
import { escapeHtml } from '../../http/html.ts';
import type { PedidoCompleto } from './reads.ts';

const two = (n: number) => String(n).padStart(2, '0');

/** 'dd/mm/aaaa hh:mm' on the establishment's wall clock (Brazil keeps one offset all year). */
export function dataHoraLocal(iso: string, timeZone: string = FUSO_PADRAO): string {
  const offset = FUSOS_BRASIL[timeZone] ?? -180;
  const d = new Date(Date.parse(iso) + offset * 60_000);
  if (Number.isNaN(d.getTime())) return '';
  return (
    `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ` +
    `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`
  );
}

/** One line of label and amount. */
const linha = (rotulo: string, valor: string, classe = '') =>
  `<div class="linha${classe ? ` ${classe}` : ''}"><span>${rotulo}</span><span>${valor}</span></div>`;

const STYLE = `
@page { size: 80mm auto; margin: 3mm; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0 auto; padding: 12px; max-width: 80mm; font: 13px/1.35 'DejaVu Sans Mono', 'Courier New', monospace; color: #000; background: #fff; }
h1 { font-size: 16px; margin: 0 0 2px; text-align: center; }
h2 { font-size: 14px; margin: 8px 0 4px; text-align: center; }
p { margin: 0; }
.centro { text-align: center; }
.secao { border-top: 1px dashed #000; margin-top: 8px; padding-top: 6px; }
.linha { display: flex; justify-content: space-between; gap: 8px; }
.linha span:last-child { white-space: nowrap; text-align: right; }
.item { margin-bottom: 4px; }
.opcao { padding-left: 12px; font-size: 12px; }
.obs { padding-left: 12px; font-size: 12px; font-style: italic; overflow-wrap: anywhere; }
.total { font-weight: bold; font-size: 15px; }
.quebra { overflow-wrap: anywhere; }
@media print {
  body { width: 74mm; max-width: none; padding: 0; font-size: 11px; }
  h1 { font-size: 14px; }
  .total { font-size: 13px; }
}
`;

function itensHtml(pedido: PedidoGravado): string {
  return pedido.itens
    .map((item) => {
      const opcoes = item.subitens
        .flatMap((s) => s.sub_subitens)
        .map((o) => {
          // Per item unit, as the tracking page shows it ('cada' when the item has several units).
          const preco =
            o.preco_total > 0 ? `${formatBRL(o.preco_total)}${item.quantidade > 1 ? ' cada' : ''}` : '';
          return `<div class="linha opcao"><span>${o.quantidade}x ${escapeHtml(o.descricao)}</span><span>${preco}</span></div>`;
        })
        .join('');
      const obs = item.observacoes.trim()
        ? `<p class="obs">Obs.: ${escapeHtml(item.observacoes.trim())}</p>`
        : '';
      return (
        `<div class="item">` +
        linha(`${item.quantidade}x ${escapeHtml(item.descricao)}`, formatBRL(item.preco_total)) +
        (item.quantidade > 1
          ? `<div class="linha opcao"><span>Unitário</span><span>${formatBRL(item.preco_unit)}</span></div>`
          : '') +
        opcoes +
        obs +
        `</div>`
      );
    })
    .join('');
}

function enderecoEntregaHtml(pedido: PedidoGravado): string {
  if (pedido.tipo === 'TOGO') return `<p>Retirar no estabelecimento</p>`;
  const e = pedido.cliente.endereco;
  const partes: string[] = [];
  if (e) {
    partes.push(
      `<p class="quebra">${escapeHtml([`${e.rua}, ${e.numero}`, e.complemento ?? ''].filter(Boolean).join(' - '))}</p>`,
      `<p class="quebra">${escapeHtml(`${e.bairro} - ${e.cidade}/${e.uf}`)}</p>`,
      `<p>CEP ${escapeHtml(e.cep)}</p>`,
    );
    if (e.detalhe) partes.push(`<p class="quebra">Referência: ${escapeHtml(e.detalhe)}</p>`);
  }
  if (pedido.endereco_togo) partes.push(`<p class="quebra">Local: ${escapeHtml(pedido.endereco_togo)}</p>`);
  return partes.join('');
}

function pagamentoHtml(pedido: PedidoGravado): string {
  return pedido.pagamentos
    .map((p) => {
      const partes = [linha(escapeHtml(p.descricaoFormaPgto), p.pre_pago ? 'Pago online' : 'Na entrega')];
      if (p.troco_para !== null && p.troco_para > 0) {
        partes.push(linha('Troco para', formatBRL(p.troco_para)));
        partes.push(linha('Troco', formatBRL(Math.max(0, p.troco_para - pedido.total))));
      }
      return partes.join('');
    })
    .join('');
}

/**
 * The order's receipt (spec section 7 'html receipt'): one self-contained page, readable on a
 * phone and printable on an 80 mm thermal printer. No script, no outside resource; every stored
 * text is escaped.
 */
export function receiptHtml(p: PedidoCompleto): string {
  const pedido = pedidoGravadoSchema.parse(JSON.parse(p.row.pedido_json));
  const e = p.estabelecimento;
  const enderecoLoja = [
    [`${e.rua}, ${e.numero}`, e.complemento ?? ''].filter(Boolean).join(' - '),
    `${e.bairro} - ${e.cidade}/${e.uf_sigla}`,
  ];
  const taxa =
    pedido.tipo === 'DELIVERY'
      ? linha('Taxa de entrega', pedido.taxa_entrega ? formatBRL(pedido.taxa_entrega) : 'Grátis')
      : '';
  const cupom =
    pedido.desconto > 0 || pedido.codigo_cupom
      ? linha(`Cupom ${escapeHtml(pedido.codigo_cupom ?? '')}`.trim(), `-${formatBRL(pedido.desconto)}`)
      : '';
  const titulo = `Pedido #${escapeHtml(p.row.referencia)} - ${escapeHtml(e.apelidooufantasia)}`;
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${titulo}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<header class="centro">
<h1>${escapeHtml(e.apelidooufantasia)}</h1>
${enderecoLoja.map((l) => `<p class="quebra">${escapeHtml(l)}</p>`).join('\n')}
${p.fones.length > 0 ? `<p>${p.fones.map(escapeHtml).join(' / ')}</p>` : ''}
</header>
<section class="secao">
<h2>Pedido #${escapeHtml(p.row.referencia)}</h2>
${linha('Data', dataHoraLocal(p.row.dthrpedido))}
${pedido.entregue_as ? linha('Agendado para', dataHoraLocal(pedido.entregue_as)) : ''}
${linha('Tipo', pedido.tipo === 'DELIVERY' ? 'Entrega' : 'Retirada')}
${linha('Cliente', escapeHtml(pedido.cliente.nome))}
${pedido.cliente.telefone ? linha('Telefone', escapeHtml(maskTelefone(pedido.cliente.telefone))) : ''}
</section>
<section class="secao">
${itensHtml(pedido)}
${pedido.observacoes.trim() ? `<p class="obs">Observações: ${escapeHtml(pedido.observacoes.trim())}</p>` : ''}
</section>
<section class="secao">
${linha('Subtotal', formatBRL(pedido.subtotal))}
${taxa}
${cupom}
${linha('Total', formatBRL(pedido.total), 'total')}
</section>
<section class="secao">
<p><strong>Pagamento</strong></p>
${pagamentoHtml(pedido)}
</section>
<section class="secao">
<p><strong>${pedido.tipo === 'DELIVERY' ? 'Entrega' : 'Retirada'}</strong></p>
${enderecoEntregaHtml(pedido)}
</section>
</main>
</body>
</html>
`;
}
