import { Stack } from '@mantine/core';
import { PageTitle } from '../../components/page-title.tsx';

export default function Page() {
  return (
    <Stack>
      <PageTitle>Loja</PageTitle>
    </Stack>
  );
}
