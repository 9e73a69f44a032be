/**
 * The product editor's draft: how one is built (from the server's menu, or new) and how the
 * editors' parts change it. Its other jobs sit beside it: the customer's view for the preview
 * (produto-cliente.ts), the contract's inputs and their validation (validar-rascunho.ts), and
 * the writes that save it (salvar-rascunho.ts).
 *
 * A draft holds one product and the option groups it links. Groups are shared between products
 * (reuse), so editing a group edits it everywhere it is linked; the editor says where. Things not
 * yet on the server carry negative ids until their POST answers.
 */
import type {
  CardapioPainel,
  GrupoOpcaoPainel,
  OpcaoPainel,
  ProdutoPainel,
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
