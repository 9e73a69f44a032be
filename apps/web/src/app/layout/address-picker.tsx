import { Button, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMapPin } from '@tabler/icons-react';

const TITULO = 'Escolha o endereço de entrega';

/**
 * The address picker's place in the header. Choosing an address arrives with customer accounts;
 * until then the button explains that instead of doing nothing.
 */
export function AddressPicker({ compact = false }: { compact?: boolean }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      {compact ? (
        <Button variant="subtle" color="gray" px="xs" onClick={open} aria-label={TITULO}>
          <IconMapPin size={22} aria-hidden="true" />
        </Button>
      ) : (
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconMapPin size={18} aria-hidden="true" />}
          onClick={open}
        >
          {TITULO}
        </Button>
      )}
      <Modal
        opened={opened}
        onClose={close}
        title={TITULO}
        centered
        closeButtonProps={{ 'aria-label': 'Fechar' }}
      >
        <Stack gap="md">
          <Text>
            Em breve você poderá informar o seu endereço aqui para ver a taxa de entrega de cada restaurante.
            Essa opção chega junto com as contas de cliente.
          </Text>
          <Button onClick={close} style={{ alignSelf: 'flex-end' }}>
            Entendi
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
