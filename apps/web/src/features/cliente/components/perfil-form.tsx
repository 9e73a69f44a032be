import '../../../components/overlay-styles.ts';
import { MSG_CONTA, maskTelefone, perfilInputSchema, telefoneSemDdi, type Cliente } from '@rango/domain';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useDeleteCliente } from '../api/delete-cliente.ts';
import { SEUS_DADOS_PATH } from './meus-dados-section.tsx';
import { useUpdateCliente } from '../api/update-cliente.ts';
import { maskCpf } from '../lib/mask-cpf.ts';
import { AppModal } from '../../../shared/components/app-modal.tsx';

interface PerfilValues {
  nomeourazaosocial: string;
  cnpjoucpf: string;
  telefone: string;
}

// The domain's rules, first message per field (the same schema the server validates with).
const validate = schemaResolver(perfilInputSchema, { sync: true });

/**
 * 'Dados do cadastro' (spec sections 2, 5, 8): name, CPF, read-only e-mail and phone, 'Atualizar'
 * (PATCH) and 'Excluir Conta' (a confirmation, DELETE, then /logout).
 */
export function PerfilForm({ cliente }: { cliente: Cliente }) {
  const form = useForm<PerfilValues>({
    mode: 'controlled',
    initialValues: {
      nomeourazaosocial: cliente.nomeourazaosocial,
      cnpjoucpf: maskCpf(cliente.cnpjoucpf ?? ''),
      telefone: maskTelefone(cliente.telefone ?? ''),
    },
    validate,
    validateInputOnBlur: true,
  });
  const update = useUpdateCliente();
  const remove = useDeleteCliente();
  const navigate = useNavigate();
  const [confirming, { open: openConfirm, close: closeConfirm }] = useDisclosure(false);

  const submit = form.onSubmit((values) => {
    const parsed = perfilInputSchema.safeParse(values);
    if (!parsed.success) return;
    update.mutate(
      { id: cliente.id, perfil: parsed.data },
      {
        onSuccess: () => notifications.show({ color: 'green', message: MSG_CONTA.dadosAtualizados }),
        onError: () => notifications.show({ color: 'red', message: MSG_CONTA.erroAtualizarDados }),
      },
    );
  });

  const excluir = () =>
    remove.mutate(cliente.id, {
      onSuccess: () => {
        closeConfirm();
        // /logout clears the session and the stored address, and says 'Conta excluída com
        // sucesso.' instead of 'Você fez logout!' (one notice). Replaced: Back must not return
        // to the deleted account's page.
        void navigate(paths.logoutContaExcluida, { replace: true });
      },
      onError: () => notifications.show({ color: 'red', message: MSG_CONTA.erroExcluirConta }),
    });

  return (
    <>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <TextInput
            label="Nome"
            autoComplete="name"
            withAsterisk
            {...form.getInputProps('nomeourazaosocial')}
          />
          <TextInput
            label="CPF"
            inputMode="numeric"
            placeholder="000.000.000-00"
            maxLength={14}
            {...form.getInputProps('cnpjoucpf')}
            onChange={(e) => form.setFieldValue('cnpjoucpf', maskCpf(e.currentTarget.value))}
          />
          <TextInput
            label="E-mail"
            type="email"
            value={cliente.email}
            readOnly
            description="O e-mail não pode ser alterado."
          />
          <TextInput
            label="Telefone"
            type="tel"
            autoComplete="tel"
            inputMode="numeric"
            placeholder="(99) 99999-9999"
            maxLength={15}
            withAsterisk
            {...form.getInputProps('telefone')}
            onChange={(e) => form.setFieldValue('telefone', maskTelefone(e.currentTarget.value))}
            onPaste={(e) => {
              // '+55 11 98765-4321' is longer than the field: taken whole, without the country code.
              const nacional = telefoneSemDdi(e.clipboardData.getData('text'));
              if (nacional === null) return;
              e.preventDefault();
              form.setFieldValue('telefone', maskTelefone(nacional));
            }}
          />
          <Group justify="space-between" mt="sm">
            <Button variant="subtle" color="red" onClick={openConfirm}>
              Excluir Conta
            </Button>
            <Button type="submit" loading={update.isPending}>
              Atualizar
            </Button>
          </Group>
        </Stack>
      </form>
      <AppModal opened={confirming} onClose={closeConfirm} title="Excluir Conta" centered>
        <Stack gap="md">
          <Text>
            Ao excluir a sua conta, apagamos os seus dados pessoais: nome, e-mail, telefone, CPF, endereços e
            cartões salvos. Os pedidos já feitos ficam para o restaurante, sem os seus dados.
          </Text>
          <Text size="sm">
            <Anchor component={Link} to={SEUS_DADOS_PATH}>
              Veja o que guardamos e por quê
            </Anchor>
            . Antes de excluir, você pode baixar uma cópia dos seus dados em “Seus dados”, nesta página.
          </Text>
          <Text fw={700}>Esta ação não pode ser desfeita.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={closeConfirm} data-autofocus disabled={remove.isPending}>
              Cancelar
            </Button>
            <Button color="red.9" onClick={excluir} loading={remove.isPending}>
              Excluir minha conta
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </>
  );
}
