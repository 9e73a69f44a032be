import { Center, Loader } from '@mantine/core';

/**
 * Shown while a page's code loads; the label is read by screen readers. A screen tall, so the
 * footer stays below the fold until the page arrives (no layout shift when it does).
 */
export function PageLoader() {
  return (
    <Center mih="100vh" role="status" aria-live="polite">
      <Loader aria-label="Carregando" />
    </Center>
  );
}
