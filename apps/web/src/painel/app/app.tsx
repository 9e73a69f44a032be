import { PainelProvider } from './provider.tsx';
import { PainelRouter } from './router.tsx';

export function PainelApp() {
  return (
    <PainelProvider>
      <PainelRouter />
    </PainelProvider>
  );
}
