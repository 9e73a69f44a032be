import '@mantine/core/styles/ThemeIcon.css';
import { Anchor, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconToolsKitchen2 } from '@tabler/icons-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { getVisitedEstablishmentPath } from '../../../storage/index.ts';

/** The demo restaurant the seed creates; the link lets visitors of the demo try the menu. */
const DEMO_ESTABELECIMENTO_ID = 1;

/** Spec section 1: the root page only tells that each establishment now has its own page. */
export default function HomePage() {
  useDocumentTitle(null);
  // The installed app starts here (the manifest's start_url): it opens the last restaurant.
  const [params] = useSearchParams();
  const ultimo = params.get('origem') === 'app' ? getVisitedEstablishmentPath() : null;
  if (ultimo) return <Navigate to={ultimo} replace />;
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="xs">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={64} radius="xl" variant="light" aria-hidden="true">
            <IconToolsKitchen2 size={36} />
          </ThemeIcon>
          <Title order={1} size="h2">
            Esta página mudou
          </Title>
          <Text size="lg">Agora cada estabelecimento tem a sua própria página no Rango.</Text>
          <Text>
            Para fazer o seu pedido, entre em contato com o restaurante e peça o link do cardápio online. Com
            ele você vê os produtos, monta o carrinho e acompanha o pedido por aqui.
          </Text>
          <Anchor component={Link} to={paths.estabelecimento(DEMO_ESTABELECIMENTO_ID)} size="sm" mt="sm">
            Ver o restaurante de demonstração
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}
