import { Alert, Badge, Button, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { WEBHOOK_TIPO_NOME, type Webhook, type WebhookTipo } from '@rango/domain/painel/webhooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ErroCarga } from '../../components/erro-carga.tsx';
import { FormError } from '../../components/form-error.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { useEstabelecimentoAtual } from '../../lib/estabelecimento-atual.ts';
import { enviarTeste, excluirWebhook, novoSegredo, webhooksQuery } from './api.ts';
import { ComoVerificar } from './como-verificar.tsx';
import { Entregas } from './entregas.tsx';
import { OpenDelivery } from './open-delivery.tsx';
import { IfoodSecao } from './ifood-secao.tsx';
import classes from './integracoes-page.module.css';
import { WebhookForm } from './webhook-form.tsx';

const data = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** Dark shades only: white (or coloured) small text on them keeps a 4.5:1 contrast. */
function situacao(w: Webhook): { texto: string; cor: string; variante: 'filled' | 'outline' } {
  if (w.desativado_em) return { texto: 'Desativado por falhas', cor: 'red.9', variante: 'filled' };
  if (!w.ativo) return { texto: 'Desligado', cor: 'gray.7', variante: 'filled' };
  if (w.falhando_desde) return { texto: 'Falhando', cor: 'red.9', variante: 'outline' };
  return { texto: 'Ativo', cor: 'teal.9', variante: 'filled' };
}

/** The signing secret, shown this once (creation or a new one). */
function SegredoNovo({ segredo, onFechar }: { segredo: string; onFechar: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [segredo]);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      color="yellow"
      variant="light"
      title="Segredo de assinatura"
      role="status"
      aria-live="polite"
    >
      <Stack gap="xs">
        <Text size="sm">
          Copie e guarde este segredo agora: por segurança, ele não será mostrado de novo.
        </Text>
        <Text ff="monospace" size="sm" className={classes.segredo} data-segredo>
          {segredo}
        </Text>
        <Group gap="xs">
          <CopyButton value={segredo}>
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

function WebhookCard({
  idest,
  w,
  aberto,
  onAbrir,
  onEditar,
  onSegredo,
}: {
  idest: number;
  w: Webhook;
  aberto: boolean;
  onAbrir: () => void;
  onEditar: () => void;
  onSegredo: (s: string) => void;
}) {
  const qc = useQueryClient();
  const [confirmar, setConfirmar] = useState(false);
  const [aviso, setAviso] = useState<string | null>(null);
  const recarregar = () => void qc.invalidateQueries({ queryKey: webhooksQuery(idest).queryKey });
  const teste = useMutation({
    mutationFn: () => enviarTeste(idest, w.id),
    onSuccess: (e) => {
      setAviso(
        e.status === 'entregue'
          ? `Teste entregue: HTTP ${e.codigo} em ${e.duracao_ms} ms.`
          : `O teste falhou: ${e.codigo !== null ? `HTTP ${e.codigo}` : (e.resposta ?? 'sem resposta')}. Será tentado de novo.`,
      );
      recarregar();
      void qc.invalidateQueries({ queryKey: ['painel', idest, 'webhooks', w.id, 'entregas'] });
    },
  });
  const rotacionar = useMutation({
    mutationFn: () => novoSegredo(idest, w.id),
    onSuccess: (r) => {
      onSegredo(r.segredo);
      recarregar();
    },
  });
  const excluir = useMutation({ mutationFn: () => excluirWebhook(idest, w.id), onSuccess: recarregar });
  const s = situacao(w);
  const titulo = `webhook-${w.id}`;
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-labelledby={titulo}>
      <Stack gap="xs">
        <Group justify="space-between" align="start" wrap="nowrap">
          <Title order={3} size="h4" id={titulo} className={classes.url}>
            {w.url}
          </Title>
          <Badge color={s.cor} variant={s.variante} style={{ flexShrink: 0 }}>
            {s.texto}
          </Badge>
        </Group>
        <Text size="sm">
          Eventos: {w.eventos.map((t) => WEBHOOK_TIPO_NOME[t as WebhookTipo] ?? t).join(', ')}
        </Text>
        <Text size="sm" c="dimmed">
          Segredo:{' '}
          {w.segredo_final !== null
            ? `configurado${w.segredo_final ? ` (termina em ${w.segredo_final})` : ''}`
            : 'não configurado'}
          {w.falhando_desde ? ` · falhando desde ${data(w.falhando_desde)}` : ''}
          {w.desativado_em ? ` · desativado em ${data(w.desativado_em)}` : ''}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button size="xs" variant={aberto ? 'filled' : 'default'} onClick={onAbrir} aria-expanded={aberto}>
            {aberto ? 'Ocultar entregas' : 'Ver entregas'}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => teste.mutate()}
            loading={teste.isPending}
            disabled={!w.ativo}
          >
            Enviar teste
          </Button>
          <Button size="xs" variant="default" onClick={onEditar}>
            Editar
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => rotacionar.mutate()}
            loading={rotacionar.isPending}
          >
            Gerar novo segredo
          </Button>
          {confirmar ? (
            <>
              <Button size="xs" color="red" onClick={() => excluir.mutate()} loading={excluir.isPending}>
                Confirmar exclusão
              </Button>
              <Button size="xs" variant="default" onClick={() => setConfirmar(false)}>
                Manter
              </Button>
            </>
          ) : (
            <Button size="xs" variant="default" color="red" onClick={() => setConfirmar(true)}>
              Excluir
            </Button>
          )}
        </Group>
        <div role="status" aria-live="polite">
          {aviso ? <Text size="sm">{aviso}</Text> : null}
        </div>
        <FormError error={teste.error ?? rotacionar.error ?? excluir.error} />
        {aberto ? <Entregas idest={idest} webhook={w} /> : null}
      </Stack>
    </Paper>
  );
}

