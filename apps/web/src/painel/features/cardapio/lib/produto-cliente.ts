/**
 * The customer's view of the draft, for the live preview: converted by the domain's one
 * conversion (toProduto, toGrupoOpcao, toOpcao: the server's menu read uses it too) and priced by
 * the domain's own engine, as the customer's drawer and the server's order check price it.
 */
import { toGrupoOpcao, toOpcao, toProduto, type GrupoOpcao, type Opcao, type Produto } from '@rango/domain';
import type { GrupoOpcaoPainel, OpcaoPainel } from '@rango/domain/painel/catalogo';
import type { Rascunho } from './rascunho.ts';
import { disp, modo } from './validar-rascunho.ts';

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

// A draft's availability and price mode narrowed to the contract's values before converting.
function opcaoClienteNova(o: OpcaoPainel): Opcao {
  return toOpcao({ ...o, stindisponivel: disp(o.stindisponivel) });
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
  return toGrupoOpcao(
    { ...g, stprecopraticado: modo(g.stprecopraticado), stindisponivel: disp(g.stindisponivel) },
    g.opcoes.map(opcaoCliente),
  );
}

/**
 * The draft as the customer's menu serves it (product prices in reais, as the server's menu read
 * converts them), so the preview runs the very code the customer's drawer and the server's
 * order check run.
 */
export function produtoCliente(r: Rascunho): Produto {
  const p = r.produto;
  return toProduto(
    { ...p, descricao: p.descricao || 'Produto sem nome', stindisponivel: disp(p.stindisponivel) },
    p.grupoopcoes.flatMap((id) => (r.grupos[id] ? [grupoCliente(r.grupos[id])] : [])),
  );
}
