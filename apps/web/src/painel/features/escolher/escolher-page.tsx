import { PAPEL_NOME } from '@rango/domain/painel';
import { Alert, Avatar, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import { useEu } from '../../api/eu.ts';
import { ErroCarga } from '../../components/erro-carga.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { painelPaths } from '../../paths.ts';
import classes from './escolher-page.module.css';

/** /painel: the person's establishments; with only one, straight to its orders. */
export default function EscolherPage() {
  const eu = useEu();
  if (eu.isSuccess && eu.data.estabelecimentos.length === 1) {
    return <Navigate to={painelPaths.fila(eu.data.estabelecimentos[0]!.id)} replace />;
  }
  return (
    <Stack maw={640} mx="auto" w="100%">
      <PageTitle>Escolha o estabelecimento</PageTitle>
      {eu.isPending ? <PageLoader /> : null}
      {eu.isError ? <ErroCarga error={eu.error} onRetry={() => void eu.refetch()} /> : null}
      {eu.isSuccess && eu.data.estabelecimentos.length === 0 ? (
        <Alert color="gray" variant="light" title="Nenhum estabelecimento">
          Você ainda não faz parte da equipe de nenhum estabelecimento. Peça um convite ao dono.
        </Alert>
      ) : null}
      {eu.isSuccess && eu.data.estabelecimentos.length > 1 ? (
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
