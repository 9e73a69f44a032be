import { ActionIcon, Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { horariosInputSchema, problemasHorarios, type HorarioInput } from '@rango/domain/painel/catalogo';
import { useMutation, useQueryClient, useQuery } from '@tanstack/react-query';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ErroCarga } from '../../../components/erro-carga.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errosDe, errosDoServidor, lojaApi, lojaQueries, type Erros } from '../api.ts';

export const DIAS = ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'];

type Faixa = HorarioInput & { k: number };
let seq = 0;
const comChave = (h: HorarioInput): Faixa => ({ ...h, k: seq++ });

/** The errors of the week as they are typed: inverted ranges and overlaps, per row. */
function errosSemana(faixas: readonly Faixa[]): Erros {
  const out: Erros = {};
  for (const p of problemasHorarios(faixas)) out[`horarios.${p.indice}.${p.campo}`] ??= p.msg;
  return out;
}

function Editor({ inicial, idest }: { inicial: HorarioInput[]; idest: number }) {
  const qc = useQueryClient();
  const [faixas, setFaixas] = useState<Faixa[]>(() => inicial.map(comChave));
  const [servidor, setServidor] = useState<Erros>({});
  const [salvo, setSalvo] = useState(false);
  const salvar = useMutation({
    mutationFn: (horarios: HorarioInput[]) => lojaApi.salvarHorarios(idest, { horarios }),
    onSuccess: (h) => {
      qc.setQueryData(lojaQueries.horarios(idest).queryKey, h);
      setFaixas(h.horarios.map(comChave));
      setSalvo(true);
    },
    onError: (e) => setServidor(errosDoServidor(e)),
  });
  const erros = { ...errosSemana(faixas), ...servidor };
  const set = (k: number, x: Partial<HorarioInput>) => {
    setSalvo(false);
    setServidor({});
    setFaixas((f) => f.map((h) => (h.k === k ? { ...h, ...x } : h)));
  };
  const enviar = () => {
    const horarios = faixas.map(({ diadasemana, abertura, fechamento, dia_seguinte }) => ({
      diadasemana,
      abertura,
      fechamento,
      dia_seguinte,
    }));
    const e = errosDe(horariosInputSchema.safeParse({ horarios }));
    if (Object.keys(e).length > 0) {
      setServidor(e);
      return;
    }
    salvar.mutate(horarios);
  };

  return (
    <Stack gap="sm">
      {DIAS.map((dia, d) => {
        const doDia = faixas.map((h, i) => ({ h, i })).filter((x) => x.h.diadasemana === d);
        return (
          <fieldset key={dia} style={{ border: 0, padding: 0, margin: 0, minInlineSize: 0 }}>
            <legend style={{ float: 'left', fontWeight: 600, padding: 0, lineHeight: '26px' }}>{dia}</legend>
            <Group justify="flex-end" gap="xs" wrap="wrap">
              <Group gap="xs">
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconPlus size={14} aria-hidden="true" />}
                  aria-label={`Adicionar faixa: ${dia}`}
                  onClick={() =>
                    setFaixas((f) => [
                      ...f,
                      comChave({
                        diadasemana: d,
                        abertura: '18:00',
                        fechamento: '23:00',
                        dia_seguinte: false,
                      }),
                    ])
                  }
                >
                  Faixa
                </Button>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  aria-label={`24 horas: ${dia}`}
                  onClick={() =>
                    setFaixas((f) => [
                      ...f.filter((h) => h.diadasemana !== d),
                      comChave({
                        diadasemana: d,
                        abertura: '00:00',
                        fechamento: '00:00',
                        dia_seguinte: true,
                      }),
                    ])
                  }
                >
                  24 horas
                </Button>
              </Group>
            </Group>
            {doDia.length === 0 ? (
              <Text size="sm" c="dimmed" style={{ clear: 'both' }}>
                Fechado
              </Text>
            ) : (
              <Stack gap={6} style={{ clear: 'both' }}>
                {doDia.map(({ h, i }) => (
                  <Group key={h.k} gap="xs" align="flex-start" wrap="wrap">
                    <TextInput
                      type="time"
                      w={130}
                      label="Abre"
                      aria-label={`${dia}: abre às`}
                      value={h.abertura}
                      onChange={(e) => set(h.k, { abertura: e.currentTarget.value })}
                      error={erros[`horarios.${i}.abertura`]}
                    />
                    <TextInput
                      type="time"
                      w={130}
                      label="Fecha"
                      aria-label={`${dia}: fecha às`}
                      value={h.fechamento}
                      onChange={(e) => set(h.k, { fechamento: e.currentTarget.value })}
                      error={erros[`horarios.${i}.fechamento`]}
                    />
                    <Checkbox
                      mt={32}
                      label="Termina no dia seguinte"
                      aria-label={`${dia}: termina no dia seguinte`}
                      checked={h.dia_seguinte}
                      onChange={(e) => set(h.k, { dia_seguinte: e.currentTarget.checked })}
                    />
                    <ActionIcon
                      mt={28}
                      variant="default"
                      size="lg"
                      aria-label={`Remover faixa de ${dia} ${h.abertura}–${h.fechamento}`}
                      onClick={() => setFaixas((f) => f.filter((x) => x.k !== h.k))}
                    >
                      <IconTrash size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Group>
                ))}
              </Stack>
            )}
          </fieldset>
        );
      })}
      <Text size="xs" c="dimmed">
        Um dia sem faixas fica fechado. Para passar da meia-noite, marque &quot;Termina no dia seguinte&quot;
        (ex.: 18:00 às 02:00). 24 h: 00:00 às 00:00 terminando no dia seguinte.
      </Text>
      <FormError
        error={salvar.error && Object.keys(errosDoServidor(salvar.error)).length === 0 ? salvar.error : null}
      />
      {salvo ? (
        <Text role="status" c="teal.9" size="sm">
          Horários salvos.
        </Text>
      ) : null}
      <Group>
        <Button onClick={enviar} loading={salvar.isPending}>
          Salvar horários
        </Button>
      </Group>
    </Stack>
  );
}

/** The week's opening hours: several ranges a day, past midnight, 24 h, closed days. */
export function HorariosSecao({ idest }: { idest: number }) {
  const q = useQuery(lojaQueries.horarios(idest));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="loja-horarios">
      <Title order={2} size="h3" id="loja-horarios" mb="sm">
        Horário de funcionamento
      </Title>
      {q.isPending ? <PageLoader /> : null}
      {q.isError ? <ErroCarga error={q.error} onRetry={() => void q.refetch()} /> : null}
      {q.data ? <Editor inicial={q.data.horarios} idest={idest} /> : null}
    </Paper>
  );
}
