import { Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { loginInputSchema } from '@rango/domain';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useLogin } from '../api/login.ts';
import { AuthCard } from '../components/auth-card.tsx';
import classes from '../components/conta.module.css';
import { FormError } from '../components/form-error.tsx';
import { SocialLogin } from '../components/social-login.tsx';
import { useContaForm } from '../lib/form.ts';

/** /login (guests only): e-mail and password, Google and Facebook, links to sign-up and recovery. */
export default function LoginPage() {
  useDocumentTitle('Entrar');
  const form = useContaForm({ email: '', senha: '' }, loginInputSchema);
  const login = useLogin();

  return (
    <AuthCard titulo="Entrar" subtitulo="Acesse sua conta para fazer e acompanhar seus pedidos.">
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          login.mutate({ email: values.email.trim(), senha: values.senha }),
        )}
      >
        <Stack gap="md">
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
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
            <Anchor component={Link} to={paths.recuperar} size="sm">
              Esqueci minha senha
            </Anchor>
          </Group>
          <FormError error={login.error} />
          <Button type="submit" fullWidth loading={login.isPending} disabled={login.isPending}>
            Entrar
          </Button>
        </Stack>
      </form>
      <Divider label="ou" labelPosition="center" />
      <SocialLogin />
      <Text size="sm" ta="center">
        Ainda não tem conta?{' '}
        <Anchor component={Link} to={paths.cadastro} fw={600} className={classes.linkNoTexto}>
          Cadastre-se
        </Anchor>
      </Text>
      <Text size="xs" c="dimmed" ta="center">
        Ao entrar, você concorda com os{' '}
        <Anchor component={Link} to={paths.terms} size="xs" className={classes.linkNoTexto}>
          Termos de Uso
        </Anchor>{' '}
        e a{' '}
        <Anchor component={Link} to={paths.privacy} size="xs" className={classes.linkNoTexto}>
          Política de Privacidade
        </Anchor>
        .
      </Text>
    </AuthCard>
  );
}
