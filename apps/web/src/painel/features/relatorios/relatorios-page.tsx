import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { CANAL_NOME, formatBRL } from '@rango/domain';
import {
  DATA_MIN_RELATORIO,
  MSG_RELATORIO,
  PROVEDOR_RELATORIO_NOME,
  TIPO_RELATORIO_NOME,
  dataMaxRelatorio,
  relatorioQuerySchema,
  type LinhaItem,
  type Relatorio,
} from '@rango/domain/painel/relatorio';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { PainelApiError } from '../../api/client.ts';
import { useEstabelecimentoAtual } from '../../lib/estabelecimento-atual.ts';
import { ErroCarga } from '../../components/erro-carga.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { baixarRelatorioCsv, useRelatorio } from './api.ts';
import { PorHora } from './components/por-hora.tsx';
import { Rolagem } from './components/rolagem.tsx';
import { PRESETS, dataBr, hojeSaoPaulo, periodoDo, presetDe, type Preset } from './lib/periodo.ts';
import classes from './relatorios-page.module.css';

const PADRAO: Exclude<Preset, 'personalizado'> = '7d';
const fmtInt = new Intl.NumberFormat('pt-BR');
const pct = (parte: number, todo: number) =>
  todo > 0
    ? `${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }).format((parte / todo) * 100)} %`
    : '—';

interface Periodo {
  de: string;
  ate: string;
}

/** The period in the URL (?de=&ate=) when it is a valid one, else the default preset's. */
function usePeriodo(hoje: string): [Periodo, (p: Periodo) => void] {
  const [params, setParams] = useSearchParams();
  const q = relatorioQuerySchema(hoje).safeParse({ de: params.get('de'), ate: params.get('ate') });
  const periodo = q.success ? q.data : periodoDo(PADRAO, hoje);
  return [periodo, (p) => setParams({ de: p.de, ate: p.ate }, { replace: true })];
}

function Card({ titulo, valor, detalhe }: { titulo: string; valor: string; detalhe?: string | undefined }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} className={classes.card}>
      <Text size="sm" c="dimmed" className={classes.cardTitulo}>
        {titulo}
      </Text>
      <Text className={classes.cardValor}>{valor}</Text>
      {detalhe ? (
        <Text size="sm" c="dimmed">
          {detalhe}
        </Text>
      ) : null}
    </Paper>
  );
}

function Secao({ titulo, children }: { titulo: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {titulo}
      </Title>
      {children}
    </Paper>
  );
}

