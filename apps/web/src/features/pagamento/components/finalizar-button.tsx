import { Button } from '@mantine/core';
import { MSG_PEDIDO } from '@rango/domain';

interface FinalizarButtonProps {
  /** The checkout form's id: the button sits in the summary, outside the form. */
  form: string;
  ocupado: boolean;
  /** Below the minimum order: the id of the text that says so. */
  pedidoMinimo: string | null;
}

/** 'Finalizar': submits the checkout form. */
export function FinalizarButton({ form, ocupado, pedidoMinimo }: FinalizarButtonProps) {
  const abaixo = pedidoMinimo !== null;
  return (
    <Button
      type="submit"
      form={form}
      size="md"
      fullWidth
      loading={ocupado}
      // Below the minimum: disabled to the eye and to assistive technology, yet pressable, so a
      // press gets the notice instead of nothing (issue 14).
      data-disabled={abaixo || undefined}
      aria-disabled={abaixo || undefined}
      aria-describedby={pedidoMinimo ?? undefined}
    >
      {MSG_PEDIDO.finalizar}
    </Button>
  );
}
