import { Alert, Button, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { MSG_PEDIDO } from '@rango/domain';
import classes from './pagamento.module.css';

/** The checkout's frame while its data load. */
export function CheckoutCarregando() {
  return (
    <div className={classes.layout} aria-busy="true">
      <VisuallyHidden>Carregando os dados do pagamento…</VisuallyHidden>
      <Stack gap="md">
        <Skeleton height={90} radius="md" />
        <Skeleton height={180} radius="md" />
        <Skeleton height={140} radius="md" />
      </Stack>
      <Skeleton height={320} radius="md" />
    </div>
  );
}

/** The checkout's data could not be read: why, and 'Tentar novamente'. */
export function CheckoutErro({ erro, onTentarDeNovo }: { erro: unknown; onTentarDeNovo: () => void }) {
  return (
    <Alert color="red" variant="light" title="Não foi possível carregar os dados do pagamento.">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{erro instanceof Error ? erro.message : MSG_PEDIDO.opsTexto}</Text>
        <Button size="compact-sm" variant="default" onClick={onTentarDeNovo}>
          Tentar novamente
        </Button>
      </Stack>
    </Alert>
  );
}
