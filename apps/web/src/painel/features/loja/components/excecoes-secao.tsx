import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { wallClock } from '@rango/domain';
import {
  excecoesHorarioInputSchema,
  dataMaxExcecao,
  problemasExcecoes,
  type ExcecaoHorarioInput,
} from '@rango/domain/painel/catalogo';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ErroCarga } from '../../../components/erro-carga.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errosDe, errosDoServidor, lojaApi, lojaQueries, type Erros } from '../api.ts';

type Faixa = ExcecaoHorarioInput['faixas'][number] & { k: number };
type Data = Omit<ExcecaoHorarioInput, 'faixas'> & { k: number; faixas: Faixa[] };
let seq = 0;
const comChave = (e: ExcecaoHorarioInput): Data => ({
  ...e,
  k: seq++,
  faixas: e.faixas.map((f) => ({ ...f, k: seq++ })),
});
const semChaves = (datas: readonly Data[]): ExcecaoHorarioInput[] =>
  datas.map(({ data, fechado, faixas }) => ({
    data,
    fechado,
    faixas: fechado
      ? []
      : faixas.map(({ abertura, fechamento, dia_seguinte }) => ({ abertura, fechamento, dia_seguinte })),
  }));

/** '2026-12-25' → '25/12/2026' (names the row for a screen reader). */
const dataBr = (iso: string): string =>
  /^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso.split('-').reverse().join('/') : 'nova data';

/** The store's date today (its wall clock). */
const hoje = (): string => wallClock(new Date()).data;

function errosDatas(datas: readonly Data[]): Erros {
  const out: Erros = {};
  const lista = semChaves(datas);
  const r = excecoesHorarioInputSchema.safeParse({ excecoes: lista });
  Object.assign(out, errosDe(r));
  if (r.success)
    for (const p of problemasExcecoes(r.data.excecoes, hoje()))
      out[['excecoes', ...p.caminho].join('.')] ??= p.msg;
  return out;
}

