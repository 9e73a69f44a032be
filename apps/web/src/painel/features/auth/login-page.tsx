import { MSG_PAINEL, staffLoginInputSchema } from '@rango/domain/painel';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { login } from '../../api/auth.ts';
import { FormError } from '../../components/form-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { usePainelForm } from '../../lib/form.ts';
import { painelPaths } from '../../paths.ts';

/**
 * /painel/login: staff only (their own accounts, not the customers'). Once signed in, the
 * guest-only guard takes the person where they were headed (?de=) or to their establishments.
 */
export default function LoginPage() {
  const [params] = useSearchParams();
  const expirou = params.get('motivo') === 'sessao-expirada';
  const form = usePainelForm({ email: '', senha: '' }, staffLoginInputSchema);
  const entrar = useMutation({ mutationFn: login });

  return (
    <Stack gap="md">
      <PageTitle>Entrar no painel</PageTitle>
      <Text size="sm" c="dimmed">
        Acesso da equipe do restaurante: pedidos, loja e cardápio.
      </Text>
      {expirou && !entrar.error ? (
        <Alert color="yellow" variant="light" role="status">
          {MSG_PAINEL.sessaoExpirada}
        </Alert>
      ) : null}
      <form
        noValidate
        onSubmit={form.onSubmit((v) => entrar.mutate({ email: v.email.trim(), senha: v.senha }))}
      >
        <Stack gap="md">
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="username"
            inputMode="email"
            withAsterisk
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Senha"
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('senha')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={painelPaths.recuperar} size="sm">
              Esqueci minha senha
            </Anchor>
          </Group>
          <FormError error={entrar.error} />
          <Button type="submit" fullWidth loading={entrar.isPending} disabled={entrar.isPending}>
            Entrar
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
