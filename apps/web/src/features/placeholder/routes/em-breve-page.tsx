import '@mantine/core/styles/ThemeIcon.css';
import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { getVisitedEstablishmentPath } from '../../../storage/index.ts';

export interface EmBrevePageProps {
  /** The page's name, e.g. 'Entrar'. */
  titulo: string;
  /** One sentence on what is coming. */
  descricao: string;
}

/** Stands in for a page of a later slice, so no link in the app leads nowhere. */
export default function EmBrevePage({ titulo, descricao }: EmBrevePageProps) {
  useDocumentTitle(titulo);
  const [voltarPara] = useState(getVisitedEstablishmentPath);
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
            <IconClockHour4 size={32} />
          </ThemeIcon>
          <Text fw={700} c="brasa.8" tt="uppercase" size="sm">
            Em breve
          </Text>
          <Title order={1} size="h2">
            {titulo}
          </Title>
          <Text>{descricao} Enquanto isso, você pode continuar escolhendo o seu pedido.</Text>
          <Button component={Link} to={voltarPara ?? paths.home}>
            {voltarPara ? 'Voltar ao restaurante' : 'Ir para o início'}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
