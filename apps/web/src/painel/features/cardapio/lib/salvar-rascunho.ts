/**
 * Saving the draft: one request that saves the product with its groups and options as one unit
 * (POST …/produtos/salvar/: all of it or nothing), whether the draft differs from the server's
 * menu, and the error of a refused save.
 */
import type {
  CardapioPainel,
  GrupoOpcaoPainel,
  SalvarProdutoInput,
  SalvarProdutoResultado,
} from '@rango/domain/painel/catalogo';
import { rascunhoDe, type Rascunho } from './rascunho.ts';
import { chave, inputGrupo, inputOpcao, inputProduto } from './validar-rascunho.ts';

/** The write the save needs (injected: the page passes the establishment's API). */
export interface EscritaCatalogo {
  salvarProduto: (b: SalvarProdutoInput) => Promise<SalvarProdutoResultado>;
}

/** A refused save: nothing was written (the draft is as it was), and why. */
export class SalvarErro extends Error {
  constructor(
    readonly rascunho: Rascunho,
    readonly causa: unknown,
    /** The field key of the server's {campo: [...]} answer ('grupos.0.opcoes.1.preco'). */
    readonly alvo: (campo: string) => string,
  ) {
    super(causa instanceof Error ? causa.message : 'Erro não identificado.');
  }
}

const igual = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Does the draft differ from what the server holds? (the unsaved-changes warning) */
export function alterado(r: Rascunho, servidor: CardapioPainel | undefined): boolean {
  if (r.produto.idproduto < 0) return true;
  const s = servidor ? rascunhoDe(servidor, r.produto.idproduto) : null;
  if (!s) return true;
  if (!igual(inputProduto(r.produto), inputProduto(s.produto))) return true;
  return r.produto.grupoopcoes.some((id) => {
    const g = r.grupos[id];
    const o = s.grupos[id];
    if (!g || !o) return true;
    // An untouched group is the server's own object.
    if (g === o) return false;
    return (
      !igual(inputGrupo(g), inputGrupo(o)) ||
      g.opcoes.length !== o.opcoes.length ||
      // An untouched option is the server's own object too: one keystroke compares one option.
      g.opcoes.some((x, i) => {
        const y = o.opcoes[i]!;
        return x !== y && (x.idopcao !== y.idopcao || !igual(inputOpcao(x), inputOpcao(y)));
      })
    );
  });
}

/** The draft as the one save's body: the product, its groups in order, each with its options. */
export function corpoDoRascunho(r: Rascunho): SalvarProdutoInput {
  const { grupoopcoes: _links, ...produto } = inputProduto(r.produto);
  return {
    idproduto: r.produto.idproduto < 0 ? null : r.produto.idproduto,
    produto,
    grupos: r.produto.grupoopcoes.map((id) => {
      const g = r.grupos[id]!;
      return {
        ...inputGrupo(g),
        idgrupoopcao: g.idgrupoopcao,
        opcoes: g.opcoes.map((o) => ({ ...inputOpcao(o), idopcao: o.idopcao })),
      };
    }),
  };
}

/** The field key of a path of the body, in the draft's ids (new things keep their negative ids). */
function alvoNoRascunho(r: Rascunho): (campo: string) => string {
  return (campo) => {
    const [raiz, i, resto, k, ...mais] = campo.split('.');
    if (raiz === 'grupos' && i !== undefined) {
      const g = r.grupos[r.produto.grupoopcoes[Number(i)] ?? NaN];
      if (g && resto === 'opcoes' && k !== undefined && mais.length > 0) {
        const o = g.opcoes[Number(k)];
        if (o) return chave.opcao(o.idopcao, mais.join('.'));
      }
      if (g && resto !== undefined)
        return chave.grupo(g.idgrupoopcao, [resto, k, ...mais].filter((x) => x !== undefined).join('.'));
    }
    return chave.produto(raiz === 'produto' ? campo.slice('produto.'.length) : campo);
  };
}

/**
 * Saves the draft in one request: the server writes it all in one transaction, or nothing.
 * Answers the draft with the server's ids. An unchanged product is not sent. A failure throws
 * SalvarErro with the draft as it was, so a retry sends the same body.
 */
export async function salvarRascunho(
  api: EscritaCatalogo,
  r: Rascunho,
  servidor: CardapioPainel | undefined,
): Promise<Rascunho> {
  if (r.produto.idproduto > 0 && !alterado(r, servidor)) return r;
  try {
    const salvo = await api.salvarProduto(corpoDoRascunho(r));
    const grupos: Record<number, GrupoOpcaoPainel> = {};
    for (const g of salvo.gruposopcao) grupos[g.idgrupoopcao] = g;
    return { produto: salvo.produto, grupos };
  } catch (e) {
    throw new SalvarErro(r, e, alvoNoRascunho(r));
  }
}