function Editor({ inicial, idest }: { inicial: ExcecaoHorarioInput[]; idest: number }) {
  const qc = useQueryClient();
  const [datas, setDatas] = useState<Data[]>(() => inicial.map(comChave));
  const [servidor, setServidor] = useState<Erros>({});
  const [mostrar, setMostrar] = useState(false);
  const [salvo, setSalvo] = useState(false);
  const salvar = useMutation({
    mutationFn: (excecoes: ExcecaoHorarioInput[]) => lojaApi.salvarExcecoes(idest, { excecoes }),
    onSuccess: (r) => {
      qc.setQueryData(lojaQueries.excecoes(idest).queryKey, r);
      setDatas(r.excecoes.map(comChave));
      setMostrar(false);
      setSalvo(true);
    },
    onError: (e) => setServidor(errosDoServidor(e)),
  });
  // A date typed halfway is not marked until a save is tried; ranges are marked as typed.
  const locais = errosDatas(datas);
  const erros: Erros = { ...servidor };
  for (const [k, v] of Object.entries(locais)) if (mostrar || !k.endsWith('.data')) erros[k] ??= v;

  const mudar = (fn: (d: Data[]) => Data[]) => {
    setSalvo(false);
    setServidor({});
    setDatas(fn);
  };
  const setData = (k: number, x: Partial<Data>) =>
    mudar((d) => d.map((e) => (e.k === k ? { ...e, ...x } : e)));
  const setFaixa = (k: number, kf: number, x: Partial<Faixa>) =>
    mudar((d) =>
      d.map((e) =>
        e.k === k ? { ...e, faixas: e.faixas.map((f) => (f.k === kf ? { ...f, ...x } : f)) } : e,
      ),
    );
  const novaFaixa = (): Faixa => ({ abertura: '18:00', fechamento: '23:00', dia_seguinte: false, k: seq++ });
  const enviar = () => {
    setMostrar(true);
    if (Object.keys(locais).length > 0) return;
    salvar.mutate(semChaves(datas));
  };

  return (
    <Stack gap="sm">
      {datas.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma data especial. Nos feriados vale o horário do dia da semana.
        </Text>
      ) : null}
      {datas.map((e, i) => {
        const nome = dataBr(e.data);
        return (
          <fieldset
            key={e.k}
            style={{
              border: 0,
              borderTop: '1px solid var(--mantine-color-gray-3)',
              padding: '8px 0 0',
              margin: 0,
              minInlineSize: 0,
            }}
          >
            <VisuallyHidden component="legend">Data especial {nome}</VisuallyHidden>
            <Group gap="xs" align="flex-start" wrap="wrap">
              <TextInput
                type="date"
                w={170}
                label="Data"
                min={hoje()}
                max={dataMaxExcecao(hoje())}
                value={e.data}
                onChange={(ev) => setData(e.k, { data: ev.currentTarget.value })}
                error={erros[`excecoes.${i}.data`]}
              />
              <Checkbox
                mt={32}
                label="Fechado o dia todo"
                aria-label={`${nome}: fechado o dia todo`}
                checked={e.fechado}
                onChange={(ev) => {
                  const fechado = ev.currentTarget.checked;
                  setData(e.k, {
                    fechado,
                    faixas: !fechado && e.faixas.length === 0 ? [novaFaixa()] : e.faixas,
                  });
                }}
              />
              <ActionIcon
                mt={28}
                ml="auto"
                variant="default"
                size="lg"
                aria-label={`Remover a data ${nome}`}
                onClick={() => mudar((d) => d.filter((x) => x.k !== e.k))}
              >
                <IconTrash size={16} aria-hidden="true" />
              </ActionIcon>
            </Group>
            {e.fechado ? null : (
              <Stack gap={6} mt={6}>
                {e.faixas.map((f, j) => (
                  <Group key={f.k} gap="xs" align="flex-start" wrap="wrap">
                    <TextInput
                      type="time"
                      w={130}
                      label="Abre"
                      aria-label={`${nome}: abre às`}
                      value={f.abertura}
                      onChange={(ev) => setFaixa(e.k, f.k, { abertura: ev.currentTarget.value })}
                      error={erros[`excecoes.${i}.faixas.${j}.abertura`]}
                    />
                    <TextInput
                      type="time"
                      w={130}
                      label="Fecha"
                      aria-label={`${nome}: fecha às`}
                      value={f.fechamento}
                      onChange={(ev) => setFaixa(e.k, f.k, { fechamento: ev.currentTarget.value })}
                      error={erros[`excecoes.${i}.faixas.${j}.fechamento`]}
                    />
                    <Checkbox
                      mt={32}
                      label="Termina no dia seguinte"
                      aria-label={`${nome}: termina no dia seguinte`}
                      checked={f.dia_seguinte}
                      onChange={(ev) => setFaixa(e.k, f.k, { dia_seguinte: ev.currentTarget.checked })}
                    />
                    <ActionIcon
                      mt={28}
                      variant="default"
                      size="lg"
                      aria-label={`Remover faixa de ${nome} ${f.abertura}–${f.fechamento}`}
                      onClick={() => setData(e.k, { faixas: e.faixas.filter((x) => x.k !== f.k) })}
                    >
                      <IconTrash size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Group>
                ))}
                {erros[`excecoes.${i}.faixas`] ? (
                  <Text role="alert" c="red.8" size="sm">
                    {erros[`excecoes.${i}.faixas`]}
                  </Text>
                ) : null}
                <Group>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<IconPlus size={14} aria-hidden="true" />}
                    aria-label={`Adicionar faixa: ${nome}`}
                    onClick={() => setData(e.k, { faixas: [...e.faixas, novaFaixa()] })}
                  >
                    Faixa
                  </Button>
                </Group>
              </Stack>
            )}
          </fieldset>
        );
      })}
      <FormError
        error={salvar.error && Object.keys(errosDoServidor(salvar.error)).length === 0 ? salvar.error : null}
      />
      {salvo ? (
        <Text role="status" c="teal.9" size="sm">
          Datas especiais salvas.
        </Text>
      ) : null}
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => mudar((d) => [...d, comChave({ data: '', fechado: true, faixas: [] })])}
        >
          Adicionar data
        </Button>
        <Button onClick={enviar} loading={salvar.isPending}>
          Salvar datas especiais
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Holidays and other dates with their own hours: closed all day (25/12) or special ranges
 * (31/12 18:00–23:00), replacing that date's weekday. Past dates drop off by themselves.
 */
export function ExcecoesSecao({ idest }: { idest: number }) {
  const q = useQuery(lojaQueries.excecoes(idest));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="loja-excecoes">
      <Title order={2} size="h3" id="loja-excecoes" mb={4}>
        Feriados e datas especiais
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Numa data da lista vale só o que estiver aqui: fechado o dia todo ou as faixas informadas.
      </Text>
      {q.isPending ? <PageLoader /> : null}
      {q.isError ? <ErroCarga error={q.error} onRetry={() => void q.refetch()} /> : null}
      {q.data ? <Editor inicial={q.data.excecoes} idest={idest} /> : null}
    </Paper>
  );
}
