import {
  MIN_SENHA_EQUIPE,
  PAPEL_NOME,
  staffDefinirSenhaInputSchema,
  type TipoLink,
} from '@rango/domain/painel';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { definirSenha, getLinkQueryOptions } from '../../api/auth.ts';
import { PainelApiError } from '../../api/client.ts';
import { FormError } from '../../components/form-error.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { usePainelForm } from '../../lib/form.ts';
import { painelPaths } from '../../paths.ts';

const TITULO = {
  convite: 'Aceitar convite',
  senha: 'Criar nova senha',
  cadastro: 'Criar sua senha',
} as const;

/**
 * /painel/convite/:token (an invitation), /painel/senha/:token (a password reset) and
 * /painel/cadastro/:token (a restaurant's sign-up): says what
 * the link is for, then sets the password (typed twice) and signs in. A used, unknown or expired
 * link says so (the server's 404/410 text) with the way forward.
 */
export default function LinkPage({ tipo }: { tipo: TipoLink }) {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const link = useQuery({ ...getLinkQueryOptions(token), retry: false });
  const form = usePainelForm({ senha: '', confirm: '' }, staffDefinirSenhaInputSchema, { confirm: true });
  const salvar = useMutation({
    mutationFn: (senha: string) => definirSenha(token, senha),
    onSuccess: () => void navigate(painelPaths.inicio, { replace: true }),
  });

  // A link spent meanwhile (another tab, a double click) reads like an invalid one.
  const gasto =
    salvar.error instanceof PainelApiError && (salvar.error.status === 404 || salvar.error.status === 410);

  return (
    <Stack gap="md">
      <PageTitle>{TITULO[tipo]}</PageTitle>
      {link.isPending ? <PageLoader label="Verificando o link" /> : null}
      {link.isError ? (
        <Alert color="red" variant="light" role="alert">
          <Text size="sm">{link.error.message}</Text>
          {/* The alert's own text colour, underlined: the theme's link colour on the red
              background measured 4.29:1 (axe, below 4.5). */}
          <Stack gap={4} mt="sm">
            <Anchor component={Link} to={painelPaths.login} size="sm" c="inherit" underline="always">
              Ir para o login
            </Anchor>
            {tipo === 'senha' ? (
              <Anchor component={Link} to={painelPaths.recuperar} size="sm" c="inherit" underline="always">
                Pedir um novo link
              </Anchor>
            ) : null}
            {tipo === 'cadastro' ? (
              <Anchor component={Link} to={painelPaths.cadastro} size="sm" c="inherit" underline="always">
                Cadastrar de novo
              </Anchor>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      {link.isSuccess ? (
        <>
          {link.data.tipo === 'convite' && link.data.estabelecimento ? (
            <Text>
              Olá, {link.data.nome}! Você foi convidado para a equipe de{' '}
              <strong>{link.data.estabelecimento}</strong>
              {link.data.papel ? (
                <>
                  {' '}
                  como <strong>{PAPEL_NOME[link.data.papel]}</strong>
                </>
              ) : null}
              . Crie uma senha para entrar no painel.
            </Text>
          ) : link.data.tipo === 'cadastro' ? (
            <Text>
              Olá, {link.data.nome}! Crie a senha do painel; em seguida você cadastra o seu restaurante.
            </Text>
          ) : (
            <Text>
              Crie uma nova senha para <strong>{link.data.email}</strong>.
            </Text>
          )}
          <form noValidate onSubmit={form.onSubmit((v) => salvar.mutate(v.senha))}>
            <Stack gap="md">
              <Text size="sm" c="dimmed">
                E-mail: {link.data.email}
              </Text>
              <PasswordInput
                label="Senha"
                description={`Pelo menos ${MIN_SENHA_EQUIPE} caracteres.`}
                autoComplete="new-password"
                withAsterisk
                {...form.getInputProps('senha')}
              />
              <PasswordInput
                label="Confirme a senha"
                autoComplete="new-password"
                withAsterisk
                {...form.getInputProps('confirm')}
              />
              <FormError error={salvar.error} />
              {gasto ? (
                <Anchor component={Link} to={painelPaths.login} size="sm">
                  Ir para o login
                </Anchor>
              ) : null}
              <Button type="submit" fullWidth loading={salvar.isPending} disabled={salvar.isPending || gasto}>
                {link.data.tipo === 'senha' ? 'Salvar senha e entrar' : 'Criar senha e entrar'}
              </Button>
            </Stack>
          </form>
        </>
      ) : null}
    </Stack>
  );
}
