import { Center, Loader } from '@mantine/core';

/** Shown while a page's code loads; the label is read by screen readers. */
export function PageLoader() {
  return (
    <Center mih={240} role="status" aria-live="polite">
      <Loader aria-label="Carregando" />
    </Center>
  );
}
