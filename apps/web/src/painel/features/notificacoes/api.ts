/** The 'Notificações' page's calls (issue 22 part 2): the paths live here only. */
import {
  entradasWhatsappSchema,
  modelosWhatsappSchema,
  notificacoesPainelSchema,
  testeWhatsappSchema,
  type ConectarWhatsapp,
} from '@rango/domain/painel/notificacoes';
import { queryOptions } from '@tanstack/react-query';
import { estPath, painelDelete, painelGet, painelPost, painelPut, semCorpo } from '../../api/client.ts';

const base = (id: number, resto = '') => estPath(id, `notificacoes/${resto}`);

export const notificacoesQuery = (id: number) =>
  queryOptions({
    queryKey: ['painel', id, 'notificacoes'] as const,
    queryFn: ({ signal }) => painelGet(base(id), notificacoesPainelSchema, signal),
  });

export const modelosQuery = (id: number) =>
  queryOptions({
    queryKey: ['painel', id, 'notificacoes', 'modelos'] as const,
    queryFn: ({ signal }) => painelGet(base(id, 'whatsapp/modelos/'), modelosWhatsappSchema, signal),
    retry: false,
  });

export const entradasQuery = (id: number) =>
  queryOptions({
    queryKey: ['painel', id, 'notificacoes', 'entradas'] as const,
    queryFn: ({ signal }) => painelGet(base(id, 'whatsapp/entradas/'), entradasWhatsappSchema, signal),
    refetchInterval: 15_000,
  });

export const conectar = (id: number, v: ConectarWhatsapp) =>
  painelPut(base(id, 'whatsapp/'), v, notificacoesPainelSchema);
export const desconectar = (id: number) => painelDelete(base(id, 'whatsapp/'));
export const ligar = (id: number, tipo: string, ativo: boolean) =>
  painelPut(base(id, 'mensagens/'), { tipo, ativo }, notificacoesPainelSchema);
export const submeterModelos = (id: number) =>
  painelPost(base(id, 'whatsapp/modelos/'), {}, modelosWhatsappSchema);
export const enviarTeste = (id: number, telefone: string) =>
  painelPost(base(id, 'whatsapp/teste/'), { telefone }, testeWhatsappSchema);
export const marcarLida = (id: number, identrada: number) =>
  painelPost(base(id, `whatsapp/entradas/${identrada}/lida/`), {}, semCorpo);
