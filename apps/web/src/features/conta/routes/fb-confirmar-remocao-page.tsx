import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { AuthCard } from '../components/auth-card.tsx';

/** /fb_confirmar_remocao (public): where Facebook's data-deletion callback sends the customer. */
export default function FbConfirmarRemocaoPage() {
  useDocumentTitle('Remoção de dados');
  return (
    <AuthCard titulo="Remoção de dados">
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
        <Button component={Link} to={paths.home} fullWidth>
          Ir para o início
        </Button>
      </Stack>
    </AuthCard>
  );
}
