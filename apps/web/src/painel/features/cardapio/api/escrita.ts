import { salvarProdutoResultadoSchema } from '@rango/domain/painel/catalogo';
import { PainelApiError, estPath, painelPost } from '../../../api/client.ts';
import type { EscritaCatalogo, SalvarErro } from '../lib/salvar-rascunho.ts';

/** The product with its groups and options saved as one unit, on this establishment's API. */
export function escrita(idest: number): EscritaCatalogo {
  return {
    salvarProduto: (b) => painelPost(estPath(idest, 'produtos/salvar/'), b, salvarProdutoResultadoSchema),
  };
}

/** The server's {campo: ['…']} answer of the write that failed, on that write's fields. */
export function errosDoServidor(e: SalvarErro): Record<string, string> {
  const c = e.causa;
  if (!(c instanceof PainelApiError) || c.status !== 400 || !c.data || typeof c.data !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [campo, v] of Object.entries(c.data as Record<string, unknown>)) {
    const msg: unknown = Array.isArray(v) ? v[0] : v;
    if (typeof msg === 'string' && campo !== 'detail' && campo !== 'non_field_errors')
      out[e.alvo(campo)] = msg;
  }
  return out;
}
