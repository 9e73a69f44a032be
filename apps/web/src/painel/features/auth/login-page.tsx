import { MSG_PAINEL, staffLoginInputSchema } from '@rango/domain/painel';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
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
  // Plain state rather than useMutation: this page is the panel's first load and its JS budget
  // (e2e/src/js-budget.ts) has no room for TanStack's mutation code, which nothing else here uses.
  const [pendente, setPendente] = useState(false);
  const [erro, setErro] = useState<Error | null>(null);
  const entrar = async (email: string, senha: string) => {
    setPendente(true);
    setErro(null);
    try {
      // On success the session store changes and the guest-only guard leaves this page.
      await login({ email, senha });
    } catch (e) {
      setErro(e instanceof Error ? e : new Error(String(e)));
      setPendente(false);
    }
  };

  return (
    <Stack gap="md">
      <PageTitle>Entrar no painel</PageTitle>
      <Text size="sm" c="dimmed">
        Acesso da equipe do restaurante: pedidos, loja e cardápio.
      </Text>
      {expirou && !erro ? (
        <Alert color="yellow" variant="light" role="status">
          {MSG_PAINEL.sessaoExpirada}
        </Alert>
      ) : null}
      <form noValidate onSubmit={form.onSubmit((v) => void entrar(v.email.trim(), v.senha))}>
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
          <FormError error={erro} />
          <Button type="submit" fullWidth loading={pendente} disabled={pendente}>
            Entrar
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Ainda não usa o Rango?{' '}
        <Anchor component={Link} to={painelPaths.cadastro} size="sm">
          Cadastre seu restaurante
        </Anchor>
      </Text>
    </Stack>
  );
}
