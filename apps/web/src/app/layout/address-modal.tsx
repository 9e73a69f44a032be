import '../../components/overlay-styles.ts';
import { Button, Modal, Stack, Text } from '@mantine/core';

const TITULO = 'Escolha o endereço de entrega';

/** The address picker's explanation; its own chunk, loaded when the button is first pressed. */
export function AddressModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={TITULO}
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <Stack gap="md">
        <Text>
          Em breve você poderá informar o seu endereço aqui para ver a taxa de entrega de cada restaurante.
          Essa opção chega junto com as contas de cliente.
        </Text>
        <Button onClick={onClose} style={{ alignSelf: 'flex-end' }}>
          Entendi
        </Button>
      </Stack>
    </Modal>
  );
}
