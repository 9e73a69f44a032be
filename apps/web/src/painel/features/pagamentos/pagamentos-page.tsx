import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  MSG_OAUTH_MP,
  MSG_RESULTADO_OAUTH_MP,
  NOME_METODO,
  NOME_PROVEDOR_CONTA,
  RESULTADOS_OAUTH_MP,
  formatarBp,
  contaCieloInputSchema,
  contaMercadoPagoInputSchema,
  type ContaCieloInput,
  type ContaMercadoPagoInput,
  type ContaPagamento,
  type ContasPagamento,
  type MetodoOnline,
  type ResultadoOAuthMp,
} from '@rango/domain/painel/pagamentos';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { PainelApiError } from '../../api/client.ts';
import { ErroCarga } from '../../components/erro-carga.tsx';
import { FormError } from '../../components/form-error.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { useEstabelecimentoAtual } from '../../lib/estabelecimento-atual.ts';
import {
  ativarConta,
  ativarSandbox,
  conectarMercadoPago,
  contasQuery,
  desconectarConta,
  removerConta,
  salvarCielo,
  salvarMercadoPago,
  testarConta,
} from './api.ts';

type Erros = Partial<
  Record<keyof ContaCieloInput | keyof ContaMercadoPagoInput | 'non_field_errors', string>
>;

/** The secret fields' names as the providers' own pages call them. */
const ROTULO_CAMPO: Record<string, string> = {
  merchant_id: 'Merchant ID',
  merchant_key: 'Merchant Key',
  access_token: 'Access Token',
  public_key: 'Public Key',
};

const data = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

const metodos = (m: readonly MetodoOnline[]) => m.map((x) => NOME_METODO[x]).join(', ');

/** "configurado ••••1234": never the secret, only that it is there and how it ends. */
function credencial(d: { configurado: boolean; final: string | null } | undefined): string {
  if (!d?.configurado) return 'não configurado';
  return d.final ? `configurado ••••${d.final}` : 'configurado';
}

function errosDoServidor(e: unknown): Erros {
  if (!(e instanceof PainelApiError) || e.status !== 400 || !e.data || typeof e.data !== 'object') return {};
  const out: Erros = {};
  for (const [k, v] of Object.entries(e.data as Record<string, unknown>)) {
    const m: unknown = Array.isArray(v) ? v[0] : v;
    if (typeof m === 'string') out[k as keyof Erros] = m;
  }
  return out;
}

