/**
 * The product editor's draft and what it becomes: the customer's product (for the live preview,
 * priced by the domain's own engine), the contract's inputs (validated by the contract's own
 * schemas, whose Portuguese messages the fields show), and the writes that save it.
 *
 * A draft holds one product and the option groups it links. Groups are shared between products
 * (reuse), so editing a group edits it everywhere it is linked; the editor says where. Things not
 * yet on the server carry negative ids until their POST answers.
 */
import {
  centsToReais,
  type GrupoOpcao,
  type Opcao,
  type Produto,
  type StPrecoPraticado,
} from '@rango/domain';
import {
  grupoOpcaoInputSchema,
  opcaoInputSchema,
  problemasGrupo,
  produtoInputSchema,
  type CardapioPainel,
  type GrupoOpcaoInput,
  type GrupoOpcaoPainel,
  type OpcaoInput,
  type OpcaoPainel,
  type ProdutoInput,
  type ProdutoPainel,
} from '@rango/domain/painel/catalogo';
import { parseDinheiro, textoDinheiro } from '../../../lib/dinheiro.ts';

/** Money as typed, shared with the other editors. */
export { parseDinheiro, textoDinheiro };

export interface Rascunho {
  produto: ProdutoPainel;
  /** The groups the product links, by id (idgrupoopcao). */
  grupos: Record<number, GrupoOpcaoPainel>;
}

let proximoTemporario = -1;
/** A negative id for something not yet saved. */
export const idTemporario = (): number => proximoTemporario--;

// ---------------------------------------------------------------------------------------------
// Building drafts

/** The draft of a product already on the server. */
export function rascunhoDe(c: CardapioPainel, idproduto: number): Rascunho | null {
  const produto = c.categorias.flatMap((x) => x.produtos).find((p) => p.idproduto === idproduto);
  if (!produto) return null;
  const grupos: Record<number, GrupoOpcaoPainel> = {};
  for (const id of produto.grupoopcoes) {
    const g = c.gruposopcao.find((x) => x.idgrupoopcao === id);
    if (g) grupos[id] = g;
  }
  return { produto: { ...produto, grupoopcoes: produto.grupoopcoes.filter((id) => grupos[id]) }, grupos };
}

export function novoRascunho(idgrupo: number): Rascunho {
  return {
    produto: {
      idproduto: idTemporario(),
      idgrupo,
      descricao: '',
      detalhe: null,
      imagem: null,
      preco: 0,
      precooferta: 0,
      stindisponivel: 0,
      ordem: 0,
      grupoopcoes: [],
    },
    grupos: {},
  };
}

export function novoGrupo(idproduto: number): GrupoOpcaoPainel {
  return {
    idgrupoopcao: idTemporario(),
    descricao: '',
    multiplo: false,
    qtdinclusa: 0,
    qtdmultiplomin: 0,
    qtdmultiplomax: 1,
    stprecopraticado: 0,
    stnegagrupoopcao: 0,
    stindisponivel: 0,
    opcoes: [],
    produtos: [idproduto],
  };
}

export function novaOpcao(idgrupoopcao: number): OpcaoPainel {
  return {
    idopcao: idTemporario(),
    idgrupoopcao,
    descricao: '',
    detalhe: null,
    qtdpadrao: 0,
    qtdmax: 0,
    preco: 0,
    precooferta: 0,
    stindisponivel: 0,
    valorafetatudo: 0,
    valorafetaopcao: 0,
    stpercentualafetaopcao: 0,
    valorafetaproduto: 0,
    stpercentualafetaproduto: 0,
    ordem: 0,
  };
}

/** Moves the item at `i` by `delta` places (the keyboard's alternative to dragging). */
export function mover<T>(lista: readonly T[], i: number, delta: number): T[] {
  const j = i + delta;
  if (i < 0 || i >= lista.length || j < 0 || j >= lista.length) return [...lista];
  const out = [...lista];
  const [x] = out.splice(i, 1);
  out.splice(j, 0, x!);
  return out;
}

// ---------------------------------------------------------------------------------------------
// The customer's view of the draft

const disp = (n: number): 0 | 1 | 2 => (n === 1 || n === 2 ? n : 0);
const modo = (n: number): StPrecoPraticado => (n === 1 || n === 2 || n === 3 || n === 4 || n === 10 ? n : 0);