/** /painel/:id/integracoes (owner): outgoing webhooks — endpoints, their deliveries, replays, secrets. */
export default function IntegracoesPage() {
  const { id } = useEstabelecimentoAtual();
  const q = useQuery(webhooksQuery(id));
  const [editando, setEditando] = useState<number | 'novo' | null>(null);
  const [aberto, setAberto] = useState<number | null>(null);
  const [segredo, setSegredo] = useState<string | null>(null);
  const tituloRef = useRef<HTMLHeadingElement>(null);
  const novoRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (editando !== null) tituloRef.current?.focus();
  }, [editando]);
  const fechar = () => {
    setEditando(null);
    requestAnimationFrame(() => novoRef.current?.focus());
  };
  const atual = q.data?.find((w) => w.id === editando) ?? null;
  return (
    <Stack gap="md" maw={960} mx="auto" w="100%">
      <PageTitle>Integrações</PageTitle>
      <Stack gap="xs" component="section" aria-labelledby="webhooks">
        <Title order={2} size="h3" id="webhooks">
          Webhooks
        </Title>
        <Text size="sm">
          Avise o seu sistema (PDV, ERP, automações) a cada pedido, mudança de status, pagamento,
          cancelamento, alteração do cardápio ou abertura e fechamento da loja. Cada aviso é assinado; veja
          abaixo como verificar.
        </Text>
      </Stack>
      {segredo ? <SegredoNovo segredo={segredo} onFechar={() => setSegredo(null)} /> : null}
      {q.isPending ? <PageLoader /> : null}
      {q.isError ? <ErroCarga error={q.error} onRetry={() => void q.refetch()} /> : null}
      {editando !== null ? (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="webhook-form">
          <Title order={2} size="h3" id="webhook-form" mb="sm" ref={tituloRef} tabIndex={-1}>
            {atual ? 'Editar webhook' : 'Novo webhook'}
          </Title>
          <WebhookForm
            key={String(editando)}
            idest={id}
            webhook={atual}
            onFim={fechar}
            onSegredo={setSegredo}
          />
        </Paper>
      ) : (
        <Group>
          <Button ref={novoRef} onClick={() => setEditando('novo')}>
            Novo webhook
          </Button>
        </Group>
      )}
      {q.data && q.data.length === 0 ? <Text c="dimmed">Nenhum webhook ainda.</Text> : null}
      {q.data?.map((w) => (
        <WebhookCard
          key={w.id}
          idest={id}
          w={w}
          aberto={aberto === w.id}
          onAbrir={() => setAberto(aberto === w.id ? null : w.id)}
          onEditar={() => setEditando(w.id)}
          onSegredo={setSegredo}
        />
      ))}
      <ComoVerificar />
      <OpenDelivery idest={id} />
      <IfoodSecao idest={id} />
    </Stack>
  );
}
