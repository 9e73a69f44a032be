import { Button, Checkbox, Group, Stack, Switch, TextInput } from '@mantine/core';
import {
  WEBHOOK_TIPOS,
  WEBHOOK_TIPO_NOME,
  webhookInputSchema,
  type Webhook,
  type WebhookInput,
  type WebhookTipo,
} from '@rango/domain/painel/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type MouseEvent } from 'react';
import { PainelApiError } from '../../api/client.ts';
import { FormError } from '../../components/form-error.tsx';
import { criarWebhook, mudarWebhook, webhooksQuery } from './api.ts';

type Erros = Record<string, string>;

function errosDe(v: WebhookInput): Erros {
  const r = webhookInputSchema.safeParse(v);
  const out: Erros = {};
  if (!r.success) for (const i of r.error.issues) out[String(i.path[0] ?? 'non_field_errors')] ??= i.message;
  return out;
}

function errosDoServidor(e: unknown): Erros {
  if (!(e instanceof PainelApiError) || e.status !== 400 || !e.data || typeof e.data !== 'object') return {};
  const out: Erros = {};
  for (const [k, v] of Object.entries(e.data as Record<string, unknown>)) {
    const m: unknown = Array.isArray(v) ? v[0] : v;
    if (typeof m === 'string') out[k.split('.')[0]!] = m;
  }
  return out;
}

/** Adds or edits an endpoint. A new one answers its signing secret once (`onSegredo`). */
export function WebhookForm({
  idest,
  webhook,
  onFim,
  onSegredo,
}: {
  idest: number;
  webhook: Webhook | null;
  onFim: () => void;
  onSegredo: (segredo: string) => void;
}) {
  const qc = useQueryClient();
  const [v, setV] = useState<WebhookInput>(() =>
    webhook
      ? { url: webhook.url, eventos: webhook.eventos as WebhookTipo[], ativo: webhook.ativo }
      : { url: '', eventos: ['pedido.criado', 'pedido.status'], ativo: true },
  );
  const [erros, setErros] = useState<Erros>({});
  const salvar = useMutation({
    mutationFn: async (b: WebhookInput) => {
      if (webhook) {
        await mudarWebhook(idest, webhook.id, b);
        return null;
      }
      return (await criarWebhook(idest, b)).segredo;
    },
    onSuccess: (segredo) => {
      void qc.invalidateQueries({ queryKey: webhooksQuery(idest).queryKey });
      if (segredo) onSegredo(segredo);
      onFim();
    },
    onError: (e) => setErros(errosDoServidor(e)),
  });
  const enviar = () => {
    const e = errosDe(v);
    setErros(e);
    if (Object.keys(e).length === 0) salvar.mutate({ ...v, url: v.url.trim() });
  };
  // Pressing the buttons keeps the focus where it is (a blur that validates would move them).
  const semBlur = (e: MouseEvent) => e.preventDefault();
  const geral = salvar.error && Object.keys(errosDoServidor(salvar.error)).length === 0 ? salvar.error : null;
  return (
    <Stack gap="sm">
      <TextInput
        label="URL"
        description="O endereço do seu sistema que recebe os avisos (https://…)"
        placeholder="https://meu-sistema.com.br/rango"
        withAsterisk
        type="url"
        value={v.url}
        onChange={(e) => setV({ ...v, url: e.currentTarget.value })}
        error={erros.url}
      />
      <Checkbox.Group
        label="Eventos"
        description="Quais avisos enviar"
        withAsterisk
        value={v.eventos}
        onChange={(x) => setV({ ...v, eventos: x as WebhookTipo[] })}
        error={erros.eventos ?? erros.non_field_errors}
      >
        <Stack gap={6} mt={6}>
          {WEBHOOK_TIPOS.map((t) => (
            <Checkbox key={t} value={t} label={WEBHOOK_TIPO_NOME[t]} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Switch
        label="Ativo"
        checked={v.ativo ?? true}
        onChange={(e) => setV({ ...v, ativo: e.currentTarget.checked })}
      />
      <FormError error={geral} />
      <Group gap="xs">
        <Button onMouseDown={semBlur} onClick={enviar} loading={salvar.isPending}>
          {webhook ? 'Salvar webhook' : 'Adicionar webhook'}
        </Button>
        <Button variant="default" onMouseDown={semBlur} onClick={onFim}>
          Cancelar
        </Button>
      </Group>
    </Stack>
  );
}
