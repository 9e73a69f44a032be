import {
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { formatBRL, motivoRecusaCupom } from '@rango/domain';
import type { CupomRecusa } from '@rango/domain';
import {
  cupomInputSchema,
  cupomPainelSchema,
  cuponsPainelSchema,
  type CupomInput,
  type CupomPainel,
} from '@rango/domain/painel/catalogo';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { PainelApiError, estPath, painelGet, painelPost, painelPut } from '../../api/client.ts';
import { useEstabelecimentoAtual } from '../../lib/estabelecimento-atual.ts';
import { CampoDinheiro } from '../../components/campo-dinheiro.tsx';
import { ErroCarga } from '../../components/erro-carga.tsx';
import { FormError } from '../../components/form-error.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import classes from '../../components/tabela-cartoes.module.css';

const cuponsQuery = (id: number) =>
  queryOptions({
    queryKey: ['painel', id, 'cupons'] as const,
    queryFn: ({ signal }) => painelGet(estPath(id, 'cupons/'), cuponsPainelSchema, signal),
  });

type Erros = Record<string, string>;

function errosDe(input: CupomInput): Erros {
  const r = cupomInputSchema.safeParse(input);
  const out: Erros = {};
  if (!r.success) for (const i of r.error.issues) out[i.path.map(String).join('.')] ??= i.message;
  return out;
}

function errosDoServidor(e: unknown): Erros {
  if (!(e instanceof PainelApiError) || e.status !== 400 || !e.data || typeof e.data !== 'object') return {};
  const out: Erros = {};
  for (const [k, v] of Object.entries(e.data as Record<string, unknown>)) {
    const m: unknown = Array.isArray(v) ? v[0] : v;
    if (typeof m === 'string') out[k] = m;
  }
  return out;
}

/** 'YYYY-MM-DDTHH:MM' of a datetime-local field ↔ ISO with the browser's offset. */
function paraLocal(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}
function deLocal(local: string): string | null {
  if (!local) return null;
  const d = new Date(local);
  if (Number.isNaN(d.getTime())) return null;
  return d.toISOString();
}

const VAZIO: CupomInput = {
  codigo: '',
  ehpercentual: true,
  desconto: 10,
  limitedesconto: 0,
  subtotalminimo: 0,
  valido_de: null,
  valido_ate: null,
  limite_total: null,
  limite_por_cliente: null,
  ativo: true,
};

function CupomForm({ idest, cupom, onFim }: { idest: number; cupom: CupomPainel | null; onFim: () => void }) {
  const qc = useQueryClient();
  const [v, setV] = useState<CupomInput>(() =>
    cupom
      ? {
          codigo: cupom.codigo,
          ehpercentual: cupom.ehpercentual,
          desconto: cupom.desconto,
          limitedesconto: cupom.limitedesconto,
          subtotalminimo: cupom.subtotalminimo,
          valido_de: cupom.valido_de,
          valido_ate: cupom.valido_ate,
          limite_total: cupom.limite_total,
          limite_por_cliente: cupom.limite_por_cliente,
          ativo: cupom.ativo,
        }
      : VAZIO,
  );
  const [erros, setErros] = useState<Erros>({});
  const salvar = useMutation({
    mutationFn: (b: CupomInput) =>
      cupom
        ? painelPut(estPath(idest, `cupons/${cupom.id}/`), b, cupomPainelSchema)
        : painelPost(estPath(idest, 'cupons/'), b, cupomPainelSchema),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: cuponsQuery(idest).queryKey });
      onFim();
    },
    onError: (e) => setErros(errosDoServidor(e)),
  });
  const set = (x: Partial<CupomInput>) => setV({ ...v, ...x });
  const enviar = () => {
    const e = errosDe(v);
    setErros(e);
    if (Object.keys(e).length === 0) salvar.mutate(v);
  };
  const limite = (x: string | number) => (x === '' ? null : Number(x));
  // A field's blur validates the form: its new messages would push these buttons down between
  // the press and the release, and the click would miss. Pressing them keeps the focus where it is.
  const semBlur = (e: MouseEvent) => e.preventDefault();
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label="Código"
          withAsterisk
          value={v.codigo}
          onChange={(e) => set({ codigo: e.currentTarget.value.toUpperCase() })}
          onBlur={() => setErros(errosDe(v))}
          error={erros.codigo}
        />
        <Stack gap={4}>
          <Text size="sm" fw={600} id="cupom-tipo">
            Tipo de desconto
          </Text>
          <SegmentedControl
            aria-labelledby="cupom-tipo"
            data={[
              { value: 'p', label: 'Percentual' },
              { value: 'f', label: 'Valor fixo' },
            ]}
            value={v.ehpercentual ? 'p' : 'f'}
            onChange={(x) => set({ ehpercentual: x === 'p', desconto: x === 'p' ? 10 : 500 })}
          />
        </Stack>
        {v.ehpercentual ? (
          <NumberInput
            label="Desconto (%)"
            value={v.desconto}
            decimalScale={2}
            decimalSeparator=","
            min={0}
            max={100}
            clampBehavior="none"
            onChange={(x) => set({ desconto: Number(String(x).replace(',', '.')) || 0 })}
            onBlur={() => setErros(errosDe(v))}
            error={erros.desconto}
          />
        ) : (
          <CampoDinheiro
            label="Desconto"
            valor={v.desconto}
            onChange={(c) => set({ desconto: c ?? 0 })}
            error={erros.desconto}
          />
        )}
        {v.ehpercentual ? (
          <CampoDinheiro
            label="Desconto máximo"
            description="0 = sem teto"
            valor={v.limitedesconto ?? 0}
            onChange={(c) => set({ limitedesconto: c ?? 0 })}
            error={erros.limitedesconto}
          />
        ) : null}
        <CampoDinheiro
          label="Subtotal mínimo"
          description="0 = qualquer valor"
          valor={v.subtotalminimo ?? 0}
          onChange={(c) => set({ subtotalminimo: c ?? 0 })}
          error={erros.subtotalminimo}
        />
        <TextInput
          type="datetime-local"
          label="Válido a partir de"
          value={paraLocal(v.valido_de ?? null)}
          onChange={(e) => set({ valido_de: deLocal(e.currentTarget.value) })}
          error={erros.valido_de}
        />
        <TextInput
          type="datetime-local"
          label="Válido até"
          value={paraLocal(v.valido_ate ?? null)}
          onChange={(e) => set({ valido_ate: deLocal(e.currentTarget.value) })}
          error={erros.valido_ate}
        />
        <NumberInput
          label="Limite de usos no total"
          description="Em branco = sem limite"
          value={v.limite_total ?? ''}
          min={1}
          allowDecimal={false}
          onChange={(x) => set({ limite_total: limite(x) })}
          error={erros.limite_total}
        />
        <NumberInput
          label="Limite de usos por cliente"
          description="Em branco = sem limite"
          value={v.limite_por_cliente ?? ''}
          min={1}
          allowDecimal={false}
          onChange={(x) => set({ limite_por_cliente: limite(x) })}
          error={erros.limite_por_cliente}
        />
      </SimpleGrid>
      <Switch
        label="Ativo"
        checked={v.ativo ?? true}
        onChange={(e) => set({ ativo: e.currentTarget.checked })}
      />
      <FormError
        error={salvar.error && Object.keys(errosDoServidor(salvar.error)).length === 0 ? salvar.error : null}
      />
      <Group gap="xs">
        <Button onMouseDown={semBlur} onClick={enviar} loading={salvar.isPending}>
          {cupom ? 'Salvar cupom' : 'Criar cupom'}
        </Button>
        <Button variant="default" onMouseDown={semBlur} onClick={onFim}>
          Cancelar
        </Button>
      </Group>
    </Stack>
  );
}

