import { staffRecuperarInputSchema } from '@rango/domain/painel';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { recuperarSenha } from '../../api/auth.ts';
import { FormError } from '../../components/form-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { usePainelForm } from '../../lib/form.ts';
import { painelPaths } from '../../paths.ts';

/** /painel/recuperar: a link to set a new password goes to the e-mail (the answer never says whether it has access). */
export default function RecuperarPage() {
  const form = usePainelForm({ email: '' }, staffRecuperarInputSchema);
  const enviar = useMutation({ mutationFn: recuperarSenha });

  return (
    <Stack gap="md">
      <PageTitle>Esqueci minha senha</PageTitle>
      {enviar.isSuccess ? (
        <Alert color="green" variant="light" role="status">
          {enviar.data}
        </Alert>
      ) : (
        <>
          <Text size="sm">
            Informe o e-mail com que você entra no painel. Enviaremos um link para criar uma nova senha.
          </Text>
          <form noValidate onSubmit={form.onSubmit((v) => enviar.mutate(v.email.trim()))}>
            <Stack gap="md">
              <TextInput
                label="E-mail"
                type="email"
                autoComplete="email"
                inputMode="email"
                withAsterisk
                {...form.getInputProps('email')}
              />
              <FormError error={enviar.error} />
              <Button type="submit" fullWidth loading={enviar.isPending} disabled={enviar.isPending}>
                Enviar link
              </Button>
            </Stack>
          </form>
        </>
      )}
      <Anchor component={Link} to={painelPaths.login} size="sm" ta="center">
        Voltar para o login
      </Anchor>
    </Stack>
  );
}
