import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { cadastroInputSchema, maskTelefone, MSG_CONTA, onlyDigits, telefoneSemDdi } from '@rango/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCadastrar } from '../api/cadastrar.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormError } from '../components/form-error.tsx';
import { serverFieldErrors, useContaForm } from '../lib/form.ts';

const FIELDS = ['nomeourazaosocial', 'email', 'telefone', 'senha', 'confirm'] as const;
/** Sign-up notice (spec section 9: 30 s). */
const SUCESSO_MS = 30_000;

/** /cadastro (guests only): sign-up; the account is confirmed through the e-mailed link. */
export default function CadastroPage() {
  useDocumentTitle('Criar conta');
  const navigate = useNavigate();
  const form = useContaForm(
    { nomeourazaosocial: '', email: '', telefone: '', senha: '', confirm: '' },
    cadastroInputSchema,
    { confirm: true },
  );
  const cadastrar = useCadastrar();
  // Field errors of a 400 sit on their fields; anything else is shown above the button.
  const formError =
    cadastrar.error instanceof ApiError &&
    Object.keys(serverFieldErrors(cadastrar.error.data, FIELDS)).length > 0
      ? null
      : cadastrar.error;

  const submit = form.onSubmit((values) => {
    cadastrar.mutate(
      {
        nomeourazaosocial: values.nomeourazaosocial.trim(),
        email: values.email.trim(),
        telefone: onlyDigits(values.telefone),
        senha: values.senha,
        confirm: values.confirm,
      },
      {
        onSuccess: ({ detail }) => {
          const id = 'cadastro-sucesso';
          notifications.show({
            id,
            color: 'green',
            title: MSG_CONTA.cadastroSucesso,
            autoClose: SUCESSO_MS,
            message: (
              <Stack gap="xs" align="flex-start">
                <span>{detail}</span>
                <Button
                  size="xs"
                  onClick={() => {
                    notifications.hide(id);
                    void navigate(paths.login);
                  }}
                >
                  Ir para Login
                </Button>
              </Stack>
            ),
          });
          form.reset();
        },
        onError: (error) => {
          if (error instanceof ApiError) form.setErrors(serverFieldErrors(error.data, FIELDS));
        },
      },
    );
  });

  const telefone = form.getInputProps('telefone');
  return (
    <AuthCard titulo="Criar conta" subtitulo="Cadastre-se para fazer seus pedidos.">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextInput
            label="Nome"
            autoComplete="name"
            withAsterisk
            {...form.getInputProps('nomeourazaosocial')}
          />
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            inputMode="email"
            withAsterisk
            {...form.getInputProps('email')}
            onPaste={(e) => {
              // Spec section 5: the e-mail is typed, never pasted (a typo would lock the account out).
              // The message stays until the customer types (leaving the field keeps it).
              e.preventDefault();
              form.setFieldValue('email', '');
              form.pinError('email', MSG_CONTA.emailColado);
            }}
          />
          <TextInput
            label="Telefone"
            type="tel"
            autoComplete="tel-national"
            inputMode="numeric"
            placeholder="(99) 99999-9999"
            maxLength={15}
            withAsterisk
            {...telefone}
            onChange={(e) => form.setFieldValue('telefone', maskTelefone(e.currentTarget.value))}
            onPaste={(e) => {
              // '+55 11 98765-4321' is longer than the field: taken whole, without the country code.
              const nacional = telefoneSemDdi(e.clipboardData.getData('text'));
              if (nacional === null) return;
              e.preventDefault();
              form.setFieldValue('telefone', maskTelefone(nacional));
            }}
          />
          <PasswordInput
            label="Senha"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('senha')}
          />
          <PasswordInput
            label="Confirmar senha"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('confirm')}
          />
          <FormError error={formError} />
          <Group grow wrap="nowrap">
            <Button
              component={Link}
              to={paths.login}
              variant="default"
              leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
            >
              Voltar
            </Button>
            <Button type="submit" loading={cadastrar.isPending} disabled={cadastrar.isPending}>
              Cadastrar
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
