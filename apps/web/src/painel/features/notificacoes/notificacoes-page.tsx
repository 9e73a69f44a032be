import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { formatBRL } from '@rango/domain';
import type { NotificacoesPainel } from '@rango/domain/painel/notificacoes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PainelApiError } from '../../api/client.ts';
import { ErroCarga } from '../../components/erro-carga.tsx';
import { FormError } from '../../components/form-error.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { TITULO_AVISO } from '../../components/aviso.ts';
import { useEstabelecimentoAtual } from '../../lib/estabelecimento-atual.ts';
import {
  conectar,
  desconectar,
  enviarTeste,
  entradasQuery,
  ligar,
  marcarLida,
  modelosQuery,
  notificacoesQuery,
  submeterModelos,
} from './api.ts';
import classes from './notificacoes-page.module.css';

const campo = (e: Error | null, nome: string) => (e instanceof PainelApiError ? e.campo(nome) : undefined);
const data = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
const segredoTexto = (s: { configurado: boolean; final: string | null }) =>
  s.configurado ? `configurado${s.final ? ` (termina em ${s.final})` : ''}` : 'não configurado';

const STATUS_MODELO: Record<string, { texto: string; cor: string }> = {
  APPROVED: { texto: 'Aprovado', cor: 'teal.9' },
  PENDING: { texto: 'Em análise', cor: 'yellow.9' },
  REJECTED: { texto: 'Rejeitado', cor: 'red.9' },
  PAUSED: { texto: 'Pausado', cor: 'orange.9' },
  DISABLED: { texto: 'Desativado', cor: 'red.9' },
  AUSENTE: { texto: 'Não enviado', cor: 'gray.7' },
};
const CANAL: Record<string, string> = {
  whatsapp: 'WhatsApp',
  email: 'E-mail',
  push: 'Notificação no aparelho',
};
const CATEGORIA: Record<string, string> = {
  utility: 'Utilidade (modelos)',
  service: 'Atendimento (respostas)',
  marketing: 'Marketing',
  authentication: 'Autenticação',
};