/** What new orders are charged on now, and whether customers can pay online. */
function Atual({ d }: { d: ContasPagamento }) {
  const ativa = d.contas.find((c) => c.id === d.ativa) ?? null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="conta-atual">
      <Stack gap="xs">
        <Title order={2} size="h3" id="conta-atual">
          Conta em uso
        </Title>
        {ativa ? (
          <Text>
            <strong>{NOME_PROVEDOR_CONTA[ativa.provedor]}</strong> — recebe os pagamentos online dos novos
            pedidos.
          </Text>
        ) : (
          <Text>
            <strong>Padrão do servidor</strong> ({NOME_PROVEDOR_CONTA[d.padrao.provedor]}): nenhuma conta
            própria ativa.
          </Text>
        )}
        <Text size="sm">Formas oferecidas: {metodos(ativa ? ativa.metodos : d.padrao.metodos)}</Text>
        {d.taxa_plataforma_bp > 0 ? (
          <Text size="sm">
            Taxa da plataforma: {formatarBp(d.taxa_plataforma_bp)} de cada pagamento pelo Mercado Pago
            conectado (descontada pelo Mercado Pago no repasse; Cielo e sandbox não têm taxa).
          </Text>
        ) : null}
        {!d.online_disponivel && ativa ? (
          <Alert color="red" variant="light" title="Pagamento online suspenso" role="alert">
            A conta {NOME_PROVEDOR_CONTA[ativa.provedor]} está com erro: {ativa.erro ?? 'falha no provedor.'}{' '}
            Enquanto isso, os clientes só veem as formas de pagamento na entrega. Corrija as credenciais e use
            “Testar”.
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

function ContaCard({ idest, c }: { idest: number; c: ContaPagamento }) {
  const qc = useQueryClient();
  const [aviso, setAviso] = useState<string | null>(null);
  const [confirmar, setConfirmar] = useState(false);
  const recarregar = () => void qc.invalidateQueries({ queryKey: contasQuery(idest).queryKey });
  const testar = useMutation({
    mutationFn: () => testarConta(idest, c.id),
    onSuccess: (r) => {
      setAviso(r.ok ? `Teste concluído: ${r.mensagem}` : `O teste falhou: ${r.mensagem}`);
      recarregar();
    },
  });
  const ativar = useMutation({ mutationFn: () => ativarConta(idest, c.id), onSuccess: recarregar });
  const remover = useMutation({ mutationFn: () => removerConta(idest, c.id), onSuccess: recarregar });
  const desconectar = useMutation({ mutationFn: () => desconectarConta(idest, c.id), onSuccess: recarregar });
  const titulo = `conta-${c.id}`;
  const oauth = c.oauth;
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-labelledby={titulo}>
      <Stack gap="xs">
        {/* The badges go under the name when they do not fit beside it (375 px: three badges). */}
        <Group justify="space-between" align="start" wrap="wrap" gap="xs">
          <Title order={3} size="h4" id={titulo}>
            {NOME_PROVEDOR_CONTA[c.provedor]}
          </Title>
          <Group gap={4} wrap="wrap">
            {oauth ? (
              <Badge color="blue.9" variant="filled">
                Conectado
              </Badge>
            ) : null}
            {c.ativa ? (
              <Badge color="teal.9" variant="filled">
                Ativa
              </Badge>
            ) : null}
            <Badge color={c.estado === 'erro' ? 'red.9' : 'gray.7'} variant="filled">
              {c.estado === 'erro' ? 'Com erro' : 'OK'}
            </Badge>
          </Group>
        </Group>
        <Text size="sm">Formas: {metodos(c.metodos)}</Text>
        {oauth ? (
          <Text size="sm">
            Conta Mercado Pago <strong data-vendedor>{oauth.vendedor}</strong>, conectada pelo login do
            Mercado Pago
            {oauth.expira_em
              ? oauth.reconectar
                ? ` (acesso válido até ${data(oauth.expira_em)})`
                : ` (acesso renovado automaticamente; válido até ${data(oauth.expira_em)})`
              : ''}
            .
          </Text>
        ) : null}
        {Object.entries(c.credenciais).map(([campo, d]) => (
          <Text size="sm" key={campo}>
            {ROTULO_CAMPO[campo] ?? campo}: <span data-credencial={campo}>{credencial(d)}</span>
          </Text>
        ))}
        {oauth?.reconectar && oauth.expira_em && c.estado !== 'erro' ? (
          <Text size="sm" fw={700} role="status">
            {MSG_OAUTH_MP.reconectar(data(oauth.expira_em))}
          </Text>
        ) : null}
        {c.estado === 'erro' && c.erro ? (
          <Text size="sm" c="red.9">
            Erro: {c.erro}
          </Text>
        ) : null}
        {c.testado_em ? (
          <Text size="sm" c="dimmed">
            Último teste: {data(c.testado_em)}
          </Text>
        ) : null}
        <Group gap="xs" wrap="wrap">
          <Button size="xs" variant="default" onClick={() => testar.mutate()} loading={testar.isPending}>
            Testar
          </Button>
          {!c.ativa ? (
            <Button size="xs" onClick={() => ativar.mutate()} loading={ativar.isPending}>
              Usar esta conta
            </Button>
          ) : null}
          {oauth ? (
            confirmar ? (
              <>
                <Button
                  size="xs"
                  color="red"
                  onClick={() => desconectar.mutate()}
                  loading={desconectar.isPending}
                >
                  Confirmar desconexão
                </Button>
                <Button size="xs" variant="default" onClick={() => setConfirmar(false)}>
                  Manter
                </Button>
              </>
            ) : (
              <Button size="xs" variant="default" color="red" onClick={() => setConfirmar(true)}>
                Desconectar
              </Button>
            )
          ) : !c.ativa ? (
            confirmar ? (
              <>
                <Button size="xs" color="red" onClick={() => remover.mutate()} loading={remover.isPending}>
                  Confirmar remoção
                </Button>
                <Button size="xs" variant="default" onClick={() => setConfirmar(false)}>
                  Manter
                </Button>
              </>
            ) : (
              <Button size="xs" variant="default" color="red" onClick={() => setConfirmar(true)}>
                Remover
              </Button>
            )
          ) : null}
        </Group>
        {oauth && confirmar ? (
          <Text size="sm">
            Os novos pedidos deixam de ser cobrados nesta conta e o Rango apaga o acesso dela (o Mercado Pago
            não oferece revogação pela API: para encerrar a autorização agora, remova o aplicativo em Seu
            perfil › Segurança no Mercado Pago). Se ela já recebeu pagamentos, o acesso fica guardado,
            cifrado, só para os estornos deles até vencer.
          </Text>
        ) : null}
        <div role="status" aria-live="polite">
          {aviso ? <Text size="sm">{aviso}</Text> : null}
        </div>
        <FormError error={testar.error ?? ativar.error ?? remover.error ?? desconectar.error} />
      </Stack>
    </Paper>
  );
}

/** Cielo's merchant id and key; the server tests them at Cielo before keeping them. */
function CieloForm({ idest, existente }: { idest: number; existente: ContaPagamento | null }) {
  const qc = useQueryClient();
  const [v, setV] = useState<ContaCieloInput>({ merchant_id: '', merchant_key: '' });
  const [erros, setErros] = useState<Erros>({});
  const [ok, setOk] = useState<string | null>(null);
  const salvar = useMutation({
    mutationFn: (b: ContaCieloInput) => salvarCielo(idest, b),
    onSuccess: () => {
      setV({ merchant_id: '', merchant_key: '' });
      setOk('Credenciais da Cielo salvas e testadas.');
      void qc.invalidateQueries({ queryKey: contasQuery(idest).queryKey });
    },
    onError: (e) => setErros(errosDoServidor(e)),
  });
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    setOk(null);
    const r = contaCieloInputSchema.safeParse({
      merchant_id: v.merchant_id.trim(),
      merchant_key: v.merchant_key.trim(),
    });
    const out: Erros = {};
    if (!r.success) for (const i of r.error.issues) out[String(i.path[0]) as keyof Erros] ??= i.message;
    setErros(out);
    if (r.success) salvar.mutate(r.data);
  };
  const geral = salvar.error && Object.keys(errosDoServidor(salvar.error)).length === 0 ? salvar.error : null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="cielo-form">
      <form onSubmit={enviar} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3" id="cielo-form">
            {existente ? 'Trocar credenciais da Cielo' : 'Conectar Cielo'}
          </Title>
          <Text size="sm">
            Use o Merchant ID e a Merchant Key do seu contrato Cielo E-commerce. Eles são testados na Cielo
            antes de serem salvos e nunca são mostrados de novo
            {existente ? '; a conta atual continua atendendo os pagamentos que já recebeu' : ''}.
          </Text>
          <TextInput
            label="Merchant ID"
            autoComplete="off"
            spellCheck={false}
            value={v.merchant_id}
            onChange={(e) => setV({ ...v, merchant_id: e.currentTarget.value })}
            error={erros.merchant_id}
            required
          />
          <PasswordInput
            label="Merchant Key"
            autoComplete="off"
            value={v.merchant_key}
            onChange={(e) => setV({ ...v, merchant_key: e.currentTarget.value })}
            error={erros.merchant_key}
            required
          />
          <Group>
            <Button type="submit" loading={salvar.isPending}>
              Salvar e testar
            </Button>
          </Group>
          <div role="status" aria-live="polite">
            {ok ? <Text size="sm">{ok}</Text> : null}
          </div>
          <FormError error={geral} />
        </Stack>
      </form>
    </Paper>
  );
}

