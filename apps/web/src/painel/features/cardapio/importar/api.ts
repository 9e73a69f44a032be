/**
 * The menu's file (issue 12 part 3, docs/cardapio-importacao.md): GET …/cardapio/exportar/
 * ?formato=json|csv, POST …/cardapio/importar/[?dry_run=1] with the JSON (as JSON) or the CSV's
 * bytes (text/csv; the server decides the encoding).
 */
import {
  MAX_BYTES_IMPORTACAO,
  MSG_IMPORTACAO,
  importacaoResultadoSchema,
  type ImportacaoResultado,
} from '@rango/domain/painel/catalogo';
import { PainelApiError, estPath, painelGetBlob, painelPost } from '../../../api/client.ts';

export type Formato = 'json' | 'csv';

export const exportarPath = (f: Formato) => `cardapio/exportar/?formato=${f}`;
export const importarPath = (dryRun: boolean) => `cardapio/importar/${dryRun ? '?dry_run=1' : ''}`;

/** Downloads the menu as the browser's own file download. */
export async function baixarCardapio(idest: number, f: Formato): Promise<void> {
  const blob = await painelGetBlob(estPath(idest, exportarPath(f)));
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `cardapio-${idest}.${f}`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The file as chosen, ready to send: its format and body, or why it cannot go. */
export type ArquivoLido = { formato: Formato; corpo: unknown } | { erro: string };

/** CSV by its name or type, JSON likewise; otherwise a '{' first says JSON. */
export async function lerArquivo(f: File): Promise<ArquivoLido> {
  if (f.size === 0) return { erro: MSG_IMPORTACAO.arquivoVazio };
  if (f.size > MAX_BYTES_IMPORTACAO) return { erro: MSG_IMPORTACAO.arquivoGrande };
  const nome = f.name.toLowerCase();
  const csv = nome.endsWith('.csv') || f.type === 'text/csv';
  const json = nome.endsWith('.json') || f.type === 'application/json';
  if (csv) return { formato: 'csv', corpo: f };
  const texto = await f.text();
  if (!json && !texto.trimStart().startsWith('{')) return { formato: 'csv', corpo: f };
  try {
    return { formato: 'json', corpo: JSON.parse(texto) as unknown };
  } catch {
    return { erro: MSG_IMPORTACAO.jsonInvalido };
  }
}

/** What the server answered: the changes (dry run or applied) or the refusals with their lines. */
export type Resposta =
  | { tipo: 'ok'; resultado: ImportacaoResultado }
  | { tipo: 'recusado'; resultado: ImportacaoResultado }
  | { tipo: 'erro'; mensagem: string };

export async function importar(
  idest: number,
  arquivo: { formato: Formato; corpo: unknown },
  dryRun: boolean,
): Promise<Resposta> {
  try {
    const resultado = await painelPost(
      estPath(idest, importarPath(dryRun)),
      arquivo.corpo,
      importacaoResultadoSchema,
      arquivo.formato === 'csv' ? { contentType: 'text/csv' } : {},
    );
    return { tipo: 'ok', resultado };
  } catch (e) {
    if (e instanceof PainelApiError && e.status === 400) {
      const r = importacaoResultadoSchema.safeParse(e.data);
      if (r.success && r.data.erros.length > 0) return { tipo: 'recusado', resultado: r.data };
    }
    return { tipo: 'erro', mensagem: e instanceof Error ? e.message : 'Erro não identificado.' };
  }
}
