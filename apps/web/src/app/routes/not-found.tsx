import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function NotFoundPage() {
  useDocumentTitle('Página não encontrada');
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="md" ta="center">
        <Text fz={64} fw={800} c="brasa.7" lh={1} aria-hidden="true">
          404
        </Text>
        <Title order={1} size="h2">
          Página não encontrada
        </Title>
        <Text>O endereço que você abriu não existe ou mudou de lugar.</Text>
        <Button component={Link} to={paths.home}>
          Voltar para o início
        </Button>
      </Stack>
    </Container>
  );
}
