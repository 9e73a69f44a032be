import { reaisToCents } from '@rango/domain';
import type { Db } from '../../db/index.ts';
import { parseId } from '../../http/errors.ts';
import { criarCupom } from './service.ts';

export const CUPOM_CRIAR_USO =
  'cupom-criar <idestabelecimento> <codigo> <percentual|fixo> <valor> [--limite R$] [--minimo R$] [--ate AAAA-MM-DD] [--usos N] [--usos-cliente N]\n' +
  '                     cria um cupom (valor: percentual, ou reais quando fixo)';

/** A decimal in reais as the operator types it ('15', '15,50', '15.5') → cents. */
function reais(raw: string, nome: string): number {
  const t = raw.replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) throw new Error(`Valor inválido em ${nome}: ${raw}`);
  return reaisToCents(Number(t));
}

function inteiro(raw: string, nome: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw new Error(`Valor inválido em ${nome}: ${raw}`);
  return Number(raw);
}

/** `npm run operator -- cupom-criar …`: answers the text the CLI prints. */
export async function cupomCriarCommand(db: Db, args: string[]): Promise<string> {
  const [idRaw, codigo, tipo, valor, ...rest] = args;
  const idestabelecimento = parseId(idRaw);
  if (idestabelecimento === undefined)
    throw new Error(`Id de estabelecimento inválido: ${idRaw ?? '(nenhum)'}`);
  if (!codigo || (tipo !== 'percentual' && tipo !== 'fixo') || valor === undefined) {
    throw new Error(`Uso: ${CUPOM_CRIAR_USO}`);
  }
  const ehpercentual = tipo === 'percentual';
  const pct = Number(valor.replace(',', '.'));
  const opts: Record<string, string> = {};
  for (let i = 0; i < rest.length; i += 2) {
    const flag = rest[i];
    const v = rest[i + 1];
    if (!flag?.startsWith('--') || v === undefined) throw new Error(`Opção inválida: ${flag ?? ''}`);
    opts[flag.slice(2)] = v;
  }
  const known = new Set(['limite', 'minimo', 'ate', 'usos', 'usos-cliente']);
  for (const k of Object.keys(opts)) if (!known.has(k)) throw new Error(`Opção desconhecida: --${k}`);
  const ate = opts.ate;
  const id = await criarCupom(db, {
    idestabelecimento,
    codigo,
    ehpercentual,
    desconto: ehpercentual ? (/^\d+([.,]\d{1,2})?$/.test(valor) ? pct : NaN) : reais(valor, 'valor'),
    limitedesconto: opts.limite === undefined ? 0 : reais(opts.limite, '--limite'),
    subtotalminimo: opts.minimo === undefined ? 0 : reais(opts.minimo, '--minimo'),
    // A date alone means through the end of that day (UTC).
    valido_ate: ate === undefined ? null : /^\d{4}-\d{2}-\d{2}$/.test(ate) ? `${ate}T23:59:59.999Z` : ate,
    limite_total: opts.usos === undefined ? null : inteiro(opts.usos, '--usos'),
    limite_por_cliente:
      opts['usos-cliente'] === undefined ? null : inteiro(opts['usos-cliente'], '--usos-cliente'),
  });
  return `Cupom ${codigo.trim().toUpperCase()} criado (id ${id}) no estabelecimento ${idestabelecimento}.`;
}