function TabelaItens({
  titulo,
  itens,
  vazio,
}: {
  titulo: string;
  itens: Relatorio['produtos'];
  vazio: string;
}) {
  const [ordem, setOrdem] = useState<'porQuantidade' | 'porReceita'>('porQuantidade');
  const lista: LinhaItem[] = itens[ordem];
  return (
    <Secao titulo={titulo}>
      {itens.porQuantidade.length === 0 ? (
        <Text c="dimmed">{vazio}</Text>
      ) : (
        <>
          <SegmentedControl
            size="xs"
            mb="sm"
            aria-label={`Ordenar ${titulo.toLowerCase()} por`}
            value={ordem}
            onChange={(v) => setOrdem(v as typeof ordem)}
            data={[
              { value: 'porQuantidade', label: 'Quantidade' },
              { value: 'porReceita', label: 'Receita' },
            ]}
          />
          <Rolagem rotulo={titulo}>
            <Table striped className={classes.tabela}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">#</Table.Th>
                  <Table.Th scope="col">Nome</Table.Th>
                  <Table.Th scope="col" className={classes.num}>
                    Quantidade
                  </Table.Th>
                  <Table.Th scope="col" className={classes.num}>
                    Receita
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lista.map((i, n) => (
                  <Table.Tr key={i.id}>
                    <Table.Td>{n + 1}</Table.Td>
                    <Table.Th scope="row" fw="normal">
                      {i.descricao}
                    </Table.Th>
                    <Table.Td className={classes.num}>{fmtInt.format(i.quantidade)}</Table.Td>
                    <Table.Td className={classes.num}>{formatBRL(i.receita)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Rolagem>
        </>
      )}
    </Secao>
  );
}

function TabelaVendas({
  cabecalho,
  linhas,
  receita,
}: {
  cabecalho: string;
  linhas: { nome: string; pedidos: number; receita: number }[];
  receita: number;
}) {
  return (
    <Rolagem rotulo={cabecalho}>
      <Table striped className={classes.tabela}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{cabecalho}</Table.Th>
            <Table.Th scope="col" className={classes.num}>
              Pedidos
            </Table.Th>
            <Table.Th scope="col" className={classes.num}>
              Receita
            </Table.Th>
            <Table.Th scope="col" className={classes.num}>
              % da receita
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {linhas.map((l) => (
            <Table.Tr key={l.nome}>
              <Table.Th scope="row" fw="normal">
                {l.nome}
              </Table.Th>
              <Table.Td className={classes.num}>{fmtInt.format(l.pedidos)}</Table.Td>
              <Table.Td className={classes.num}>{formatBRL(l.receita)}</Table.Td>
              <Table.Td className={classes.num}>{pct(l.receita, receita)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Rolagem>
  );
}

/**
 * Online payments paid in the period: gross, the platform's fee (Mercado Pago's marketplace fee)
 * and net, per provider. Cielo and the sandbox carry no fee, and the table says so.
 */
function PagamentosOnline({ p }: { p: Relatorio['pagamentosOnline'] }) {
  if (p.porProvedor.length === 0) return <Text c="dimmed">Nenhum pagamento online neste período.</Text>;
  const semTaxa = p.porProvedor.some((l) => l.provedor !== 'mercadopago');
  return (
    <Stack gap="xs">
      <Rolagem rotulo="Pagamentos online">
        <Table striped className={classes.tabela}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Conta</Table.Th>
              <Table.Th scope="col" className={classes.num}>
                Pagamentos
              </Table.Th>
              <Table.Th scope="col" className={classes.num}>
                Bruto
              </Table.Th>
              <Table.Th scope="col" className={classes.num}>
                Taxa da plataforma
              </Table.Th>
              <Table.Th scope="col" className={classes.num}>
                Líquido
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {p.porProvedor.map((l) => (
              <Table.Tr key={l.provedor}>
                <Table.Th scope="row" fw="normal">
                  {PROVEDOR_RELATORIO_NOME[l.provedor]}
                </Table.Th>
                <Table.Td className={classes.num}>{fmtInt.format(l.pagamentos)}</Table.Td>
                <Table.Td className={classes.num}>{formatBRL(l.bruto)}</Table.Td>
                <Table.Td className={classes.num}>
                  {l.provedor === 'mercadopago' ? formatBRL(l.taxa) : `${formatBRL(0)} (sem taxa)`}
                </Table.Td>
                <Table.Td className={classes.num}>{formatBRL(l.liquido)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th scope="row">Total</Table.Th>
              <Table.Td className={classes.num}>
                {fmtInt.format(p.porProvedor.reduce((a, l) => a + l.pagamentos, 0))}
              </Table.Td>
              <Table.Td className={classes.num}>{formatBRL(p.bruto)}</Table.Td>
              <Table.Td className={classes.num}>{formatBRL(p.taxa)}</Table.Td>
              <Table.Td className={classes.num}>{formatBRL(p.liquido)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Rolagem>
      {semTaxa ? (
        <Text size="sm" c="dimmed">
          Pagamentos pela Cielo ou pelo sandbox não têm taxa da plataforma; ela só é cobrada pelo Mercado Pago
          conectado.
        </Text>
      ) : null}
    </Stack>
  );
}

/** The period: presets, or two dates checked like the server checks them. */
function Filtro({
  periodo,
  hoje,
  onChange,
}: {
  periodo: Periodo;
  hoje: string;
  onChange: (p: Periodo) => void;
}) {
  const estreito = useMediaQuery('(max-width: 30em)');
  const atual = presetDe(periodo, hoje);
  const [preset, setPreset] = useState<Preset>(atual);
  const [de, setDe] = useState(periodo.de);
  const [ate, setAte] = useState(periodo.ate);
  const [erros, setErros] = useState<{ de?: string | undefined; ate?: string | undefined }>({});

  const escolher = (v: string) => {
    const p = v as Preset;
    setPreset(p);
    setErros({});
    if (p === 'personalizado') {
      setDe(periodo.de);
      setAte(periodo.ate);
      return;
    }
    onChange(periodoDo(p, hoje));
  };

  const aplicar = (e: FormEvent) => {
    e.preventDefault();
    const r = relatorioQuerySchema(hoje).safeParse({ de, ate });
    if (r.success) {
      setErros({});
      onChange(r.data);
      return;
    }
    const novo: { de?: string; ate?: string } = {};
    for (const issue of r.error.issues) {
      const campo = issue.path[0] === 'de' ? 'de' : 'ate';
      novo[campo] ??= issue.message;
    }
    setErros(novo);
  };

  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Período"
        size={estreito ? 'xs' : 'sm'}
        value={preset}
        onChange={escolher}
        data={PRESETS}
        className={classes.presets}
      />
      {preset === 'personalizado' ? (
        <form onSubmit={aplicar} noValidate aria-label="Período personalizado">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              type="date"
              label="De"
              value={de}
              min={DATA_MIN_RELATORIO}
              max={ate || dataMaxRelatorio(hoje)}
              onChange={(e) => setDe(e.currentTarget.value)}
              error={erros.de}
              required
              w={170}
            />
            <TextInput
              type="date"
              label="Até"
              value={ate}
              min={de || DATA_MIN_RELATORIO}
              max={dataMaxRelatorio(hoje)}
              onChange={(e) => setAte(e.currentTarget.value)}
              error={erros.ate}
              required
              w={170}
            />
            <Button type="submit" mt={25}>
              Aplicar
            </Button>
          </Group>
        </form>
      ) : null}
    </Stack>
  );
}

/**
 * /painel/:id/relatorios (owner): the shop's sales over a period — orders, revenue, average
 * ticket, payment methods, delivery/pickup, cancellations and refunds, top products and options,
 * orders per hour — as the server aggregates them, and the same as CSV ('Baixar CSV').
 */
export default function RelatoriosPage() {
  const { id } = useEstabelecimentoAtual();
  const [hoje] = useState(hojeSaoPaulo);
  const [periodo, setPeriodo] = usePeriodo(hoje);
  const q = useRelatorio(id, periodo);
  const [baixando, setBaixando] = useState(false);
  const [erroCsv, setErroCsv] = useState<string | null>(null);
  const r = q.data;
  const atualizando = q.isPlaceholderData;

  const baixar = async () => {
    setBaixando(true);
    setErroCsv(null);
    try {
      await baixarRelatorioCsv(id, periodo.de, periodo.ate);
    } catch (e) {
      setErroCsv(e instanceof Error ? e.message : 'Não foi possível baixar o arquivo.');
    } finally {
      setBaixando(false);
    }
  };

  const erroPeriodo =
    q.error instanceof PainelApiError ? (q.error.campo('de') ?? q.error.campo('ate')) : undefined;
  const semNada = r !== undefined && r.pedidos === 0 && r.cancelamentos.pedidos === 0;

  return (
    <Stack gap="md" maw={1100} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <PageTitle>Relatórios</PageTitle>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden="true" />}
          onClick={() => void baixar()}
          loading={baixando}
        >
          Baixar CSV
        </Button>
      </Group>
      <Filtro key={`${periodo.de}|${periodo.ate}`} periodo={periodo} hoje={hoje} onChange={setPeriodo} />
      <Text size="sm" c="dimmed" aria-live="polite">
        {periodo.de === periodo.ate
          ? `Vendas de ${dataBr(periodo.de)}`
          : `Vendas de ${dataBr(periodo.de)} a ${dataBr(periodo.ate)}`}
        {atualizando || q.isFetching ? ' — atualizando…' : ''}
      </Text>
      {erroCsv ? (
        <Alert color="red" variant="light" role="alert" title="Não foi possível baixar o CSV.">
          {erroCsv}
        </Alert>
      ) : null}
      {q.isPending ? <PageLoader /> : null}
      {q.isError ? (
        erroPeriodo ? (
          <Alert color="red" variant="light" role="alert" title="Período inválido.">
            {erroPeriodo}
          </Alert>
        ) : (
          <ErroCarga error={q.error} onRetry={() => void q.refetch()} />
        )
      ) : null}
      {semNada ? (
        <Paper withBorder radius="md" p="md">
          <Text>{MSG_RELATORIO.semVendas}</Text>
        </Paper>
      ) : null}
      {r && !semNada ? (
        <Stack gap="md" className={atualizando ? classes.atualizando : undefined} aria-busy={atualizando}>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
            <Card titulo="Pedidos" valor={fmtInt.format(r.pedidos)} />
            <Card titulo="Receita" valor={formatBRL(r.receita)} />
            <Card titulo="Ticket médio" valor={formatBRL(r.ticketMedio)} />
            <Card
              titulo="Cancelamentos"
              valor={fmtInt.format(r.cancelamentos.pedidos)}
              detalhe={formatBRL(r.cancelamentos.valor)}
            />
            <Card
              titulo="Estornos"
              valor={fmtInt.format(r.estornos.pagamentos)}
              detalhe={
                r.estornos.pendentes > 0
                  ? `${formatBRL(r.estornos.valor)} · ${fmtInt.format(r.estornos.pendentes)} pendente${r.estornos.pendentes > 1 ? 's' : ''} (${formatBRL(r.estornos.valorPendente)})`
                  : formatBRL(r.estornos.valor)
              }
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Secao titulo="Formas de pagamento">
              {r.porFormaPagamento.length === 0 ? (
                <Text c="dimmed">{MSG_RELATORIO.semVendas}</Text>
              ) : (
                <TabelaVendas
                  cabecalho="Forma"
                  receita={r.receita}
                  linhas={r.porFormaPagamento.map((f) => ({ nome: f.forma, ...f }))}
                />
              )}
            </Secao>
            <Secao titulo="Entrega e retirada">
              <TabelaVendas
                cabecalho="Tipo"
                receita={r.receita}
                linhas={r.porTipo.map((t) => ({ nome: TIPO_RELATORIO_NOME[t.tipo], ...t }))}
              />
            </Secao>
            <Secao titulo="Canais">
              <TabelaVendas
                cabecalho="Canal"
                receita={r.receita}
                linhas={r.porCanal.map((c) => ({ nome: CANAL_NOME[c.canal], ...c }))}
              />
            </Secao>
          </SimpleGrid>
          <Secao titulo="Pagamentos online: bruto, taxa e líquido">
            <PagamentosOnline p={r.pagamentosOnline} />
          </Secao>
          <Secao titulo="Pedidos por hora">
            <PorHora horas={r.porHora} />
          </Secao>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <TabelaItens titulo="Produtos" itens={r.produtos} vazio="Nenhum produto vendido neste período." />
            <TabelaItens titulo="Opções" itens={r.opcoes} vazio="Nenhuma opção escolhida neste período." />
          </SimpleGrid>
        </Stack>
      ) : null}
    </Stack>
  );
}
