import {
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  WEBHOOK_TIPO_NOME,
  type Entrega,
  type EntregaStatus,
  type Webhook,
  type WebhookTipo,
} from '@rango/domain/painel/webhooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErroCarga } from '../../components/erro-carga.tsx';
import { FormError } from '../../components/form-error.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { entregasQuery, reenviarDesde, reenviarEntrega } from './api.ts';
import tabela from '../../components/tabela-cartoes.module.css';
import classes from './integracoes-page.module.css';

const SITUACAO: Record<EntregaStatus, { texto: string; cor: string }> = {
  entregue: { texto: 'Entregue', cor: 'teal.9' },
  pendente: { texto: 'Pendente', cor: 'blue.9' },
  falhou: { texto: 'Falhou', cor: 'red.9' },
};

const quando = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'medium' }) : '—';

const tipoNome = (tipo: string): string =>
  tipo === 'teste' ? 'Teste' : (WEBHOOK_TIPO_NOME[tipo as WebhookTipo] ?? tipo);

function resposta(e: Entrega): string {
  if (e.codigo === null) return e.resposta ?? '—';
  return `HTTP ${e.codigo}${e.resposta ? ` · ${e.resposta}` : ''}`;
}

/** 'YYYY-MM-DDTHH:MM' of a datetime-local field → ISO with the browser's offset. */
function deLocal(local: string): string | null {
  if (!local) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** One endpoint's delivery log: each attempt's answer and time, replays. */
export function Entregas({ idest, webhook }: { idest: number; webhook: Webhook }) {
  const qc = useQueryClient();
  const [status, setStatus] = useState<EntregaStatus | null>(null);
  const [pagina, setPagina] = useState(1);
  const [desde, setDesde] = useState('');
  const [aviso, setAviso] = useState<string | null>(null);
  const q = useQuery(entregasQuery(idest, webhook.id, status, pagina));
  const atualizar = () =>
    void qc.invalidateQueries({ queryKey: ['painel', idest, 'webhooks', webhook.id, 'entregas'] });
  const reenviar = useMutation({
    mutationFn: (identrega: number) => reenviarEntrega(idest, webhook.id, identrega),
    onSuccess: () => {
      setAviso('Entrega marcada para reenvio.');
      atualizar();
    },
  });
  const todas = useMutation({
    mutationFn: (iso: string) => reenviarDesde(idest, webhook.id, iso),
    onSuccess: (r) => {
      setAviso(
        r.reenviadas === 1
          ? '1 entrega marcada para reenvio.'
          : `${r.reenviadas} entregas marcadas para reenvio.`,
      );
      atualizar();
    },
  });
  const desdeIso = deLocal(desde);
  const titulo = `entregas-${webhook.id}`;
  const paginas = q.data ? Math.max(1, Math.ceil(q.data.total / q.data.por_pagina)) : 1;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titulo}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={titulo}>
          Entregas
        </Title>
        <Group gap="sm" align="end" wrap="wrap">
          <Stack gap={4}>
            <Text size="sm" fw={600} id={`${titulo}-filtro`}>
              Situação
            </Text>
            <SegmentedControl
              aria-labelledby={`${titulo}-filtro`}
              size="xs"
              data={[
                { value: 'todas', label: 'Todas' },
                { value: 'entregue', label: 'Entregues' },
                { value: 'pendente', label: 'Pendentes' },
                { value: 'falhou', label: 'Falharam' },
              ]}
              value={status ?? 'todas'}
              onChange={(x) => {
                setStatus(x === 'todas' ? null : (x as EntregaStatus));
                setPagina(1);
              }}
            />
          </Stack>
          <Button size="xs" variant="default" onClick={atualizar}>
            Atualizar
          </Button>
        </Group>
        <Group gap="sm" align="end" wrap="wrap">
          <TextInput
            type="datetime-local"
            label="Reenviar todas desde"
            size="sm"
            value={desde}
            onChange={(e) => setDesde(e.currentTarget.value)}
          />
          <Button
            size="sm"
            variant="default"
            disabled={!desdeIso}
            loading={todas.isPending}
            onClick={() => desdeIso && todas.mutate(desdeIso)}
          >
            Reenviar desde
          </Button>
        </Group>
        <div role="status" aria-live="polite">
          {aviso ? <Text size="sm">{aviso}</Text> : null}
        </div>
        <FormError error={reenviar.error ?? todas.error} />
        {q.isPending ? <PageLoader /> : null}
        {q.isError ? <ErroCarga error={q.error} onRetry={() => void q.refetch()} /> : null}
        {q.data && q.data.entregas.length === 0 ? (
          <Text c="dimmed" size="sm">
            Nenhuma entrega {status ? 'nessa situação' : 'ainda'}. Os avisos aparecem aqui assim que são
            enviados.
          </Text>
        ) : null}
        {q.data && q.data.entregas.length > 0 ? (
          <div className={classes.rolagem}>
            <Table striped className={tabela.tabela}>
              <Table.Caption>Entregas deste webhook, das mais recentes para as mais antigas</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Criada</Table.Th>
                  <Table.Th>Evento</Table.Th>
                  <Table.Th>Situação</Table.Th>
                  <Table.Th>Resposta</Table.Th>
                  <Table.Th>Tempo</Table.Th>
                  <Table.Th>Tentativas</Table.Th>
                  <Table.Th>Ações</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {q.data.entregas.map((e) => {
                  const s = SITUACAO[e.status];
                  return (
                    <Table.Tr key={e.id} data-entrega={e.id}>
                      <Table.Td data-label="Criada">{quando(e.criado_em)}</Table.Td>
                      <Table.Td data-label="Evento">
                        <Stack gap={0}>
                          <span>{tipoNome(e.tipo)}</span>
                          <Text size="xs" c="dimmed" ff="monospace">
                            {e.tipo}
                          </Text>
                        </Stack>
                      </Table.Td>
                      <Table.Td data-label="Situação">
                        <div className={classes.situacao}>
                          <Badge color={s.cor} variant="filled">
                            {s.texto}
                          </Badge>
                          {e.status === 'pendente' && e.proxima_em ? (
                            <Text size="xs" c="dimmed">
                              próxima: {quando(e.proxima_em)}
                            </Text>
                          ) : null}
                        </div>
                      </Table.Td>
                      <Table.Td data-label="Resposta" className={classes.resposta}>
                        {resposta(e)}
                      </Table.Td>
                      <Table.Td data-label="Tempo">
                        {e.duracao_ms === null ? '—' : `${e.duracao_ms} ms`}
                      </Table.Td>
                      <Table.Td data-label="Tentativas">{e.tentativas}</Table.Td>
                      <Table.Td data-label="Ações">
                        <Button
                          size="xs"
                          variant="default"
                          loading={reenviar.isPending && reenviar.variables === e.id}
                          onClick={() => reenviar.mutate(e.id)}
                          aria-label={`Reenviar ${e.tipo} de ${quando(e.criado_em)}`}
                        >
                          Reenviar
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </div>
        ) : null}
        {q.data && paginas > 1 ? (
          <Group gap="xs" justify="space-between">
            <Button size="xs" variant="default" disabled={pagina <= 1} onClick={() => setPagina(pagina - 1)}>
              Mais recentes
            </Button>
            <Text size="sm">
              Página {pagina} de {paginas}
            </Text>
            <Button
              size="xs"
              variant="default"
              disabled={pagina >= paginas}
              onClick={() => setPagina(pagina + 1)}
            >
              Mais antigas
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
