/**
 * The draft as the contract's inputs, validated by the contract's own schemas (whose Portuguese
 * messages the fields show), by field key.
 */
import type { StPrecoPraticado } from '@rango/domain';
import {
  grupoOpcaoInputSchema,
  opcaoInputSchema,
  problemasGrupo,
  produtoInputSchema,
  type GrupoOpcaoInput,
  type GrupoOpcaoPainel,
  type OpcaoInput,
  type OpcaoPainel,
  type ProdutoInput,
  type ProdutoPainel,
} from '@rango/domain/painel/catalogo';
import type { Rascunho } from './rascunho.ts';

/** A panel situation as the contract's: available, unavailable or hidden. */
export const disp = (n: number): 0 | 1 | 2 => (n === 1 || n === 2 ? n : 0);
/** A panel price mode as the contract's (one of the six). */
export const modo = (n: number): StPrecoPraticado =>
  n === 1 || n === 2 || n === 3 || n === 4 || n === 10 ? n : 0;

export function inputProduto(p: ProdutoPainel): ProdutoInput {
  return {
    idgrupo: p.idgrupo,
    descricao: p.descricao,
    detalhe: p.detalhe,
    preco: p.preco,
    precooferta: p.precooferta,
    stindisponivel: disp(p.stindisponivel),
    grupoopcoes: p.grupoopcoes,
  };
}

export function inputGrupo(g: GrupoOpcaoPainel): GrupoOpcaoInput {
  return {
    descricao: g.descricao,
    multiplo: g.multiplo,
    qtdinclusa: g.qtdinclusa,
    qtdmultiplomin: g.qtdmultiplomin,
    qtdmultiplomax: g.qtdmultiplomax,
    stprecopraticado: modo(g.stprecopraticado),
    stnegagrupoopcao: g.stnegagrupoopcao === 0 ? 0 : 1,
    stindisponivel: disp(g.stindisponivel),
  };
}

export function inputOpcao(o: OpcaoPainel): OpcaoInput {
  return {
    descricao: o.descricao,
    detalhe: o.detalhe,
    qtdpadrao: o.qtdpadrao,
    qtdmax: o.qtdmax,
    preco: o.preco,
    precooferta: o.precooferta,
    stindisponivel: disp(o.stindisponivel),
    valorafetatudo: o.valorafetatudo,
    valorafetaopcao: o.valorafetaopcao,
    stpercentualafetaopcao: o.stpercentualafetaopcao === 0 ? 0 : 1,
    valorafetaproduto: o.valorafetaproduto,
    stpercentualafetaproduto: o.stpercentualafetaproduto === 0 ? 0 : 1,
  };
}

/** A field's key in the draft's error map. */
export const chave = {
  produto: (campo: string) => `produto.${campo}`,
  grupo: (id: number, campo: string) => `grupo.${id}.${campo}`,
  opcao: (id: number, campo: string) => `opcao.${id}.${campo}`,
};

export type Erros = Record<string, string>;

function issues(
  r:
    | { success: true }
    | { success: false; error: { issues: readonly { path: PropertyKey[]; message: string }[] } },
  para: (campo: string) => string,
  out: Erros,
) {
  if (r.success) return;
  for (const i of r.error.issues) {
    const k = para(String(i.path[0] ?? ''));
    out[k] ??= i.message;
  }
}

// A group's errors, kept per group object: a keystroke in the product's name does not validate
// 200 options again; an option's own, per option object: a keystroke in one option validates
// that option, not its 199 neighbours.
const errosGrupos = new WeakMap<GrupoOpcaoPainel, Erros>();
const errosOpcoes = new WeakMap<OpcaoPainel, Erros>();

function validarOpcao(o: OpcaoPainel): Erros {
  let out = errosOpcoes.get(o);
  if (!out) {
    out = {};
    issues(opcaoInputSchema.safeParse(inputOpcao(o)), (c) => chave.opcao(o.idopcao, c), out);
    errosOpcoes.set(o, out);
  }
  return out;
}

function validarGrupo(g: GrupoOpcaoPainel): Erros {
  const visto = errosGrupos.get(g);
  if (visto) return visto;
  const out: Erros = {};
  const id = g.idgrupoopcao;
  issues(grupoOpcaoInputSchema.safeParse(inputGrupo(g)), (c) => chave.grupo(id, c), out);
  for (const o of g.opcoes) Object.assign(out, validarOpcao(o));
  for (const pr of problemasGrupo(inputGrupo(g), g.opcoes)) {
    if (pr.campo === 'qtdpadrao' || pr.campo === 'qtdmax') {
      for (const o of g.opcoes) {
        if ((pr.campo === 'qtdpadrao' ? o.qtdpadrao : o.qtdmax) > 1)
          out[chave.opcao(o.idopcao, pr.campo)] ??= pr.msg;
      }
    } else {
      out[chave.grupo(id, pr.campo)] ??= pr.msg;
    }
  }
  errosGrupos.set(g, out);
  return out;
}

/** Every problem of the draft, by field key, in the contract's Portuguese words. */
export function validarRascunho(r: Rascunho): Erros {
  const out: Erros = {};
  // The product's own groups are linked by id; a new group's negative id is not yet one.
  const p = inputProduto(r.produto);
  issues(produtoInputSchema.safeParse({ ...p, grupoopcoes: [] }), chave.produto, out);
  for (const id of r.produto.grupoopcoes) {
    const g = r.grupos[id];
    if (g) Object.assign(out, validarGrupo(g));
  }
  return out;
}
