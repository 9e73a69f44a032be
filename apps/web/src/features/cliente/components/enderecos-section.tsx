import '../../../components/overlay-styles.ts';
import { MSG_CONTA, type Endereco, type EnderecoValido } from '@rango/domain';
import { ActionIcon, Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { clearEnderecoEscolhido, enderecoCurto, getEnderecoEscolhido } from '../../../stores/endereco.ts';
import { useDeleteEndereco } from '../api/delete-endereco.ts';
import { useEnderecos } from '../api/get-enderecos.ts';
import { toEnderecoLocal } from '../lib/choose-endereco.ts';
import { useSaveEndereco } from '../lib/use-save-endereco.ts';
import { EnderecoResumo } from './endereco-resumo.tsx';
import { EnderecoWizard } from './endereco-wizard.tsx';
import { AppModal } from '../../../components/app-modal.tsx';

/** The profile's 'Endereços': the saved addresses with add, edit and delete (confirmed). */
export function EnderecosSection() {
  const enderecos = useEnderecos();
  const save = useSaveEndereco();
  const remove = useDeleteEndereco();
  // undefined: closed; null: a new address; an address: editing it.
  const [wizard, setWizard] = useState<Endereco | null | undefined>(undefined);
  const [excluindo, setExcluindo] = useState<Endereco | null>(null);

  const excluir = (e: Endereco) =>
    remove.mutate(e.id, {
      onSuccess: () => {
        setExcluindo(null);
        notifications.show({ color: 'green', message: MSG_CONTA.enderecoRemovido });
        if (getEnderecoEscolhido()?.id === e.id) clearEnderecoEscolhido();
      },
      onError: () => notifications.show({ color: 'red', message: MSG_CONTA.erroExcluirEndereco }),
    });

  return (
    <section aria-labelledby="enderecos-titulo">
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={2} size="h3" id="enderecos-titulo">
          Endereços
        </Title>
        <Button
          variant="light"
          leftSection={<IconPlus size={18} aria-hidden="true" />}
          onClick={() => setWizard(null)}
        >
          Novo endereço
        </Button>
      </Group>
      {enderecos.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Carregando endereços">
          <Skeleton height={72} radius="md" />
          <Skeleton height={72} radius="md" />
        </Stack>
      ) : enderecos.data === undefined ? (
        // Only without data: a failed background refetch keeps the list on screen.
        <Alert color="red" role="alert">
          {MSG_CONTA.erroObterEndereco}
        </Alert>
      ) : enderecos.data.length === 0 ? (
        <Paper withBorder radius="md" p="lg" ta="center">
          <Text>Você ainda não tem endereços cadastrados.</Text>
          <Text size="sm" c="dimmed">
            Cadastre um endereço para receber os seus pedidos.
          </Text>
        </Paper>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {enderecos.data.map((e) => (
            <Paper key={e.id} component="li" withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                <div style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  <EnderecoResumo endereco={toEnderecoLocal(e)} />
                </div>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    onClick={() => setWizard(e)}
                    aria-label={`Editar ${enderecoCurto(e)}`}
                  >
                    <IconPencil size={18} aria-hidden="true" />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    onClick={() => setExcluindo(e)}
                    aria-label={`Excluir ${enderecoCurto(e)}`}
                  >
                    <IconTrash size={18} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}

      <AppModal
        opened={wizard !== undefined}
        onClose={() => setWizard(undefined)}
        title={wizard ? 'Editar endereço' : 'Novo endereço'}
        size="lg"
        centered
      >
        {wizard !== undefined && (
          <EnderecoWizard
            key={wizard?.id ?? 'novo'}
            initial={wizard ? toEnderecoLocal(wizard) : null}
            onCancel={() => setWizard(undefined)}
            onSubmit={async (values: EnderecoValido) => {
              if (await save(values, { editing: wizard, choose: false })) setWizard(undefined);
            }}
          />
        )}
      </AppModal>

      <AppModal
        opened={excluindo !== null}
        onClose={() => setExcluindo(null)}
        title="Excluir endereço"
        centered
      >
        {excluindo && (
          <Stack gap="md">
            <Text>Deseja excluir o endereço {enderecoCurto(excluindo)}?</Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setExcluindo(null)} data-autofocus>
                Cancelar
              </Button>
              <Button color="red.9" onClick={() => excluir(excluindo)} loading={remove.isPending}>
                Excluir
              </Button>
            </Group>
          </Stack>
        )}
      </AppModal>
    </section>
  );
}