/**
 * 'Conectar Mercado Pago' (OAuth, when the server has a Mercado Pago application): the server
 * answers Mercado Pago's authorization page, the browser goes there, and Mercado Pago sends it
 * back to this page with the result. Without an application only pasting is offered.
 */
function ConectarMercadoPago({ idest }: { idest: number }) {
  const conectar = useMutation({
    mutationFn: () => conectarMercadoPago(idest),
    onSuccess: (r) => window.location.assign(r.url),
  });
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button
          onClick={() => conectar.mutate()}
          loading={conectar.isPending}
          aria-describedby="mercadopago-nota"
        >
          Conectar Mercado Pago
        </Button>
      </Group>
      <Text size="sm" id="mercadopago-nota">
        Você entra na sua conta do Mercado Pago e autoriza o Rango a receber os pagamentos por ela. O acesso é
        renovado automaticamente.
      </Text>
      <FormError error={conectar.error} />
    </Stack>
  );
}

/**
 * Mercado Pago's access token and public key pasted by the owner (Suas integrações › Credenciais);
 * the server tests them at Mercado Pago before keeping them.
 */
function MercadoPagoForm({
  idest,
  existente,
  oauth,
}: {
  idest: number;
  existente: ContaPagamento | null;
  oauth: boolean;
}) {
  const qc = useQueryClient();
  const vazio: ContaMercadoPagoInput = { access_token: '', public_key: '' };
  const [v, setV] = useState<ContaMercadoPagoInput>(vazio);
  const [erros, setErros] = useState<Erros>({});
  const [ok, setOk] = useState<string | null>(null);
  const salvar = useMutation({
    mutationFn: (b: ContaMercadoPagoInput) => salvarMercadoPago(idest, b),
    onSuccess: () => {
      setV(vazio);
      setOk('Credenciais do Mercado Pago salvas e testadas.');
      void qc.invalidateQueries({ queryKey: contasQuery(idest).queryKey });
    },
    onError: (e) => setErros(errosDoServidor(e)),
  });
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    setOk(null);
    const r = contaMercadoPagoInputSchema.safeParse({
      access_token: v.access_token.trim(),
      public_key: v.public_key.trim(),
    });
    const out: Erros = {};
    if (!r.success) for (const i of r.error.issues) out[String(i.path[0]) as keyof Erros] ??= i.message;
    setErros(out);
    if (r.success) salvar.mutate(r.data);
  };
  const geral = salvar.error && Object.keys(errosDoServidor(salvar.error)).length === 0 ? salvar.error : null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="mercadopago">
      <form onSubmit={enviar} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3" id="mercadopago">
            {existente ? 'Trocar credenciais do Mercado Pago' : 'Mercado Pago'}
          </Title>
          {oauth ? (
            <ConectarMercadoPago idest={idest} />
          ) : (
            <Text size="sm" id="mercadopago-nota">
              {MSG_OAUTH_MP.naoConfigurado}
            </Text>
          )}
          <Text size="sm">
            {oauth
              ? 'Ou cole as credenciais de produção da sua conta (Suas integrações › Credenciais). '
              : ''}
            O Access Token e a Public Key são testados no Mercado Pago antes de serem salvos e nunca são
            mostrados de novo.
          </Text>
          <PasswordInput
            label="Access Token"
            autoComplete="off"
            value={v.access_token}
            onChange={(e) => setV({ ...v, access_token: e.currentTarget.value })}
            error={erros.access_token}
            required
          />
          <TextInput
            label="Public Key"
            autoComplete="off"
            spellCheck={false}
            value={v.public_key}
            onChange={(e) => setV({ ...v, public_key: e.currentTarget.value })}
            error={erros.public_key}
            required
          />
          <Group>
            <Button type="submit" loading={salvar.isPending}>
              Salvar e testar
            </Button>
          </Group>
          <div role="status" aria-live="polite">
            {ok ? <Text size="sm">{ok}</Text> : null}
          </div>
          <FormError error={geral} />
        </Stack>
      </form>
    </Paper>
  );
}