function descontoTexto(c: CupomPainel): string {
  if (!c.ehpercentual) return formatBRL(c.desconto);
  const teto = c.limitedesconto > 0 ? ` (até ${formatBRL(c.limitedesconto)})` : '';
  return `${String(c.desconto).replace('.', ',')} %${teto}`;
}

function validade(c: CupomPainel): string {
  const f = (s: string) => new Date(s).toLocaleDateString('pt-BR');
  if (c.valido_de && c.valido_ate) return `${f(c.valido_de)} a ${f(c.valido_ate)}`;
  if (c.valido_ate) return `até ${f(c.valido_ate)}`;
  if (c.valido_de) return `desde ${f(c.valido_de)}`;
  return 'sem prazo';
}

/** The coupon's state as the customer meets it now: switched on is not enough to be usable. */
/**
 * The coupon's state by the rules the server applies to a customer now (domain's
 * motivoRecusaCupom), counting every use; per-customer limits and minimums are per order.
 */
function situacao(c: CupomPainel, agora: number): { texto: string; cor: string } {
  const motivo = motivoRecusaCupom(
    { ...c, limite_por_cliente: null },
    { agora: new Date(agora), usosTotal: c.usos, usosCliente: 0 },
  );
  if (motivo === null) return { texto: 'Ativo', cor: 'teal.9' };
  return motivo === 'nao_iniciado'
    ? { texto: 'Agendado', cor: 'blue.9' }
    : { texto: SITUACAO_RECUSA[motivo] ?? 'Inativo', cor: 'gray.7' };
}
const SITUACAO_RECUSA: Partial<Record<CupomRecusa, string>> = {
  inativo: 'Inativo',
  expirado: 'Expirado',
  esgotado: 'Esgotado',
};

