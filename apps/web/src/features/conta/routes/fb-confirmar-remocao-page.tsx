import { Button, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useRemocaoSocial } from '../api/remocao-social.ts';
import { AuthCard } from '../components/auth-card.tsx';

const TITULO = 'Remoção de dados';

function Inicio() {
  return (
    <Button component={Link} to={paths.home} fullWidth>
      Ir para o início
    </Button>
  );
}

/**
 * /fb_confirmar_remocao (public): where Facebook's data-deletion callback sends the customer.
 * With `?codigo=` (the confirmation code the callback answered) the code is checked with the
 * server first, so the page never confirms a request that does not exist.
 */
export default function FbConfirmarRemocaoPage() {
  useDocumentTitle(TITULO);
  const [params] = useSearchParams();
  const codigo = params.get('codigo')?.trim() || null;
  const consulta = useRemocaoSocial(codigo);

  if (codigo && consulta.isPending) {
    return (
      <AuthCard titulo={TITULO}>
        <Stack align="center" py="lg" role="status">
          <Loader aria-hidden="true" />
          <Text>Verificando sua solicitação…</Text>
        </Stack>
      </AuthCard>
    );
  }

  if (codigo && consulta.isError) {
    const desconhecido = consulta.error instanceof ApiError && consulta.error.status === 404;
    return (
      <AuthCard titulo={TITULO}>
        <Stack align="center" ta="center" gap="md" role="status">
          <ThemeIcon size={64} radius="xl" variant="light" color="yellow" aria-hidden="true">
            <IconAlertTriangle size={40} />
          </ThemeIcon>
          <Title order={2} size="h3">
            {desconhecido ? 'Solicitação não encontrada' : 'Algo deu errado...'}
          </Title>
          <Text>
            {desconhecido
              ? `Não encontramos uma solicitação de remoção com o código ${codigo}. Confira o link recebido do Facebook.`
              : consulta.error.message}
          </Text>
          <Inicio />
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard titulo={TITULO}>
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius="xl" variant="light" color="green" aria-hidden="true">
          <IconCircleCheck size={40} />
        </ThemeIcon>
        <Title order={2} size="h3">
          Dados removidos com sucesso
        </Title>
        <Text>
          Os dados do seu login pelo Facebook foram removidos do Rango. Para entrar novamente, use seu e-mail
          e senha ou conecte sua conta outra vez.
        </Text>
        {consulta.data && <Text fw={600}>Código da solicitação: {consulta.data.codigo}</Text>}
        <Inicio />
      </Stack>
    </AuthCard>
  );
}
