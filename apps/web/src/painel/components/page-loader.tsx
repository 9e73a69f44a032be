import { Center, Loader } from '@mantine/core';

/** While a page's code or first data loads; the label is read by screen readers. */
export function PageLoader({ label = 'Carregando' }: { label?: string }) {
  return (
    <Center mih={200} role="status" aria-live="polite">
      <Loader aria-label={label} />
    </Center>
  );
}
