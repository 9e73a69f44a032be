import { Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MAX_OBSERVACOES, MSG_PEDIDO } from '@rango/domain';
import type { PagamentoValues } from '../lib/validar.ts';

/** 'Observações' for the establishment (spec section 2), below the delivery section. */
export function ObservacoesField({ form }: { form: UseFormReturnType<PagamentoValues> }) {
  return (
    <Textarea
      id="pg-observacoes"
      label={MSG_PEDIDO.observacoes}
      placeholder="Alguma informação para o estabelecimento?"
      rows={3}
      maxLength={MAX_OBSERVACOES}
      {...form.getInputProps('observacoes')}
    />
  );
}
