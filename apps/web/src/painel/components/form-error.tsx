import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The server's refusal text, announced as it appears. */
export function FormError({ error }: { error: Error | null }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
      {error.message}
    </Alert>
  );
}
