/**
 * 'Integrações' → iFood (issue 24 part 4): the owner connects the restaurant's iFood store (its
 * merchant id and the app's client credentials, kept in the secrets store and never shown back)
 * and turns the import on; iFood orders then arrive in the same queue.
 */
import {
  Alert,
  Button,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { ifoodConexaoSchema, type IfoodConexao, type IfoodConexaoInput } from '@rango/domain/painel/ifood';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PainelApiError, estPath, painelDelete, painelGet, painelPut } from '../../api/client.ts';
import { ErroCarga } from '../../components/erro-carga.tsx';
import { FormError } from '../../components/form-error.tsx';
import { PageLoader } from '../../components/page-loader.tsx';

const caminho = (id: number) => estPath(id, 'ifood/');
export const ifoodQuery = (id: number) =>
  queryOptions({
    queryKey: ['painel', id, 'ifood'] as const,
    queryFn: ({ signal }) => painelGet(caminho(id), ifoodConexaoSchema, signal),
  });

type Erros = Partial<Record<'merchant_id' | 'client_id' | 'client_secret', string>>;

function errosDoServidor(e: unknown): Erros {
  if (!(e instanceof PainelApiError) || (e.status !== 400 && e.status !== 409) || !e.data) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(e.data as Record<string, unknown>)) {
    const m: unknown = Array.isArray(v) ? v[0] : v;
    if (typeof m === 'string') out[k] = m;
  }
  return out;
}

const quando = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

function Formulario({ idest, atual }: { idest: number; atual: IfoodConexao }) {
  const qc = useQueryClient();
  const [merchant, setMerchant] = useState(atual.merchant_id ?? '');
  const [clientId, setClientId] = useState('');
  const [secret, setSecret] = useState('');
  const [ativo, setAtivo] = useState(atual.conectado ? atual.ativo : true);
  const [erros, setErros] = useState<Erros>({});
  const salvar = useMutation({
    mutationFn: (b: IfoodConexaoInput) => painelPut(caminho(idest), b, ifoodConexaoSchema),
    onSuccess: (c) => {
      qc.setQueryData(ifoodQuery(idest).queryKey, c);
      setClientId('');
      setSecret('');
      setErros({});
    },
    onError: (e) => setErros(errosDoServidor(e)),
  });
  const desconectar = useMutation({
    mutationFn: () => painelDelete(caminho(idest)),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ifoodQuery(idest).queryKey }),
  });
  const enviar = () => {
    const e: Erros = {};
    if (!/^[A-Za-z0-9-]{1,64}$/.test(merchant.trim()))
      e.merchant_id = 'Informe o ID da loja no iFood (merchant id).';
    if (!atual.client_id.configurado && !clientId.trim())
      e.client_id = 'Informe o client id do aplicativo no iFood.';
    if (!atual.client_secret.configurado && !secret.trim())
      e.client_secret = 'Informe o client secret do aplicativo no iFood.';
    setErros(e);
    if (Object.keys(e).length > 0) return;
    salvar.mutate({
      merchant_id: merchant.trim(),
      ativo,
      ...(clientId.trim() ? { client_id: clientId.trim() } : {}),
      ...(secret.trim() ? { client_secret: secret.trim() } : {}),
    });
  };
  const guardado = (d: IfoodConexao['client_id']) =>
    d.configurado
      ? `Guardado${d.final ? ` (termina em ${d.final})` : ''}; preencha só para trocar.`
      : undefined;
  const geral = salvar.error && Object.keys(errosDoServidor(salvar.error)).length === 0 ? salvar.error : null;
  return (
    <Stack gap="sm">
      <TextInput
        label="ID da loja no iFood (merchant id)"
        withAsterisk
        value={merchant}
        onChange={(e) => setMerchant(e.currentTarget.value)}
        error={erros.merchant_id}
        autoComplete="off"
      />
      <TextInput
        label="Client id do aplicativo"
        withAsterisk={!atual.client_id.configurado}
        description={guardado(atual.client_id)}
        value={clientId}
        onChange={(e) => setClientId(e.currentTarget.value)}
        error={erros.client_id}
        autoComplete="off"
      />
      <PasswordInput
        label="Client secret do aplicativo"
        withAsterisk={!atual.client_secret.configurado}
        description={guardado(atual.client_secret)}
        value={secret}
        onChange={(e) => setSecret(e.currentTarget.value)}
        error={erros.client_secret}
        autoComplete="new-password"
      />
      <Switch
        label="Importar os pedidos do iFood"
        checked={ativo}
        onChange={(e) => setAtivo(e.currentTarget.checked)}
      />
      <FormError error={geral ?? desconectar.error} />
      <Group gap="xs">
        <Button onClick={enviar} loading={salvar.isPending}>
          {atual.conectado ? 'Salvar' : 'Conectar'}
        </Button>
        {atual.conectado ? (
          <Button
            variant="default"
            color="red"
            onClick={() => desconectar.mutate()}
            loading={desconectar.isPending}
          >
            Desconectar
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

export function IfoodSecao({ idest }: { idest: number }) {
  const q = useQuery(ifoodQuery(idest));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="ifood">
      <Stack gap="sm">
        <Title order={2} size="h3" id="ifood">
          iFood
        </Title>
        <Text size="sm">
          Receba os pedidos do iFood na mesma fila, com o mesmo alarme: aceitar, despachar ou cancelar aqui
          avisa o iFood, e um item marcado &lsquo;Em falta&rsquo; fica indisponível lá também.
        </Text>
        {q.isPending ? <PageLoader /> : null}
        {q.isError ? <ErroCarga error={q.error} onRetry={() => void q.refetch()} /> : null}
        {q.data ? (
          <>
            {q.data.conectado ? (
              <Text size="sm" role="status">
                {q.data.ativo ? 'Importação ligada' : 'Importação desligada'}
                {q.data.ultima_consulta_em ? ` · última consulta ${quando(q.data.ultima_consulta_em)}` : ''}
              </Text>
            ) : null}
            {q.data.ultimo_erro ? (
              <Alert color="orange" variant="light" role="alert" title="O iFood não respondeu como esperado">
                {q.data.ultimo_erro}
              </Alert>
            ) : null}
            <Formulario
              key={`${q.data.merchant_id ?? ''}-${String(q.data.conectado)}`}
              idest={idest}
              atual={q.data}
            />
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
