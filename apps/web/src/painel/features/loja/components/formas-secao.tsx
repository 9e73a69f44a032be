import { ActionIcon, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { formasPgtoInputSchema, type FormasPgtoInput } from '@rango/domain/painel/catalogo';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ErroCarga } from '../../../components/erro-carga.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errosDe, errosDoServidor, lojaApi, lojaQueries, type Erros } from '../api.ts';

type Forma = FormasPgtoInput['formas'][number];

export const TIPOS = [
  { value: '0', label: 'Dinheiro (na entrega)' },
  { value: '60', label: 'Crédito (na entrega e online)' },
  { value: '61', label: 'Débito (na entrega e online)' },
  { value: '200', label: 'PIX (na entrega e online)' },
];
const tipo = (x: string | null): Forma['sttipopgto'] =>
  x === '60' ? 60 : x === '61' ? 61 : x === '200' ? 200 : 0;

function Editor({ idest, inicial }: { idest: number; inicial: Forma[] }) {
  const qc = useQueryClient();
  const [formas, setFormas] = useState<Forma[]>(inicial);
  const [erros, setErros] = useState<Erros>({});
  const [salvo, setSalvo] = useState(false);
  const salvar = useMutation({
    mutationFn: (b: FormasPgtoInput) => lojaApi.salvarFormas(idest, b),
    onSuccess: (r) => {
      qc.setQueryData(lojaQueries.formas(idest).queryKey, r);
      setFormas(r.formas.map((f) => ({ ...f, sttipopgto: tipo(String(f.sttipopgto)) })));
      setSalvo(true);
    },
    onError: (e) => setErros(errosDoServidor(e)),
  });
  const set = (i: number, x: Partial<Forma>) => {
    setSalvo(false);
    setFormas((f) => f.map((y, j) => (j === i ? { ...y, ...x } : y)));
  };
  const enviar = () => {
    const e = errosDe(formasPgtoInputSchema.safeParse({ formas }));
    setErros(e);
    if (Object.keys(e).length === 0) salvar.mutate({ formas });
  };
  return (
    <Stack gap="xs">
      {formas.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma forma de pagamento: o cliente não consegue pedir.
        </Text>
      ) : null}
      {formas.map((f, i) => (
        <Group key={f.idformapgto ?? `n${i}`} gap="xs" align="flex-start" wrap="wrap">
          <TextInput
            style={{ flex: 1, minWidth: 180 }}
            label="Nome"
            aria-label={`Nome da forma de pagamento ${i + 1}`}
            value={f.descricao}
            onChange={(e) => set(i, { descricao: e.currentTarget.value })}
            error={erros[`formas.${i}.descricao`]}
          />
          <Select
            w={260}
            label="Tipo"
            aria-label={`Tipo da forma de pagamento ${i + 1}`}
            data={TIPOS}
            value={String(f.sttipopgto)}
            allowDeselect={false}
            onChange={(x) => set(i, { sttipopgto: tipo(x) })}
            error={erros[`formas.${i}.sttipopgto`]}
          />
          <ActionIcon
            mt={28}
            variant="default"
            size="lg"
            aria-label={`Remover ${f.descricao || `forma ${i + 1}`}`}
            onClick={() => setFormas((x) => x.filter((_, j) => j !== i))}
          >
            <IconTrash size={16} aria-hidden="true" />
          </ActionIcon>
        </Group>
      ))}
      {erros.formas ? (
        <Text role="alert" c="red.8" size="sm">
          {erros.formas}
        </Text>
      ) : null}
      <FormError
        error={salvar.error && Object.keys(errosDoServidor(salvar.error)).length === 0 ? salvar.error : null}
      />
      {salvo ? (
        <Text role="status" c="teal.9" size="sm">
          Formas de pagamento salvas.
        </Text>
      ) : null}
      <Group gap="xs">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => setFormas((x) => [...x, { idformapgto: null, descricao: '', sttipopgto: 0 }])}
        >
          Adicionar forma
        </Button>
        <Button onClick={enviar} loading={salvar.isPending}>
          Salvar formas de pagamento
        </Button>
      </Group>
    </Stack>
  );
}

/** The payment methods the customer may choose (the whole list saved at once). */
export function FormasSecao({ idest }: { idest: number }) {
  const q = useQuery(lojaQueries.formas(idest));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="loja-formas">
      <Title order={2} size="h3" id="loja-formas" mb="sm">
        Formas de pagamento
      </Title>
      {q.isPending ? <PageLoader /> : null}
      {q.isError ? <ErroCarga error={q.error} onRetry={() => void q.refetch()} /> : null}
      {q.data ? (
        <Editor
          idest={idest}
          inicial={q.data.formas.map((f) => ({ ...f, sttipopgto: tipo(String(f.sttipopgto)) }))}
        />
      ) : null}
    </Paper>
  );
}
