import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMapPin } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

const TITULO = 'Escolha o endereço de entrega';

// The modal (Mantine's Modal, focus trap, scroll lock) loads on the first press, not with the page.
const AddressModal = lazy(() => import('./address-modal.tsx').then((m) => ({ default: m.AddressModal })));

/**
 * The address picker's place in the header. Choosing an address arrives with customer accounts;
 * until then the button explains that instead of doing nothing.
 */
export function AddressPicker({ compact = false }: { compact?: boolean }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [used, setUsed] = useState(false);
  if (opened && !used) setUsed(true);
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
      {(used || opened) && (
        <Suspense fallback={null}>
          <AddressModal opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
