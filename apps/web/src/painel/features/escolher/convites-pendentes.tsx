import { PAPEL_NOME } from '@rango/domain/painel';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useResponderConvite, type Convite } from '../../api/convites.ts';
import { FormError } from '../../components/form-error.tsx';

const dataCurta = (iso: string) =>
  new Date(iso).toLocaleDateString('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' });

function ConviteItem({ convite, onRespondido }: { convite: Convite; onRespondido: (texto: string) => void }) {
  const responder = useResponderConvite();
  const [acao, setAcao] = useState<'aceitar' | 'recusar' | null>(null);
  const enviar = (aceitar: boolean) => {
    setAcao(aceitar ? 'aceitar' : 'recusar');
    responder.mutate(
      { idestabelecimento: convite.idestabelecimento, aceitar },
      {
        onSuccess: () =>
          onRespondido(
            aceitar
              ? `Convite aceito: você agora faz parte da equipe de ${convite.estabelecimento}.`
              : `Convite de ${convite.estabelecimento} recusado.`,
          ),
      },
    );
  };
  return (
    <li>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Text fw={600}>{convite.estabelecimento}</Text>
          <Text size="sm" c="dimmed">
            Convite para {PAPEL_NOME[convite.papel]} · vale até {dataCurta(convite.expira_em)}
          </Text>
          <FormError error={responder.error} />
          <Group gap="sm">
            <Button
              onClick={() => enviar(true)}
              loading={responder.isPending && acao === 'aceitar'}
              disabled={responder.isPending}
              aria-label={`Aceitar o convite de ${convite.estabelecimento}`}
            >
              Aceitar
            </Button>
            <Button
              variant="default"
              onClick={() => enviar(false)}
              loading={responder.isPending && acao === 'recusar'}
              disabled={responder.isPending}
              aria-label={`Recusar o convite de ${convite.estabelecimento}`}
            >
              Recusar
            </Button>
          </Group>
        </Stack>
      </Paper>
    </li>
  );
}

/**
 * The signed-in person's pending invitations (issue 20): nothing changes until they accept one;
 * declining removes it. Shown on the establishment chooser.
 */
export function ConvitesPendentes({ convites }: { convites: Convite[] }) {
  const [aviso, setAviso] = useState('');
  return (
    <section aria-labelledby="convites-titulo">
      <Text role="status" aria-live="polite" mb={aviso ? 'sm' : 0}>
        {aviso}
      </Text>
      {convites.length > 0 ? (
        <>
          <Title order={2} size="h3" id="convites-titulo" mb="sm">
            Convites pendentes
          </Title>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {convites.map((c) => (
              <ConviteItem key={c.idestabelecimento} convite={c} onRespondido={setAviso} />
            ))}
          </Stack>
        </>
      ) : null}
    </section>
  );
}
