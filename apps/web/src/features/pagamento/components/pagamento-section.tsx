import { Stack, Tabs, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { LOCAL_ENTREGA_PADRAO, MSG_PEDIDO, type FormaPgto } from '@rango/domain';
import type { CamposMercadoPagoApi } from '../../../components/cartao-form/use-campos-mercadopago.ts';
import type { CartaoFormApi } from '../../../components/cartao-form/use-cartao-form.ts';
import { formasNaEntrega, formasOnline, type AbaPagamento, type PagamentoValues } from '../lib/validar.ts';
import { PagamentoNaEntrega } from './pagamento-na-entrega.tsx';
import { PagamentoOnline, type EstadoCartoes } from './pagamento-online.tsx';

interface PagamentoSectionProps {
  form: UseFormReturnType<PagamentoValues>;
  formas: readonly FormaPgto[];
  /** The order's total in cents (the change must exceed it). */
  total: number;
  onTrocoBlur: () => void;
  /** The new card's form (online credit and debit). */
  cartao: CartaoFormApi;
  cartoes: EstadoCartoes;
  /** What is going on after 'Finalizar' with online payment, or null. */
  progresso: string | null;
  /** A saved card asks its CVV in this Secure Field (Mercado Pago), or null. */
  cvvSalvo?: CamposMercadoPagoApi | null;
  /** How the account tokenises is still being asked: the card form waits. */
  tokenizacaoCarregando?: boolean;
}

/**
 * The payment tabs (spec section 2): 'Pagar online' with the methods the establishment offers
 * online (PagamentoOnline) and 'Pagar na entrega' with those it offers on delivery
 * (PagamentoNaEntrega); a tab with none says so and points to the other.
 */
export function PagamentoSection({
  form,
  formas,
  total,
  onTrocoBlur,
  cartao,
  cartoes,
  progresso,
  cvvSalvo = null,
  tokenizacaoCarregando = false,
}: PagamentoSectionProps) {
  const { aba } = form.values;
  // Each tab lists only what the owner offers there (issue 12); an empty tab says so.
  const online = formasOnline(formas);
  const naEntrega = formasNaEntrega(formas);
  return (
    <Stack gap="sm" component="section" aria-labelledby="pagamento-titulo">
      <Title order={2} size="h4" id="pagamento-titulo">
        Forma de pagamento
      </Title>
      <Tabs
        value={aba}
        onChange={(v) => {
          if (!v || progresso !== null) return;
          form.setFieldValue('aba', v as AbaPagamento);
          // The other drop-off places come only with online payment (spec section 9).
          if (v !== 'online' && form.getValues().localEntrega !== LOCAL_ENTREGA_PADRAO) {
            form.setFieldValue('localEntrega', LOCAL_ENTREGA_PADRAO);
          }
          form.clearFieldError('formapgto');
          form.clearFieldError('formaOnline');
          form.clearFieldError('cartaoSalvo');
          form.clearFieldError('localEntrega');
        }}
      >
        <Tabs.List grow>
          <Tabs.Tab value="online">{MSG_PEDIDO.pagarOnline}</Tabs.Tab>
          <Tabs.Tab value="entrega">{MSG_PEDIDO.pagarNaEntrega}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="online" pt="md">
          <PagamentoOnline
            form={form}
            formas={online}
            cartao={cartao}
            cartoes={cartoes}
            progresso={progresso}
            cvvSalvo={cvvSalvo}
            tokenizacaoCarregando={tokenizacaoCarregando}
          />
        </Tabs.Panel>
        <Tabs.Panel value="entrega" pt="md">
          <PagamentoNaEntrega
            form={form}
            formas={naEntrega}
            semFormas={
              online.length > 0 ? MSG_PEDIDO.nenhumMeioPagamentoNaEntrega : MSG_PEDIDO.nenhumMeioPagamento
            }
            total={total}
            onTrocoBlur={onTrocoBlur}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
