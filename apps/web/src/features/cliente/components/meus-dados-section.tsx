import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ARQUIVO_MEUS_DADOS, useBaixarMeusDados } from '../api/meus-dados.ts';

export const SEUS_DADOS_PATH = '/cliente/seus-dados';

/** /cliente's LGPD section (issue 14): 'Baixar meus dados' and the page about what is kept. */
export function MeusDadosSection() {
  const baixar = useBaixarMeusDados();
  return (
    <section aria-labelledby="meus-dados-titulo">
      <Stack gap="sm">
        <Title order={2} size="h3" id="meus-dados-titulo">
          Seus dados
        </Title>
        <Text size="sm">
          Baixe uma cópia de tudo o que guardamos sobre você: cadastro, endereços, cartões salvos (só a
          bandeira e os 4 últimos dígitos), pedidos, consentimentos e histórico de acesso.
        </Text>
        <Group gap="md">
          <Button
            variant="light"
            leftSection={<IconDownload size={18} aria-hidden />}
            loading={baixar.isPending}
            onClick={() => baixar.mutate()}
          >
            Baixar meus dados
          </Button>
          <Anchor component={Link} to={SEUS_DADOS_PATH} size="sm">
            O que guardamos e por quê
          </Anchor>
        </Group>
        <div aria-live="polite">
          {baixar.isSuccess ? (
            <Text size="sm" c="dimmed">
              Pronto: o arquivo {ARQUIVO_MEUS_DADOS} foi baixado.
            </Text>
          ) : null}
        </div>
        {baixar.isError ? (
          <Alert color="red" variant="light" role="alert">
            {baixar.error.message}
          </Alert>
        ) : null}
      </Stack>
    </section>
  );
}
