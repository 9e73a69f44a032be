import { Stack } from '@mantine/core';
import { PageTitle } from '../../components/page-title.tsx';

/** /painel/:id/historico (owner): the audit log, newest first. */
export default function HistoricoPage() {
  return (
    <Stack gap="md" w="100%">
      <PageTitle>Histórico de alterações</PageTitle>
    </Stack>
  );
}
