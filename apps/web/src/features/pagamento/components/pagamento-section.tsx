import { Radio, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { formatBRL, LOCAL_ENTREGA_PADRAO, MSG_PEDIDO, TIPO_PGTO, type FormaPgto } from '@rango/domain';
import type { CartaoFormApi } from '../../../components/cartao-form/use-cartao-form.ts';
import { formaEscolhida, formasOnline, type AbaPagamento, type PagamentoValues } from '../lib/validar.ts';
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
}

/**
 * The payment tabs (spec section 2): 'Pagar online' with the establishment's online methods
 * (PagamentoOnline) and 'Pagar na entrega' with its methods; cash asks for the note to change
 * ('troco').
 */
export function PagamentoSection({
  form,
  formas,
  total,
  onTrocoBlur,
  cartao,
  cartoes,
  progresso,
}: PagamentoSectionProps) {
  const { aba } = form.values;
  const forma = formaEscolhida(form.values, formas);
  const dinheiro = forma?.sttipopgto === TIPO_PGTO.Dinheiro;
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
            formas={formasOnline(formas)}
            cartao={cartao}
            cartoes={cartoes}
            progresso={progresso}
          />
        </Tabs.Panel>
        <Tabs.Panel value="entrega" pt="md">
          {formas.length === 0 ? (
            <Text size="sm">{MSG_PEDIDO.nenhumMeioPagamento}</Text>
          ) : (
            <Stack gap="md">
              <Radio.Group
                id="pg-formapgto"
                label="Meio de pagamento"
                withAsterisk
                value={form.values.formapgto}
                error={aba === 'entrega' ? form.errors.formapgto : undefined}
                onChange={(v) => {
                  form.setFieldValue('formapgto', v);
                  form.clearFieldError('formapgto');
                  form.clearFieldError('troco');
                }}
              >
                <Stack gap="xs" mt="xs">
                  {formas.map((f) => (
                    <Radio key={f.idformapgto} value={String(f.idformapgto)} label={f.descricao} />
                  ))}
                </Stack>
              </Radio.Group>
              {dinheiro && (
                <TextInput
                  id="pg-troco"
                  label="Troco para"
                  withAsterisk
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0,00"
                  leftSection={<Text size="sm">R$</Text>}
                  description={`Valor da nota com que você vai pagar; precisa ser maior que o total (${formatBRL(total)}).`}
                  {...form.getInputProps('troco')}
                  onBlur={onTrocoBlur}
                />
              )}
            </Stack>
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
