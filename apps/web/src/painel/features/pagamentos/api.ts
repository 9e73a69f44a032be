/** The payment accounts' calls (issue 23 part 1): the paths live here only. */
import {
  conexaoMercadoPagoSchema,
  contaPagamentoSchema,
  contasPagamentoSchema,
  testeContaSchema,
  type ContaCieloInput,
  type ContaMercadoPagoInput,
} from '@rango/domain/painel/pagamentos';
import { queryOptions } from '@tanstack/react-query';
import { estPath, painelDelete, painelGet, painelPost, painelPut } from '../../api/client.ts';

const base = (id: number, resto = '') => estPath(id, `pagamentos/${resto}`);

export const contasQuery = (id: number) =>
  queryOptions({
    queryKey: ['painel', id, 'pagamentos'] as const,
    queryFn: ({ signal }) => painelGet(base(id), contasPagamentoSchema, signal),
  });

export const salvarCielo = (id: number, v: ContaCieloInput) =>
  painelPost(base(id, 'cielo/'), v, contaPagamentoSchema);
export const salvarMercadoPago = (id: number, v: ContaMercadoPagoInput) =>
  painelPost(base(id, 'mercadopago/'), v, contaPagamentoSchema);
export const ativarSandbox = (id: number) => painelPost(base(id, 'sandbox/'), {}, contaPagamentoSchema);
export const ativarConta = (id: number, idconta: number | null) =>
  painelPut(base(id, 'ativa/'), { idconta }, contasPagamentoSchema);
export const testarConta = (id: number, idconta: number) =>
  painelPost(base(id, `${idconta}/teste/`), {}, testeContaSchema);
export const removerConta = (id: number, idconta: number) => painelDelete(base(id, `${idconta}/`));
/** 'Conectar Mercado Pago': the authorization page's URL (the server keeps the state and PKCE verifier). */
export const conectarMercadoPago = (id: number) =>
  painelPost(base(id, 'mercadopago/conectar/'), {}, conexaoMercadoPagoSchema);
export const desconectarConta = (id: number, idconta: number) =>
  painelPost(base(id, `${idconta}/desconectar/`), {}, contasPagamentoSchema);
