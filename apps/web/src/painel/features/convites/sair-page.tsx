import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useSairDoEstabelecimento } from '../../api/convites.ts';
import { FormError } from '../../components/form-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { useEstabelecimentoAtual } from '../../lib/estabelecimento-atual.ts';
import { painelPaths } from '../../paths.ts';

/**
 * /painel/:id/sair: any member leaves the establishment's team (issue 20), after confirming. The
 * last owner is refused with the server's text; the account stays (other establishments too).
 */
export default function SairPage() {
  const { id, nome } = useEstabelecimentoAtual();
  const sair = useSairDoEstabelecimento(id);
  const navigate = useNavigate();
  return (
    <Stack maw={640} mx="auto" w="100%">
      <PageTitle>Sair deste estabelecimento</PageTitle>
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Text>
            Sair da equipe de <strong>{nome}</strong>? Você deixa de ver os pedidos deste estabelecimento e só
            volta com um novo convite. A sua conta e os outros estabelecimentos continuam como estão.
          </Text>
          <FormError error={sair.error} />
          <Group>
            <Button
              color="red.9"
              loading={sair.isPending}
              disabled={sair.isPending}
              onClick={() =>
                sair.mutate(undefined, {
                  onSuccess: () => void navigate(painelPaths.inicio, { replace: true }),
                })
              }
            >
              Sair de {nome}
            </Button>
            <Button variant="default" component={Link} to={painelPaths.fila(id)}>
              Cancelar
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