function Conectar({ idest, p }: { idest: number; p: NotificacoesPainel }) {
  const qc = useQueryClient();
  const [phone, setPhone] = useState(p.conta?.phone_number_id ?? '');
  const [waba, setWaba] = useState(p.conta?.waba_id ?? '');
  const [token, setToken] = useState('');
  const [appSecret, setAppSecret] = useState('');
  const salvar = useMutation({
    mutationFn: () =>
      conectar(idest, {
        phone_number_id: phone.trim(),
        waba_id: waba.trim(),
        ...(token.trim() ? { token: token.trim() } : {}),
        ...(appSecret.trim() ? { app_secret: appSecret.trim() } : {}),
      }),
    onSuccess: (novo) => {
      setToken('');
      setAppSecret('');
      qc.setQueryData(notificacoesQuery(idest).queryKey, novo);
      void qc.invalidateQueries({ queryKey: modelosQuery(idest).queryKey });
    },
  });
  const sair = useMutation({
    mutationFn: () => desconectar(idest),
    onSuccess: () => void qc.invalidateQueries({ queryKey: notificacoesQuery(idest).queryKey }),
  });
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    salvar.mutate();
  };
  const erro = salvar.error;
  const geral =
    erro && !['phone_number_id', 'waba_id', 'token', 'app_secret'].some((n) => campo(erro, n)) ? erro : null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="conectar">
      <form onSubmit={enviar} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3" id="conectar">
            Número de WhatsApp
          </Title>
          <Text size="sm">
            Conecte o número de WhatsApp Business do restaurante (Cloud API da Meta). Os ids e o token estão
            no painel de desenvolvedor da Meta, em WhatsApp › Configuração da API.
          </Text>
          {p.conta ? (
            <Text size="sm" c="dimmed">
              Token de acesso: {segredoTexto(p.conta.token)} · App Secret: {segredoTexto(p.conta.app_secret)}
            </Text>
          ) : null}
          <TextInput
            label="Phone number ID"
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            inputMode="numeric"
            autoComplete="off"
            required
            error={campo(erro, 'phone_number_id')}
          />
          <TextInput
            label="WhatsApp Business Account ID"
            value={waba}
            onChange={(e) => setWaba(e.currentTarget.value)}
            inputMode="numeric"
            autoComplete="off"
            required
            error={campo(erro, 'waba_id')}
          />
          <PasswordInput
            label="Token de acesso"
            description={
              p.conta ? 'Deixe em branco para manter o atual.' : 'Um token permanente de usuário do sistema.'
            }
            value={token}
            onChange={(e) => setToken(e.currentTarget.value)}
            autoComplete="off"
            required={!p.conta}
            error={campo(erro, 'token')}
          />
          <PasswordInput
            label="App Secret"
            description={
              p.conta ? 'Deixe em branco para manter o atual.' : 'Verifica a assinatura dos avisos da Meta.'
            }
            value={appSecret}
            onChange={(e) => setAppSecret(e.currentTarget.value)}
            autoComplete="off"
            required={!p.conta}
            error={campo(erro, 'app_secret')}
          />
          <FormError error={geral ?? sair.error} />
          <Group gap="xs">
            <Button type="submit" loading={salvar.isPending}>
              {p.conta ? 'Salvar' : 'Conectar número'}
            </Button>
            {p.conta ? (
              <Button variant="default" color="red" onClick={() => sair.mutate()} loading={sair.isPending}>
                Desconectar
              </Button>
            ) : null}
          </Group>
          {p.conta ? (
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                Webhook (no painel da Meta, em WhatsApp › Configuração)
              </Text>
              <Text size="sm" className={classes.quebra}>
                URL de retorno: <span data-url>{p.webhook_url}</span>
              </Text>
              <Group gap="xs" wrap="nowrap" align="center">
                <Text size="sm" className={classes.quebra}>
                  Token de verificação: <span data-verify>{p.conta.verify_token}</span>
                </Text>
                <CopyButton value={p.conta.verify_token}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="default" onClick={copy}>
                      {copied ? 'Copiado' : 'Copiar'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}

function Modelos({ idest }: { idest: number }) {
  const qc = useQueryClient();
  const q = useQuery(modelosQuery(idest));
  const submeter = useMutation({
    mutationFn: () => submeterModelos(idest),
    onSuccess: (lista) => qc.setQueryData(modelosQuery(idest).queryKey, lista),
  });
  const faltam = q.data?.some((m) => m.status === 'AUSENTE') ?? false;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="modelos">
      <Stack gap="sm">
        <Title order={2} size="h3" id="modelos">
          Modelos de mensagem
        </Title>
        <Text size="sm">
          Fora da janela de 24 horas de atendimento, o WhatsApp só entrega modelos aprovados pela Meta
          (categoria utilidade). O Rango usa estes:
        </Text>
        {q.isPending ? <PageLoader /> : null}
        {q.isError ? <ErroCarga error={q.error} onRetry={() => void q.refetch()} /> : null}
        {q.data ? (
          <div
            className={classes.rolagem}
            tabIndex={0}
            role="region"
            aria-label="Modelos de mensagem (tabela)"
          >
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Mensagem</Table.Th>
                  <Table.Th scope="col">Modelo</Table.Th>
                  <Table.Th scope="col">Situação na Meta</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {q.data.map((m) => {
                  const s = STATUS_MODELO[m.status] ?? { texto: m.status, cor: 'gray.7' };
                  return (
                    <Table.Tr key={m.nome}>
                      <Table.Td>{m.rotulo}</Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace" className={classes.quebra}>
                          {m.nome}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge color={s.cor} variant="filled">
                          {s.texto}
                        </Badge>
                        {m.motivo ? (
                          <Text size="xs" c="dimmed">
                            {m.motivo}
                          </Text>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </div>
        ) : null}
        <FormError error={submeter.error} />
        {faltam ? (
          <Group>
            <Button onClick={() => submeter.mutate()} loading={submeter.isPending}>
              Enviar para aprovação
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

function Teste({ idest }: { idest: number }) {
  const [telefone, setTelefone] = useState('');
  const teste = useMutation({ mutationFn: () => enviarTeste(idest, telefone) });
  const erro = teste.error;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="teste">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          teste.mutate();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h3" id="teste">
            Mensagem de teste
          </Title>
          <TextInput
            label="Celular"
            description="Com DDD, por exemplo (11) 91234-5678."
            value={telefone}
            onChange={(e) => setTelefone(e.currentTarget.value)}
            inputMode="tel"
            autoComplete="tel"
            error={campo(erro, 'telefone')}
          />
          <FormError error={erro && !campo(erro, 'telefone') ? erro : null} />
          <div role="status" aria-live="polite">
            {teste.isSuccess ? <Text size="sm">{teste.data.detail}</Text> : null}
          </div>
          <Group>
            <Button type="submit" variant="default" loading={teste.isPending}>
              Enviar teste
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function Mensagens({ idest, p }: { idest: number; p: NotificacoesPainel }) {
  const qc = useQueryClient();
  const mudar = useMutation({
    mutationFn: (v: { tipo: string; ativo: boolean }) => ligar(idest, v.tipo, v.ativo),
    onSuccess: (novo) => qc.setQueryData(notificacoesQuery(idest).queryKey, novo),
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="mensagens">
      <Stack gap="sm">
        <Title order={2} size="h3" id="mensagens">
          Mensagens de status no WhatsApp
        </Title>
        <Text size="sm">Desligada, a mensagem vai pelos outros canais que o cliente escolheu.</Text>
        {p.mensagens.map((m) => (
          <Switch
            key={m.tipo}
            label={m.rotulo}
            checked={m.ativo}
            disabled={!p.conta || mudar.isPending}
            onChange={(e) => mudar.mutate({ tipo: m.tipo, ativo: e.currentTarget.checked })}
          />
        ))}
        <FormError error={mudar.error} />
      </Stack>
    </Paper>
  );
}

function Resumo({ p }: { p: NotificacoesPainel }) {
  const r = p.resumo;
  const [ano, mes] = r.mes.split('-');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="resumo">
      <Stack gap="sm">
        <Title order={2} size="h3" id="resumo">
          Mensagens do mês ({mes}/{ano})
        </Title>
        <div className={classes.rolagem} tabIndex={0} role="region" aria-label="Mensagens por canal">
          <Table>
            <Table.Caption>Por canal</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Canal</Table.Th>
                <Table.Th scope="col" className={classes.num}>
                  Enviadas
                </Table.Th>
                <Table.Th scope="col" className={classes.num}>
                  Falhas
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.canais.map((c) => (
                <Table.Tr key={c.canal}>
                  <Table.Td>{CANAL[c.canal] ?? c.canal}</Table.Td>
                  <Table.Td className={classes.num}>{c.enviadas}</Table.Td>
                  <Table.Td className={classes.num}>{c.falhas}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
        <div className={classes.rolagem} tabIndex={0} role="region" aria-label="WhatsApp por categoria">
          <Table>
            <Table.Caption>WhatsApp por categoria, com o custo estimado</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Categoria</Table.Th>
                <Table.Th scope="col" className={classes.num}>
                  Mensagens
                </Table.Th>
                <Table.Th scope="col" className={classes.num}>
                  Custo estimado
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.categorias.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={3}>Nenhuma mensagem de WhatsApp neste mês.</Table.Td>
                </Table.Tr>
              ) : (
                r.categorias.map((c) => (
                  <Table.Tr key={c.categoria}>
                    <Table.Td>{CATEGORIA[c.categoria] ?? c.categoria}</Table.Td>
                    <Table.Td className={classes.num}>{c.mensagens}</Table.Td>
                    <Table.Td className={classes.num}>{formatBRL(c.custo_estimado)}</Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </div>
        <Text size="sm" fw={600} data-custo>
          Total estimado: {formatBRL(r.custo_estimado)}
        </Text>
        <Text size="xs" c="dimmed">
          Estimativa pela tabela de preços da Meta para o Brasil convertida em reais (utilidade{' '}
          {formatBRL(r.precos.utility ?? 0)} por mensagem; respostas dentro da janela de atendimento, grátis).
          A cobrança real vem da Meta, na moeda da sua conta.
        </Text>
      </Stack>
    </Paper>
  );
}

function Entradas({ idest }: { idest: number }) {
  const qc = useQueryClient();
  const q = useQuery(entradasQuery(idest));
  const lida = useMutation({
    mutationFn: (identrada: number) => marcarLida(idest, identrada),
    onSuccess: () => void qc.invalidateQueries({ queryKey: entradasQuery(idest).queryKey }),
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="entradas">
      <Stack gap="sm">
        <Title order={2} size="h3" id="entradas">
          Mensagens recebidas não lidas
        </Title>
        {q.isError ? <ErroCarga error={q.error} onRetry={() => void q.refetch()} /> : null}
        {q.data && q.data.length === 0 ? <Text size="sm">Nenhuma mensagem esperando resposta.</Text> : null}
        {q.data?.map((e) => (
          <Group key={e.id} justify="space-between" wrap="nowrap" align="start">
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                +{e.de} · {data(e.recebido_em)}
              </Text>
              <Text size="sm" className={classes.quebra}>
                {e.texto}
              </Text>
            </Stack>
            <Group gap="xs" wrap="nowrap">
              <Button
                component="a"
                size="xs"
                variant="default"
                href={`https://wa.me/${e.de}`}
                target="_blank"
                rel="noreferrer"
              >
                Responder
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => lida.mutate(e.id)}
                aria-label={`Marcar como lida a mensagem de +${e.de}`}
              >
                Lida
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** /painel/:id/notificacoes (owner): the WhatsApp number, its templates, the status messages, the month. */
export default function NotificacoesPage() {
  const { id } = useEstabelecimentoAtual();
  const q = useQuery(notificacoesQuery(id));
  const p = q.data;
  return (
    <Stack gap="md" maw={960} mx="auto" w="100%">
      <PageTitle>Notificações</PageTitle>
      <Text size="sm">
        O cliente escolhe como saber dos pedidos: WhatsApp, notificação no aparelho ou e-mail. Aqui você
        conecta o WhatsApp do restaurante e vê o que foi enviado.
      </Text>
      {q.isPending ? <PageLoader /> : null}
      {q.isError ? <ErroCarga error={q.error} onRetry={() => void q.refetch()} /> : null}
      {p ? (
        <>
          {p.motivo ? (
            <Alert
              color={p.conta ? 'red' : 'yellow'}
              styles={TITULO_AVISO}
              variant="light"
              title="WhatsApp não está sendo enviado"
              role="status"
            >
              {p.motivo} Os clientes continuam recebendo por e-mail e notificação no aparelho.
            </Alert>
          ) : (
            <Alert
              color="teal"
              variant="light"
              title="WhatsApp conectado"
              role="status"
              styles={TITULO_AVISO}
            >
              As mensagens de status saem do número {p.conta?.phone_number_id}.
            </Alert>
          )}
          {p.aviso ? (
            <Text size="sm" c="dimmed">
              {p.aviso}
            </Text>
          ) : null}
          <Conectar key={p.conta?.phone_number_id ?? 'novo'} idest={id} p={p} />
          {p.conta ? <Modelos idest={id} /> : null}
          {p.conta ? <Teste idest={id} /> : null}
          <Mensagens idest={id} p={p} />
          <Resumo p={p} />
          {p.conta ? <Entradas idest={id} /> : null}
        </>
      ) : null}
    </Stack>
  );
}