/** What Mercado Pago's callback says (`?mercadopago=<resultado>`), until the owner dismisses it. */
function ResultadoOAuth({ d }: { d: ContasPagamento }) {
  const [params, setParams] = useSearchParams();
  const bruto = params.get('mercadopago');
  if (!bruto || !(RESULTADOS_OAUTH_MP as readonly string[]).includes(bruto)) return null;
  const r = bruto as ResultadoOAuthMp;
  const fechar = () => {
    const p = new URLSearchParams(params);
    p.delete('mercadopago');
    setParams(p, { replace: true });
  };
  const conta = d.contas.find((c) => c.oauth !== null);
  return (
    <Alert
      // Mantine's teal title on its light background is below 4.5:1; this green is above (as 'Estorno realizado').
      color={r === 'conectado' ? '#1c6b2f' : 'red'}
      variant="light"
      title={r === 'conectado' ? 'Conectado' : 'Mercado Pago não conectado'}
      role={r === 'conectado' ? 'status' : 'alert'}
      withCloseButton
      closeButtonLabel="Fechar aviso"
      onClose={fechar}
    >
      {r === 'conectado'
        ? conta?.oauth
          ? `${MSG_OAUTH_MP.conectado(conta.oauth.vendedor)}${conta.ativa ? '' : ' Use “Usar esta conta” para receber os novos pedidos nela.'}`
          : 'Mercado Pago conectado.'
        : MSG_RESULTADO_OAUTH_MP[r]}
    </Alert>
  );
}

