import '../../../components/overlay-styles.ts';
import { MSG_CONTA, type Endereco, type EnderecoValido } from '@rango/domain';
import { ActionIcon, Group, Paper } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { clearEnderecoEscolhido, enderecoCurto, getEnderecoEscolhido } from '../../../stores/endereco.ts';
import { useDeleteEndereco } from '../api/delete-endereco.ts';
import { useEnderecos } from '../api/get-enderecos.ts';
import { toEnderecoLocal } from '../lib/choose-endereco.ts';
import { useSaveEndereco } from '../lib/use-save-endereco.ts';
import { EnderecoResumo } from './endereco-resumo.tsx';
import { EnderecoWizard } from './endereco-wizard.tsx';
import { ConfirmarExclusao, SecaoLista } from './secao-lista.tsx';
import { AppModal } from '../../../shared/components/app-modal.tsx';

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
    <SecaoLista
      id="enderecos-titulo"
      titulo="Endereços"
      novo={{ rotulo: 'Novo endereço', onClick: () => setWizard(null) }}
      lista={enderecos}
      carregando={{ rotulo: 'Carregando endereços', alturas: [72, 72] }}
      erro={MSG_CONTA.erroObterEndereco}
      vazio={{
        titulo: 'Você ainda não tem endereços cadastrados.',
        dica: 'Cadastre um endereço para receber os seus pedidos.',
      }}
      item={(e) => (
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
      )}
    >
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

      <ConfirmarExclusao
        titulo="Excluir endereço"
        pergunta={excluindo && `Deseja excluir o endereço ${enderecoCurto(excluindo)}?`}
        pendente={remove.isPending}
        onCancel={() => setExcluindo(null)}
        onConfirm={() => excluindo && excluir(excluindo)}
      />
    </SecaoLista>
  );
}
