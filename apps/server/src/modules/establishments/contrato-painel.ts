import {
  areaInputSchema,
  areaPainelSchema,
  areasPainelSchema,
  estabelecimentoConfigSchema,
  estabelecimentoInputSchema,
  excecoesHorarioInputSchema,
  excecoesHorarioSchema,
  formasPgtoInputSchema,
  formasPgtoPainelSchema,
  horariosInputSchema,
  horariosSchema,
  taxaBairroInputSchema,
  taxaBairroPainelSchema,
  taxasBairroPainelSchema,
} from '@rango/domain/painel/catalogo';
import { z } from 'zod/mini';
import { R } from '../../http/openapi.ts';
import type { Contrato } from '../../http/openapi.ts';

const tag = 'Painel: loja';
const acesso = 'funcionario';
const dono = {
  403: R.detalhe('Só o dono pode fazer isto.'),
  404: R.naoEncontrado('Sem acesso a este estabelecimento, ou o item não existe nele.'),
};
const ler = (resumo: string, schema: z.ZodMiniType): Contrato => ({
  resumo,
  tag,
  acesso,
  respostas: { 200: R.ok(schema), ...dono },
});
const gravar = (resumo: string, corpo: z.ZodMiniType, schema: z.ZodMiniType, status = 200): Contrato => ({
  resumo,
  tag,
  acesso,
  corpo,
  respostas: { [status]: R.ok(schema), 400: R.campos(), ...dono },
});
const excluir = (resumo: string): Contrato => ({
  resumo,
  tag,
  acesso,
  respostas: { 204: R.semCorpo('Excluído.'), ...dono },
});

/** The owner's back office of the store (issue 12); every route is the owner's. */
export const CONTRATOS_LOJA = {
  criar: {
    resumo: 'Cria um estabelecimento; quem cria é seu dono.',
    tag,
    acesso,
    corpo: estabelecimentoInputSchema,
    respostas: { 201: R.ok(estabelecimentoConfigSchema, 'O estabelecimento criado.'), 400: R.campos() },
  },
  dados: ler(
    'Os dados do estabelecimento (nome, endereço, telefones, pedido mínimo, previsão).',
    estabelecimentoConfigSchema,
  ),
  mudarDados: gravar(
    'Altera os dados do estabelecimento.',
    estabelecimentoInputSchema,
    estabelecimentoConfigSchema,
  ),
  horarios: ler('Os horários de funcionamento da semana.', horariosSchema),
  mudarHorarios: gravar('Troca os horários de funcionamento da semana.', horariosInputSchema, horariosSchema),
  excecoes: ler('As datas com horário próprio (feriados, eventos).', excecoesHorarioSchema),
  mudarExcecoes: gravar(
    'Troca as datas com horário próprio.',
    excecoesHorarioInputSchema,
    excecoesHorarioSchema,
  ),
  areas: ler('As áreas de entrega (raios e taxas).', areasPainelSchema),
  mapa: ler(
    'O mapa sob os círculos de entrega (`tiles` nulo quando não configurado).',
    z.object({ tiles: z.nullable(z.string()), atribuicao: z.string() }),
  ),
  criarArea: gravar('Cria uma área de entrega.', areaInputSchema, areaPainelSchema, 201),
  mudarArea: gravar('Altera uma área de entrega.', areaInputSchema, areaPainelSchema),
  excluirArea: excluir('Exclui uma área de entrega.'),
  taxas: ler('As taxas de entrega por bairro.', taxasBairroPainelSchema),
  criarTaxa: gravar('Cria uma taxa por bairro.', taxaBairroInputSchema, taxaBairroPainelSchema, 201),
  mudarTaxa: gravar('Altera uma taxa por bairro.', taxaBairroInputSchema, taxaBairroPainelSchema),
  excluirTaxa: excluir('Exclui uma taxa por bairro.'),
  formas: ler('As formas de pagamento do estabelecimento.', formasPgtoPainelSchema),
  mudarFormas: gravar('Troca as formas de pagamento aceitas.', formasPgtoInputSchema, formasPgtoPainelSchema),
} satisfies Record<string, Contrato>;