/** /painel/:id/pagamentos (owner): the restaurant's own payment accounts (issue 23). */
export default function PagamentosPage() {
  const { id } = useEstabelecimentoAtual();
  const qc = useQueryClient();
  const q = useQuery(contasQuery(id));
  const recarregar = () => void qc.invalidateQueries({ queryKey: contasQuery(id).queryKey });
  const sandbox = useMutation({ mutationFn: () => ativarSandbox(id), onSuccess: recarregar });
  const padrao = useMutation({ mutationFn: () => ativarConta(id, null), onSuccess: recarregar });
  const d = q.data;
  const cielo = d?.contas.find((c) => c.provedor === 'cielo') ?? null;
  const mercadopago = d?.contas.find((c) => c.provedor === 'mercadopago') ?? null;
  return (
    <Stack gap="md" maw={960} mx="auto" w="100%">
      <PageTitle>Pagamentos</PageTitle>
      <Text size="sm">
        Receba os pagamentos online (crédito, débito e PIX) na conta do seu restaurante. Trocar de conta não
        afeta os pagamentos já feitos: estornos e confirmações continuam na conta que os recebeu.
      </Text>
      {q.isPending ? <PageLoader /> : null}
      {q.isError ? <ErroCarga error={q.error} onRetry={() => void q.refetch()} /> : null}
      {d ? (
        <>
          <ResultadoOAuth d={d} />
          <Atual d={d} />
          <Stack gap="xs" component="section" aria-labelledby="contas">
            <Title order={2} size="h3" id="contas">
              Contas
            </Title>
            {d.contas.length === 0 ? <Text c="dimmed">Nenhuma conta própria ainda.</Text> : null}
            {d.contas.map((c) => (
              <ContaCard key={c.id} idest={id} c={c} />
            ))}
            <Group gap="xs" wrap="wrap">
              {d.disponiveis.includes('sandbox') &&
              !d.contas.some((c) => c.provedor === 'sandbox' && c.ativa) ? (
                <Button variant="default" onClick={() => sandbox.mutate()} loading={sandbox.isPending}>
                  Usar o sandbox (testes)
                </Button>
              ) : null}
              {d.ativa !== null ? (
                <Button variant="default" onClick={() => padrao.mutate()} loading={padrao.isPending}>
                  Usar o padrão do servidor
                </Button>
              ) : null}
            </Group>
            <FormError error={sandbox.error ?? padrao.error} />
          </Stack>
          {d.disponiveis.includes('cielo') ? <CieloForm idest={id} existente={cielo} /> : null}
          {d.disponiveis.includes('mercadopago') ? (
            <MercadoPagoForm idest={id} existente={mercadopago} oauth={d.oauth_mercadopago} />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