/** /painel/:id/cupons (owner): coupons with how often each was used; create and edit. */
export default function CuponsPage() {
  const { id } = useEstabelecimentoAtual();
  const q = useQuery(cuponsQuery(id));
  const [editando, setEditando] = useState<number | 'novo' | null>(null);
  // The button that opened the form is gone: the focus goes to the form's heading (not to a
  // field, whose blur would validate it and shift the buttons under the pointer); closing the
  // form (saved or cancelled) puts it back on 'Novo cupom', not on the page.
  const tituloRef = useRef<HTMLHeadingElement>(null);
  const novoRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (editando !== null) tituloRef.current?.focus();
  }, [editando]);
  const fechar = () => {
    setEditando(null);
    requestAnimationFrame(() => novoRef.current?.focus());
  };
  const atual = q.data?.find((c) => c.id === editando) ?? null;
  const agora = Date.now();
  return (
    <Stack gap="md" maw={960} mx="auto" w="100%">
      <PageTitle>Cupons</PageTitle>
      {q.isPending ? <PageLoader /> : null}
      {q.isError ? <ErroCarga error={q.error} onRetry={() => void q.refetch()} /> : null}
      {editando !== null ? (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="cupom-form">
          <Title order={2} size="h3" id="cupom-form" mb="sm" ref={tituloRef} tabIndex={-1}>
            {atual ? `Editar ${atual.codigo}` : 'Novo cupom'}
          </Title>
          <CupomForm key={String(editando)} idest={id} cupom={atual} onFim={fechar} />
        </Paper>
      ) : (
        <Group>
          <Button ref={novoRef} onClick={() => setEditando('novo')}>
            Novo cupom
          </Button>
        </Group>
      )}
      {q.data && q.data.length === 0 ? <Text c="dimmed">Nenhum cupom ainda.</Text> : null}
      {q.data && q.data.length > 0 ? (
        // Relative: the hidden 'Ações' header is placed inside the scroller, not past the page's edge.
        <Paper withBorder radius="md" pos="relative" style={{ overflowX: 'auto' }}>
          <Table striped highlightOnHover className={classes.tabela}>
            <Table.Caption>Cupons e quantas vezes cada um foi usado</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Código</Table.Th>
                <Table.Th>Desconto</Table.Th>
                <Table.Th>Validade</Table.Th>
                <Table.Th>Usos</Table.Th>
                <Table.Th>Situação</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Ações</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {q.data.map((c) => {
                const s = situacao(c, agora);
                return (
                  <Table.Tr key={c.id}>
                    <Table.Td fw={600} data-label="Código">
                      {c.codigo}
                    </Table.Td>
                    <Table.Td data-label="Desconto">{descontoTexto(c)}</Table.Td>
                    <Table.Td data-label="Validade">{validade(c)}</Table.Td>
                    <Table.Td data-label="Usos">
                      {c.usos}
                      {c.limite_total !== null ? ` de ${c.limite_total}` : ''}
                    </Table.Td>
                    <Table.Td data-label="Situação">
                      <Badge color={s.cor} variant="filled">
                        {s.texto}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setEditando(c.id)}
                        aria-label={`Editar ${c.codigo}`}
                      >
                        Editar
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Paper>
      ) : null}
    </Stack>
  );
}
