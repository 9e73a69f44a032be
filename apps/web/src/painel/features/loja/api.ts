/**
 * The establishment's back-office calls (issue 12): its data, opening hours, delivery circles,
 * neighbourhood fees and payment methods, under /painel/estabelecimento/{id}/ (contract:
 * @rango/domain/painel catalogo.ts; money in cents).
 */
import {
  areaPainelSchema,
  areasPainelSchema,
  estabelecimentoConfigSchema,
  excecoesHorarioSchema,
  formasPgtoPainelSchema,
  horariosSchema,
  taxaBairroPainelSchema,
  taxasBairroPainelSchema,
  type AreaInput,
  type EstabelecimentoInput,
  type ExcecoesHorarioInput,
  type FormasPgtoInput,
  type HorariosInput,
  type TaxaBairroInput,
} from '@rango/domain/painel/catalogo';
import { cepAnswerSchema, geocodeAnswerSchema, type GeocodeQuery } from '@rango/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { PainelApiError, estPath, painelDelete, painelGet, painelPost, painelPut } from '../../api/client.ts';

/** GET …/areas/mapa/: the map tiles under the delivery circles (server's MAPA_TILES_URL), or none. */
const mapaAreasSchema = z.object({ tiles: z.nullable(z.string()), atribuicao: z.string() });

export const lojaQueries = {
  dados: (id: number) =>
    queryOptions({
      queryKey: ['painel', id, 'loja-dados'] as const,
      queryFn: ({ signal }) => painelGet(estPath(id, 'dados/'), estabelecimentoConfigSchema, signal),
    }),
  horarios: (id: number) =>
    queryOptions({
      queryKey: ['painel', id, 'horarios'] as const,
      queryFn: ({ signal }) => painelGet(estPath(id, 'horarios/'), horariosSchema, signal),
    }),
  excecoes: (id: number) =>
    queryOptions({
      queryKey: ['painel', id, 'horarios-excecoes'] as const,
      queryFn: ({ signal }) => painelGet(estPath(id, 'horarios/excecoes/'), excecoesHorarioSchema, signal),
    }),
  areas: (id: number) =>
    queryOptions({
      queryKey: ['painel', id, 'areas'] as const,
      queryFn: ({ signal }) => painelGet(estPath(id, 'areas/'), areasPainelSchema, signal),
    }),
  mapa: (id: number) =>
    queryOptions({
      queryKey: ['painel', id, 'areas-mapa'] as const,
      queryFn: ({ signal }) => painelGet(estPath(id, 'areas/mapa/'), mapaAreasSchema, signal),
      // The server's configuration: it changes only with a restart.
      staleTime: Infinity,
      retry: false,
    }),
  bairros: (id: number) =>
    queryOptions({
      queryKey: ['painel', id, 'taxas-bairro'] as const,
      queryFn: ({ signal }) => painelGet(estPath(id, 'taxas-bairro/'), taxasBairroPainelSchema, signal),
    }),
  formas: (id: number) =>
    queryOptions({
      queryKey: ['painel', id, 'formas-pagamento'] as const,
      queryFn: ({ signal }) => painelGet(estPath(id, 'formas-pagamento/'), formasPgtoPainelSchema, signal),
    }),
};

export const lojaApi = {
  salvarDados: (id: number, b: EstabelecimentoInput) =>
    painelPut(estPath(id, 'dados/'), b, estabelecimentoConfigSchema),
  salvarHorarios: (id: number, b: HorariosInput) => painelPut(estPath(id, 'horarios/'), b, horariosSchema),
  salvarExcecoes: (id: number, b: ExcecoesHorarioInput) =>
    painelPut(estPath(id, 'horarios/excecoes/'), b, excecoesHorarioSchema),
  criarArea: (id: number, b: AreaInput) => painelPost(estPath(id, 'areas/'), b, areaPainelSchema),
  salvarArea: (id: number, idarea: number, b: AreaInput) =>
    painelPut(estPath(id, `areas/${idarea}/`), b, areaPainelSchema),
  excluirArea: (id: number, idarea: number) => painelDelete(estPath(id, `areas/${idarea}/`)),
  criarBairro: (id: number, b: TaxaBairroInput) =>
    painelPost(estPath(id, 'taxas-bairro/'), b, taxaBairroPainelSchema),
  salvarBairro: (id: number, idtaxa: number, b: TaxaBairroInput) =>
    painelPut(estPath(id, `taxas-bairro/${idtaxa}/`), b, taxaBairroPainelSchema),
  excluirBairro: (id: number, idtaxa: number) => painelDelete(estPath(id, `taxas-bairro/${idtaxa}/`)),
  salvarFormas: (id: number, b: FormasPgtoInput) =>
    painelPut(estPath(id, 'formas-pagamento/'), b, formasPgtoPainelSchema),
};

export type Erros = Record<string, string>;

/** A schema's refusal as {'a.b.0.c': 'texto'} (the first text per field), the server's own shape. */
export function errosDe(r: {
  success: boolean;
  error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
}): Erros {
  const out: Erros = {};
  if (r.success || !r.error) return out;
  for (const i of r.error.issues) out[i.path.map(String).join('.')] ??= i.message;
  return out;
}

/** The server's 400 {campo: ['…']} as the same map; other failures give none. */
export function errosDoServidor(e: unknown): Erros {
  if (!(e instanceof PainelApiError) || e.status !== 400 || !e.data || typeof e.data !== 'object') return {};
  const out: Erros = {};
  for (const [k, v] of Object.entries(e.data as Record<string, unknown>)) {
    const m: unknown = Array.isArray(v) ? v[0] : v;
    if (typeof m === 'string' && k !== 'detail' && k !== 'non_field_errors') out[k] = m;
  }
  return out;
}

/** GET /api/cep/{cep}/ (the customers' lookup, public): street, district, city and state, or `erro`. */
export const buscarCep = (cep: string, signal?: AbortSignal) =>
  painelGet(`/api/cep/${cep.replace(/\D/g, '')}/`, cepAnswerSchema, signal);

/** GET /api/geocode/?…: the address's point; 404 when the geocoder cannot place it. */
export function localizarEndereco(e: GeocodeQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({
    rua: e.rua,
    numero: e.numero,
    bairro: e.bairro,
    cidade: e.cidade,
    uf: e.uf,
    cep: e.cep ?? '',
  });
  return painelGet(`/api/geocode/?${params.toString()}`, geocodeAnswerSchema, signal);
}

/** POST /painel/estabelecimentos/: a new establishment; the caller becomes its owner. */
export const criarEstabelecimento = (b: EstabelecimentoInput) =>
  painelPost('/painel/estabelecimentos/', b, estabelecimentoConfigSchema);
