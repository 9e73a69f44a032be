import '../../components/overlay-styles.ts';
import { CookiePolicy } from '../../components/cookie-policy.tsx';
import { AppModal } from '../../shared/components/app-modal.tsx';

/** 'Mais informações' of the cookie notice; its own chunk, loaded on the first press. */
export function CookiePolicyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Política de cookies" size="lg">
      <CookiePolicy />
    </AppModal>
  );
}
