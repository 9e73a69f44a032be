import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { textoOffline, useDadosOffline } from '../lib/dados-offline.ts';

/** The orders' pages offline: the data shown is the last stored copy, and from when. */
export function AvisoOffline({ caminho }: { caminho: RegExp }) {
  const em = useDadosOffline(caminho);
  if (em === undefined) return null;
  return (
    <Alert color="gray" variant="light" role="status" icon={<IconWifiOff size={18} aria-hidden />}>
      {textoOffline(em)}
    </Alert>
  );
}