// The same panel option gives the same customer option: a keystroke in one option's name makes a
// new group, and the preview then redraws that option's row only (its rows are memoised by it).
const opcoesCliente = new WeakMap<OpcaoPainel, Opcao>();

function opcaoCliente(o: OpcaoPainel): Opcao {
  let c = opcoesCliente.get(o);
  if (!c) {
    c = opcaoClienteNova(o);
    opcoesCliente.set(o, c);
  }
  return c;
}

function opcaoClienteNova(o: OpcaoPainel): Opcao {
  return {
    idopcao: o.idopcao,
    descricao: o.descricao,
    detalhe: o.detalhe,
    quantidade: 0,
    qtdpadrao: o.qtdpadrao,
    qtdmax: o.qtdmax,
    preco: o.preco,
    precooferta: o.precooferta,
    stindisponivel: disp(o.stindisponivel),
    valorafetatudo: o.valorafetatudo,
    valorafetaopcao: o.valorafetaopcao,
    valorafetaproduto: o.valorafetaproduto,
    stpercentualafetaopcao: o.stpercentualafetaopcao,
    stpercentualafetaproduto: o.stpercentualafetaproduto,
  };
}

// The same panel group gives the same customer group: the preview's fieldsets are memoised by it.
const clientes = new WeakMap<GrupoOpcaoPainel, GrupoOpcao>();

export function grupoCliente(g: GrupoOpcaoPainel): GrupoOpcao {
  const visto = clientes.get(g);
  if (visto) return visto;
  const c = grupoClienteNovo(g);
  clientes.set(g, c);
  return c;
}

function grupoClienteNovo(g: GrupoOpcaoPainel): GrupoOpcao {
  return {
    idgrupoopcao: g.idgrupoopcao,
    descricao: g.descricao,
    multiplo: g.multiplo,
    qtdinclusa: g.qtdinclusa,
    qtdmultiplomin: g.qtdmultiplomin,
    qtdmultiplomax: g.qtdmultiplomax,
    stprecopraticado: modo(g.stprecopraticado),
    stnegagrupoopcao: g.stnegagrupoopcao,
    stindisponivel: disp(g.stindisponivel),
    opcoes: g.opcoes.map(opcaoCliente),
  };
}

/**
 * The draft as the customer's menu serves it (product prices in reais, as the server's menu read
 * converts them), so the preview runs the very code the customer's drawer and the server's
 * order check run.
 */
export function produtoCliente(r: Rascunho): Produto {
  const p = r.produto;
  return {
    idproduto: p.idproduto,
    descricao: p.descricao || 'Produto sem nome',
    detalhe: p.detalhe,
    imagem: p.imagem,
    preco: centsToReais(p.preco),
    precooferta: centsToReais(p.precooferta),
    stindisponivel: disp(p.stindisponivel),
    quantidade: 0,
    observacoes: null,
    grupoopcoes: p.grupoopcoes.flatMap((id) => (r.grupos[id] ? [grupoCliente(r.grupos[id])] : [])),
  };
}

// ---------------------------------------------------------------------------------------------
// Inputs and their validation

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

// ---------------------------------------------------------------------------------------------
// Saving

/** The writes the save needs (injected: the page passes catalogoApi bound to the establishment). */
export interface EscritaCatalogo {
  criarProduto: (b: ProdutoInput) => Promise<ProdutoPainel>;
  salvarProduto: (id: number, b: ProdutoInput) => Promise<ProdutoPainel>;
  criarGrupo: (b: GrupoOpcaoInput) => Promise<GrupoOpcaoPainel>;
  salvarGrupo: (id: number, b: GrupoOpcaoInput) => Promise<GrupoOpcaoPainel>;
  criarOpcao: (idgrupo: number, b: OpcaoInput) => Promise<OpcaoPainel>;
  salvarOpcao: (idgrupo: number, idopcao: number, b: OpcaoInput) => Promise<OpcaoPainel>;
  excluirOpcao: (idgrupo: number, idopcao: number) => Promise<unknown>;
  ordenarOpcoes: (idgrupo: number, ids: number[]) => Promise<unknown>;
}

