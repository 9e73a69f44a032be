import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG_CONTA, recuperarInputSchema } from '@rango/domain';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useRecuperarSenha } from '../api/recuperar-senha.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { useContaForm } from '../lib/form.ts';

/** /recuperar (guests only): asks for the reset link by e-mail. */
export default function RecuperarPage() {
  useDocumentTitle('Recuperar senha');
  const form = useContaForm({ email: '' }, recuperarInputSchema);
  const recuperar = useRecuperarSenha();

  const submit = form.onSubmit((values) =>
    recuperar.mutate(
      { email: values.email.trim() },
      {
        onSuccess: ({ detail }) =>
          notifications.show({
            id: 'recuperar',
            color: 'green',
            title: MSG_CONTA.resetSolicitado,
            message: detail,
            autoClose: false,
          }),
        onError: (error) =>
          notifications.show({
            id: 'recuperar',
            color: 'red',
            title: MSG_CONTA.recuperacaoFalhou,
            message: error.message,
            autoClose: false,
          }),
      },
    ),
  );

  return (
    <AuthCard
      titulo="Recuperar senha"
      subtitulo="Informe o e-mail da sua conta e enviaremos um link para você criar uma nova senha."
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            inputMode="email"
            withAsterisk
            {...form.getInputProps('email')}
          />
          <Button type="submit" fullWidth loading={recuperar.isPending} disabled={recuperar.isPending}>
            Enviar link
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to={paths.login} size="sm" ta="center">
        Voltar para o login
      </Anchor>
    </AuthCard>
  );
}
