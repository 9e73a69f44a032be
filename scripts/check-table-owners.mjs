// Fails when a table is written (Kysely's insertInto / updateTable / deleteFrom / replaceInto)
// outside the module that owns it (issue 21: "every table written only by its owner"). Reads of
// another module's table go through the owner's service; a write elsewhere is an error unless it
// is one of the named exceptions below, each with its reason. An exception that is no longer
// needed is an error too, so the list only shrinks.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = 'apps/server/src';

/** The one owner of each table: a module folder (`modules/<x>`) or a named place outside them. */
const OWNERS = {
  // the store
  estabelecimento: 'modules/establishments',
  fone: 'modules/establishments',
  horariofuncionamento: 'modules/establishments',
  horarioexcecao: 'modules/establishments',
  areaentrega: 'modules/establishments',
  taxaentrega: 'modules/establishments',
  abonotaxaentrega: 'modules/establishments',
  formapgto: 'modules/establishments',
  dominio: 'modules/establishments',
  // the menu
  grupomenu: 'modules/menu',
  produto: 'modules/menu',
  grupoopcao: 'modules/menu',
  produto_grupoopcao: 'modules/menu',
  opcao: 'modules/menu',
  // coupons
  cupom: 'modules/coupons',
  // customers and their addresses, cards and sign-in
  cliente: 'modules/customers',
  cliente_token: 'modules/customers',
  cliente_social: 'modules/customers',
  remocao_social: 'modules/customers',
  refresh_token: 'modules/auth',
  endereco: 'modules/addresses',
  cartao: 'modules/cards',
  // orders
  pedido: 'modules/orders',
  pedido_historico: 'modules/orders',
  pedido_item: 'modules/orders',
  pedido_item_opcao: 'modules/orders',
  cupom_uso: 'modules/orders',
  // payments
  pagamento: 'modules/payments',
  conta_pagamento: 'modules/payments',
  mercadopago_conexao: 'modules/payments',
  taxa_plataforma: 'modules/payments',
  sandbox_cartao: 'modules/payments',
  sandbox_pagamento: 'modules/payments',
  sandbox_3ds: 'modules/payments',
  // staff, operator API keys, events, audit, reports
  funcionario: 'modules/staff',
  funcionario_papel: 'modules/staff',
  funcionario_refresh: 'modules/staff',
  funcionario_link: 'modules/staff',
  funcionario_convite: 'modules/staff',
  operador_token: 'modules/operator',
  evento: 'modules/events',
  auditoria: 'modules/audit',
  relatorio_dia: 'modules/reports',
  // restaurants' credentials, encrypted (issue 21 part 6)
  segredo: 'modules/secrets',
  // ratings after delivery (issue 22 part 5)
  avaliacao: 'modules/avaliacoes',
  // outgoing webhooks (issue 24 part 2)
  webhook: 'modules/webhooks',
  webhook_entrega: 'modules/webhooks',
  webhook_cursor: 'modules/webhooks',
  // Open Delivery (issue 24 part 3)
  opendelivery_credencial: 'modules/opendelivery',
  opendelivery_token: 'modules/opendelivery',
  opendelivery_evento: 'modules/opendelivery',
  opendelivery_cursor: 'modules/opendelivery',
  // the customer's notifications (issue 22)
  notificacao: 'modules/notificacoes',
  notificacao_consentimento: 'modules/notificacoes',
  notificacao_push: 'modules/notificacoes',
  notificacao_cursor: 'modules/notificacoes',
  // the restaurant's brand (issue 23 part 4)
  marca: 'modules/establishments',
  whatsapp_conta: 'modules/notificacoes',
  whatsapp_mensagem: 'modules/notificacoes',
  whatsapp_status: 'modules/notificacoes',
  whatsapp_entrada: 'modules/notificacoes',
  ifood_loja: 'modules/ifood',
  ifood_acao: 'modules/ifood',
  ifood_cursor: 'modules/ifood',
  // infrastructure
  mail_outbox: 'adapters/mail',
  rate_limit: 'http/rate-limit.ts',
  configuracao: 'http/auth.ts',
};

/**
 * Writers that are not the owner yet: issue 21's regroup by noun moves them. `place` is a module
 * folder or a file; `why` says why it still writes there.
 */
const EXCEPTIONS = [
  { table: 'evento', place: 'modules/orders', why: 'event rows of an order placement' },
  { table: 'pagamento', place: 'modules/orders', why: 'payment row in the order transaction' },
  // The demo seed and data migrations write whatever they seed or fix.
  { table: '*', place: 'db/seed', why: 'demo seed' },
  { table: '*', place: 'db/migrations.ts', why: 'data migrations' },
];

const WRITE =
  /\.(insertInto|updateTable|deleteFrom|replaceInto)\(\s*(?:'([a-z0-9_]+)'|"([a-z0-9_]+)"|([^)'"]+))/g;

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    if (!/\.tsx?$/.test(name) || /\.test\.tsx?$/.test(name)) return [];
    // Test helpers and fakes write fixtures; they are not product code.
    if (/(^|\/)(testing|fake[^/]*)\.ts$/.test(name) || path.includes('/test/')) return [];
    return [path];
  });
}

const inPlace = (file, place) => file === place || file.startsWith(place + '/');

const problems = [];
const used = new Set();
let writes = 0;
for (const path of files(ROOT)) {
  const file = relative(ROOT, path);
  const source = readFileSync(path, 'utf8');
  for (const m of source.matchAll(WRITE)) {
    const table = m[2] ?? m[3];
    const line = source.slice(0, m.index).split('\n').length;
    const where = `${join(ROOT, file)}:${line}`;
    const exception = EXCEPTIONS.findIndex(
      (e) => (e.table === table || e.table === '*') && inPlace(file, e.place),
    );
    if (!table) {
      // A table named by a variable can't be checked: only seeds and migrations may do it.
      if (exception >= 0 && EXCEPTIONS[exception].table === '*') used.add(exception);
      else problems.push(`${where}: ${m[1]}(${m[4].trim()}) names its table by a variable`);
      continue;
    }
    writes++;
    const owner = OWNERS[table];
    if (!owner) problems.push(`${where}: table '${table}' has no owner in ${import.meta.url}`);
    else if (inPlace(file, owner)) continue;
    else if (exception >= 0) used.add(exception);
    else problems.push(`${where}: ${m[1]}('${table}') outside its owner ${owner}`);
  }
}
EXCEPTIONS.forEach((e, i) => {
  if (!used.has(i))
    problems.push(`exception no longer needed: '${e.table}' in ${e.place} (${e.why}); remove it`);
});

if (problems.length > 0) {
  for (const p of problems) console.error(p);
  process.exit(1);
}
const named = EXCEPTIONS.length;
console.log(`every table written by its owner (${writes} writes; ${named} named exceptions)`);