/** A save that stopped part-way: the draft with the ids of what was created, and why. */
export class SalvarErro extends Error {
  constructor(
    readonly rascunho: Rascunho,
    readonly causa: unknown,
    /** The field key of the write that failed, for the server's {campo: [...]} answer. */
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

/**
 * Saves the draft, one contract write at a time: each group (a new one first created in a shape
 * the server accepts before it has options — mode Normal, no minimum — then its options created,
 * changed, removed and ordered, then the group's final fields), then the product with its
 * groups in order. Answers the draft with the server's ids. A failure throws SalvarErro with
 * the draft as far as it got, so a retry does not create anything twice.
 */
export async function salvarRascunho(
  api: EscritaCatalogo,
  inicial: Rascunho,
  servidor: CardapioPainel | undefined,
): Promise<Rascunho> {
  const r: Rascunho = structuredClone(inicial);
  const doServidor = (id: number) => servidor?.gruposopcao.find((g) => g.idgrupoopcao === id);
  let alvo: (campo: string) => string = chave.produto;
  try {
    for (const [pos, idInicial] of r.produto.grupoopcoes.entries()) {
      let g = r.grupos[idInicial]!;
      let antes = doServidor(g.idgrupoopcao);
      alvo = (c) => chave.grupo(idInicial, c);
      if (g.idgrupoopcao < 0) {
        const criado = await api.criarGrupo({
          ...inputGrupo(g),
          stprecopraticado: 0,
          qtdmultiplomin: 0,
          qtdinclusa: 0,
        });
        delete r.grupos[idInicial];
        g = {
          ...g,
          idgrupoopcao: criado.idgrupoopcao,
          opcoes: g.opcoes.map((o) => ({ ...o, idgrupoopcao: criado.idgrupoopcao })),
        };
        r.grupos[g.idgrupoopcao] = g;
        r.produto.grupoopcoes[pos] = g.idgrupoopcao;
        antes = criado;
      }
      const gid = g.idgrupoopcao;
      for (const [i, o] of g.opcoes.entries()) {
        alvo = (c) => chave.opcao(o.idopcao, c);
        if (o.idopcao < 0) {
          const criada = await api.criarOpcao(gid, inputOpcao(o));
          g.opcoes[i] = { ...o, idopcao: criada.idopcao };
        } else {
          const orig = antes?.opcoes.find((x) => x.idopcao === o.idopcao);
          if (!orig || !igual(inputOpcao(orig), inputOpcao(o)))
            await api.salvarOpcao(gid, o.idopcao, inputOpcao(o));
        }
      }
      for (const orig of antes?.opcoes ?? []) {
        if (!g.opcoes.some((o) => o.idopcao === orig.idopcao)) await api.excluirOpcao(gid, orig.idopcao);
      }
      alvo = (c) => chave.grupo(gid, c);
      const ids = g.opcoes.map((o) => o.idopcao);
      const idsAntes = (antes?.opcoes ?? []).map((o) => o.idopcao).filter((id) => ids.includes(id));
      const novas = ids.filter((id) => !idsAntes.includes(id));
      if (!igual(ids, [...idsAntes, ...novas]) && ids.length > 1) await api.ordenarOpcoes(gid, ids);
      if (!antes || !igual(inputGrupo(antes), inputGrupo(g))) await api.salvarGrupo(gid, inputGrupo(g));
    }
    alvo = chave.produto;
    const input = inputProduto(r.produto);
    if (r.produto.idproduto < 0) {
      const salvo = await api.criarProduto(input);
      r.produto = { ...r.produto, idproduto: salvo.idproduto };
    } else {
      const antes = servidor ? rascunhoDe(servidor, r.produto.idproduto) : null;
      if (!antes || !igual(inputProduto(antes.produto), input))
        await api.salvarProduto(r.produto.idproduto, input);
    }
    return r;
  } catch (e) {
    throw new SalvarErro(r, e, alvo);
  }
}

// ---------------------------------------------------------------------------------------------
// Functional updates: the editors' parts change the draft through these, so a memoised part
// never writes from a stale copy.

export type Atualizar = (fn: (r: Rascunho) => Rascunho) => void;

export const comGrupo =
  (id: number, fn: (g: GrupoOpcaoPainel) => GrupoOpcaoPainel) =>
  (r: Rascunho): Rascunho => {
    const g = r.grupos[id];
    return g ? { ...r, grupos: { ...r.grupos, [id]: fn(g) } } : r;
  };

export const comOpcao = (idgrupo: number, idopcao: number, fn: (o: OpcaoPainel) => OpcaoPainel) =>
  comGrupo(idgrupo, (g) => ({ ...g, opcoes: g.opcoes.map((o) => (o.idopcao === idopcao ? fn(o) : o)) }));
