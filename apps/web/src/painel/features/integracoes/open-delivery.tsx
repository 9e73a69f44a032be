import {
  Alert,
  Anchor,
  Badge,
  Button,
  CopyButton,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { Credencial, CredencialComSegredo } from '@rango/domain/painel/opendelivery';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ErroCarga } from '../../components/erro-carga.tsx';
import { FormError } from '../../components/form-error.tsx';
import { TITULO_AVISO } from '../../components/aviso.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { painelPaths } from '../../paths.ts';
import { criarCredencial, openDeliveryQuery, revogarCredencial } from './open-delivery-api.ts';

const quando = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' }) : 'Nunca';

/** The new credential, its secret shown this once. */
function CredencialNova({ nova, onFechar }: { nova: CredencialComSegredo; onFechar: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [nova]);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      color="yellow"
      variant="light"
      styles={TITULO_AVISO}
      title="Credencial do PDV"
      role="status"
      aria-live="polite"
    >
      <Stack gap="xs">
        <Text size="sm">Copie e guarde o segredo agora: por segurança, ele não será mostrado de novo.</Text>
        <Text size="sm">
          client_id:{' '}
          <Text span ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {nova.credencial.client_id}
          </Text>
        </Text>
        <Text size="sm">
          client_secret:{' '}
          <Text span ff="monospace" style={{ overflowWrap: 'anywhere' }} data-segredo-od>
            {nova.client_secret}
          </Text>
        </Text>
        <Group gap="xs">
          <CopyButton value={nova.client_secret}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" onClick={copy}>
                {copied ? 'Copiado' : 'Copiar segredo'}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="default" onClick={onFechar}>
            Já guardei
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function Linha({ idest, c }: { idest: number; c: Credencial }) {
  const qc = useQueryClient();
  const revogar = useMutation({
    mutationFn: () => revogarCredencial(idest, c.id),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['painel', idest, 'opendelivery'] }),
  });
  return (
    <Table.Tr>
      <Table.Td>
        <Text ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
          {c.client_id}
        </Text>
        <Text size="xs" c="dimmed">
          Segredo terminado em {c.final} · criada em {quando(c.criado_em)}
        </Text>
      </Table.Td>
      <Table.Td>
        {c.revogado_em ? (
          <Badge color="gray.7" variant="filled">
            Revogada
          </Badge>
        ) : (
          <Badge color="teal.9" variant="filled">
            Ativa
          </Badge>
        )}
      </Table.Td>
      <Table.Td>{quando(c.ultimo_polling_em)}</Table.Td>
      <Table.Td>
        {c.acks} {c.ultimo_ack_em ? `(último em ${quando(c.ultimo_ack_em)})` : ''}
      </Table.Td>
      <Table.Td>
        {c.revogado_em ? null : (
          <Button
            size="xs"
            color="red.9"
            variant="outline"
            loading={revogar.isPending}
            onClick={() => {
              if (window.confirm('Revogar esta credencial? O PDV perde o acesso na hora.')) revogar.mutate();
            }}
            aria-label={`Revogar a credencial ${c.client_id}`}
          >
            Revogar
          </Button>
        )}
        {revogar.isError ? <FormError error={revogar.error} /> : null}
      </Table.Td>
    </Table.Tr>
  );
}

/** 'Integrações' → Open Delivery: the POS's credentials, shown once, revoked; its last poll and acknowledgements. */
export function OpenDelivery({ idest }: { idest: number }) {
  const qc = useQueryClient();
  const q = useQuery(openDeliveryQuery(idest));
  const [nova, setNova] = useState<CredencialComSegredo | null>(null);
  const criar = useMutation({
    mutationFn: () => criarCredencial(idest),
    onSuccess: (r) => {
      setNova(r);
      void qc.invalidateQueries({ queryKey: ['painel', idest, 'opendelivery'] });
    },
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="open-delivery">
      <Stack gap="sm">
        <Title order={2} size="h3" id="open-delivery">
          Open Delivery (PDV)
        </Title>
        <Text size="sm">
          Conecte o PDV do restaurante pelo padrão Open Delivery da Abrasel: ele recebe os pedidos do Rango,
          confirma, avisa quando está pronto e quando foi entregue. Crie uma credencial e informe ao PDV a URL
          base, o client_id e o client_secret.
        </Text>
        {q.data ? (
          <Text size="sm">
            URL base:{' '}
            <Text span ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {q.data.base_url}
            </Text>{' '}
            · eventos aguardando o PDV: {q.data.pendentes}
          </Text>
        ) : null}
        {q.data && q.data.merchant_pendencias.length === 0 ? (
          <Text size="sm">
            Cardápio no padrão (documento Merchant):{' '}
            <Text span ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {q.data.base_url}/v1/merchant
            </Text>
          </Text>
        ) : null}
        {q.data && q.data.merchant_pendencias.length > 0 ? (
          <Alert
            color="yellow"
            variant="light"
            styles={TITULO_AVISO}
            title="Cardápio ainda não publicado no Open Delivery"
          >
            <Text size="sm">
              O padrão exige estes dados da loja: {q.data.merchant_pendencias.join(', ')}. Preencha em{' '}
              <Anchor component={Link} to={painelPaths.loja(idest)}>
                Loja
              </Anchor>
              .
            </Text>
          </Alert>
        ) : null}
        {nova ? <CredencialNova nova={nova} onFechar={() => setNova(null)} /> : null}
        <Group>
          <Button onClick={() => criar.mutate()} loading={criar.isPending}>
            Nova credencial
          </Button>
        </Group>
        {criar.isError ? <FormError error={criar.error} /> : null}
        {q.isPending ? <PageLoader /> : null}
        {q.isError ? <ErroCarga error={q.error} onRetry={() => void q.refetch()} /> : null}
        {q.data && q.data.credenciais.length === 0 ? <Text c="dimmed">Nenhuma credencial ainda.</Text> : null}
        {q.data && q.data.credenciais.length > 0 ? (
          <Table.ScrollContainer minWidth={560}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Credencial</Table.Th>
                  <Table.Th>Situação</Table.Th>
                  <Table.Th>Última consulta do PDV</Table.Th>
                  <Table.Th>Eventos reconhecidos</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {q.data.credenciais.map((c) => (
                  <Linha key={c.id} idest={idest} c={c} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </Stack>
    </Paper>
  );
}
