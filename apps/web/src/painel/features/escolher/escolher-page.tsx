import { PAPEL_NOME } from '@rango/domain/painel';
import { Avatar, Button, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import { useConvites } from '../../api/convites.ts';
import { useEu } from '../../api/eu.ts';
import { ErroCarga } from '../../components/erro-carga.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { painelPaths } from '../../paths.ts';
import { ConvitesPendentes } from './convites-pendentes.tsx';
import classes from './escolher-page.module.css';

/**
 * /painel: the person's pending invitations (accept or decline) and establishments; with only one
 * establishment and no invitation, straight to its orders.
 */
export default function EscolherPage() {
  const eu = useEu();
  const convites = useConvites();
  const pendentes = convites.data ?? [];
  // A failed read of the invitations does not hold the panel up: it is as if there were none.
  if (
    eu.isSuccess &&
    eu.data.estabelecimentos.length === 1 &&
    !convites.isPending &&
    pendentes.length === 0
  ) {
    return <Navigate to={painelPaths.fila(eu.data.estabelecimentos[0]!.id)} replace />;
  }
  return (
    <Stack maw={640} mx="auto" w="100%">
      <PageTitle>
        {eu.isSuccess && eu.data.estabelecimentos.length === 0
          ? 'Bem-vindo ao Rango'
          : 'Escolha o estabelecimento'}
      </PageTitle>
      {eu.isPending || convites.isPending ? <PageLoader /> : null}
      {eu.isError ? <ErroCarga error={eu.error} onRetry={() => void eu.refetch()} /> : null}
      {convites.isSuccess ? <ConvitesPendentes convites={pendentes} /> : null}
      {eu.isSuccess && eu.data.estabelecimentos.length === 0 ? (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm" align="flex-start">
            <Title order={2} size="h3">
              {pendentes.length > 0 ? 'Ou cadastre o seu restaurante' : 'Nenhum estabelecimento'}
            </Title>
            <Text>
              Cadastre o seu restaurante para montar o cardápio, o horário e as áreas de entrega e receber
              pedidos.
              {pendentes.length > 0
                ? null
                : ' Se você trabalha num restaurante que já usa o Rango, peça um convite ao dono.'}
            </Text>
            <Button component={Link} to={painelPaths.novoEstabelecimento}>
              Cadastrar meu restaurante
            </Button>
          </Stack>
        </Paper>
      ) : null}
      {eu.isSuccess &&
      (eu.data.estabelecimentos.length > 1 ||
        (eu.data.estabelecimentos.length === 1 && pendentes.length > 0)) ? (
        <ul className={classes.lista}>
          {eu.data.estabelecimentos.map((e) => (
            <li key={e.id}>
              <UnstyledButton component={Link} to={painelPaths.fila(e.id)} className={classes.item}>
                <Paper withBorder p="md" radius="md">
                  <Group wrap="nowrap">
                    <Avatar src={e.logo} alt="" radius="md" color="brasa">
                      {e.apelidooufantasia.slice(0, 1)}
                    </Avatar>
                    <div className={classes.texto}>
                      <Text fw={600}>{e.apelidooufantasia}</Text>
                      <Text size="sm" c="dimmed">
                        {PAPEL_NOME[e.papel]}
                      </Text>
                    </div>
                    <IconChevronRight aria-hidden="true" />
                  </Group>
                </Paper>
              </UnstyledButton>
            </li>
          ))}
        </ul>
      ) : null}
    </Stack>
  );
}
