import { Radio, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { formatBRL, MSG_PEDIDO, TIPO_PGTO, type FormaPgto } from '@rango/domain';
import { formaEscolhida, type PagamentoValues } from '../lib/validar.ts';

interface PagamentoNaEntregaProps {
  form: UseFormReturnType<PagamentoValues>;
  /** The methods offered on delivery. */
  formas: readonly FormaPgto[];
  /** What the tab says when there are none. */
  semFormas?: string;
  /** The order's total in cents (the change must exceed it). */
  total: number;
  onTrocoBlur: () => void;
}

/** 'Pagar na entrega' (spec section 2): the establishment's methods; cash asks for the note to change ('troco'). */
export function PagamentoNaEntrega({
  form,
  formas,
  semFormas = MSG_PEDIDO.nenhumMeioPagamento,
  total,
  onTrocoBlur,
}: PagamentoNaEntregaProps) {
  const forma = formaEscolhida(form.values, formas);
  const dinheiro = forma?.sttipopgto === TIPO_PGTO.Dinheiro;
  if (formas.length === 0) return <Text size="sm">{semFormas}</Text>;
  return (
    <Stack gap="md">
      <Radio.Group
        id="pg-formapgto"
        label="Meio de pagamento"
        withAsterisk
        value={form.values.formapgto}
        error={form.values.aba === 'entrega' ? form.errors.formapgto : undefined}
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
  );
}
