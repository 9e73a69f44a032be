import { staffCadastroInputSchema } from '@rango/domain/painel';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { cadastrarRestaurante } from '../../api/auth.ts';
import { FormError } from '../../components/form-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { usePainelForm } from '../../lib/form.ts';
import { painelPaths } from '../../paths.ts';

/**
 * /painel/cadastro: a restaurant signs itself up. The owner's name and e-mail; a link to create
 * the password goes to the e-mail (the answer never says whether it already has an account), and
 * after it the panel offers to create the establishment.
 */
export default function CadastroPage() {
  const form = usePainelForm({ nome: '', email: '' }, staffCadastroInputSchema);
  const enviar = useMutation({ mutationFn: cadastrarRestaurante });

  return (
    <Stack gap="md">
      <PageTitle>Cadastre seu restaurante</PageTitle>
      {enviar.isSuccess ? (
        <Alert color="green" variant="light" role="status" title="Confira seu e-mail">
          {enviar.data}
        </Alert>
      ) : (
        <>
          <Text size="sm">
            Receba pedidos pelo seu próprio link, com cardápio, entrega e pagamento online. Informe seu nome e
            e-mail: enviaremos um link para criar a senha do painel.
          </Text>
          <form
            noValidate
            onSubmit={form.onSubmit((v) => enviar.mutate({ nome: v.nome.trim(), email: v.email.trim() }))}
          >
            <Stack gap="md">
              <TextInput label="Seu nome" autoComplete="name" withAsterisk {...form.getInputProps('nome')} />
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
                Cadastrar
              </Button>
            </Stack>
          </form>
        </>
      )}
      <Anchor component={Link} to={painelPaths.login} size="sm" ta="center">
        Já tenho conta: entrar
      </Anchor>
    </Stack>
  );
}
