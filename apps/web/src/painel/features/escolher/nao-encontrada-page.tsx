import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { painelPaths } from '../../paths.ts';

export default function NaoEncontradaPage() {
  return (
    <Stack maw={720} mx="auto">
      <PageTitle>Página não encontrada</PageTitle>
      <Text>Este endereço não existe no painel.</Text>
      <Anchor component={Link} to={painelPaths.inicio}>
        Ir para o início do painel
      </Anchor>
    </Stack>
  );
}
