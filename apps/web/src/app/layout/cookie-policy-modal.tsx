import '../../components/overlay-styles.ts';
import { Modal } from '@mantine/core';
import { CookiePolicy } from '../../components/cookie-policy.tsx';

/** 'Mais informações' of the cookie notice; its own chunk, loaded on the first press. */
export function CookiePolicyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Política de cookies"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <CookiePolicy />
    </Modal>
  );
}
