import { Button, Group, List, Stack, Text } from '@mantine/core';
import { MSG_PEDIDO } from '@rango/domain';
import { AppModal } from '../../../shared/components/app-modal.tsx';

/**
 * 'Taxa de entrega' (spec section 4): '{estabelecimento} cobra uma taxa de entrega de R$ 5,00
 * para o bairro Centro'. Informative: closing it in any way accepts the fee.
 */
export function TaxaEntregaModal({
  opened,
  texto,
  onOk,
}: {
  opened: boolean;
  texto: string;
  onOk: () => void;
}) {
  return (
    <AppModal opened={opened} onClose={onOk} title={MSG_PEDIDO.taxaEntregaTitulo} centered>
      <Stack gap="md">
        <Text>{texto}</Text>
        <Group justify="flex-end">
          <Button onClick={onOk} data-autofocus>
            {MSG_PEDIDO.okEntendi}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

/** No delivery to the chosen address (spec section 5): the order becomes a pickup. */
export function SemEntregaModal({ opened, onOk }: { opened: boolean; onOk: () => void }) {
  return (
    <AppModal opened={opened} onClose={onOk} title={MSG_PEDIDO.taxaEntregaTitulo} centered>
      <Stack gap="md">
        <Text>{MSG_PEDIDO.naoEntregaNoEndereco}</Text>
        <Text>
          O tipo de entrega passa a ser <strong>{MSG_PEDIDO.receberNoEstabelecimento}</strong> Se preferir,
          escolha outro endereço.
        </Text>
        <Group justify="flex-end">
          <Button onClick={onOk} data-autofocus>
            {MSG_PEDIDO.okEntendi}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

/** 'Não foi possível finalizar o pedido' (spec section 8, codigo 105): one line per refusal. */
export function ErrosPedidoModal({
  erros,
  onClose,
}: {
  erros: readonly string[] | null;
  onClose: () => void;
}) {
  return (
    <AppModal opened={erros !== null} onClose={onClose} title={MSG_PEDIDO.naoFoiPossivelFinalizar} centered>
      <Stack gap="md">
        <List spacing="xs">
          {(erros ?? []).map((msg, i) => (
            <List.Item key={i}>{msg}</List.Item>
          ))}
        </List>
        <Text size="sm" c="dimmed">
          Confira o resumo do pedido e finalize de novo.
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {MSG_PEDIDO.okEntendi}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
