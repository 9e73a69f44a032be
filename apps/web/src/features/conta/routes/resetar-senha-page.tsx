import { Button, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG_CONTA, resetarSenhaFormSchema } from '@rango/domain';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useResetarSenha } from '../api/resetar-senha.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormError } from '../components/form-error.tsx';
import { useContaForm } from '../lib/form.ts';

/** /resetar-senha/:clienteUuid/:token (public): the new password from the e-mailed link. */
export default function ResetarSenhaPage() {
  useDocumentTitle('Nova senha');
  const { clienteUuid = '', token = '' } = useParams();
  const navigate = useNavigate();
  const form = useContaForm({ senha: '', confirm: '' }, resetarSenhaFormSchema, { confirm: true });
  const resetar = useResetarSenha();

  const submit = form.onSubmit((values) =>
    resetar.mutate(
      { clienteUuid, token, senha: values.senha },
      {
        onSuccess: () => {
          notifications.show({ id: 'senha-alterada', color: 'green', message: MSG_CONTA.senhaAlterada });
          void navigate(paths.login, { replace: true });
        },
      },
    ),
  );

  return (
    <AuthCard titulo="Nova senha" subtitulo="Escolha a nova senha da sua conta.">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <PasswordInput
            label="Nova senha"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('senha')}
          />
          <PasswordInput
            label="Confirmar nova senha"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('confirm')}
          />
          <FormError error={resetar.error} />
          <Button type="submit" fullWidth loading={resetar.isPending} disabled={resetar.isPending}>
            Alterar
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
