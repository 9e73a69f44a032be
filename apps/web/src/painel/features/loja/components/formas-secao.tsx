import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { formasPgtoInputSchema, type FormasPgtoInput } from '@rango/domain/painel/catalogo';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ErroCarga } from '../../../components/erro-carga.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errosDe, errosDoServidor, lojaApi, lojaQueries, type Erros } from '../api.ts';

/** A row of the editor: where it is offered always set (issue 12). */
type Forma = FormasPgtoInput['formas'][number] & { na_entrega: boolean; online: boolean };

export const TIPOS = [
  { value: '0', label: 'Dinheiro' },
  { value: '60', label: 'Crédito' },
  { value: '61', label: 'Débito' },
  { value: '200', label: 'PIX' },
];
const tipo = (x: string | null): Forma['sttipopgto'] =>
  x === '60' ? 60 : x === '61' ? 61 : x === '200' ? 200 : 0;
/** A row as the server answers it. */
const daResposta = (f: {
  idformapgto: number;
  descricao: string;
  sttipopgto: number;
  na_entrega: boolean;
  online: boolean;
}): Forma => ({
  idformapgto: f.idformapgto,
  descricao: f.descricao,
  sttipopgto: tipo(String(f.sttipopgto)),
  na_entrega: f.na_entrega,
  online: f.online && f.sttipopgto !== 0,
});

function Editor({ idest, inicial }: { idest: number; inicial: Forma[] }) {
  const qc = useQueryClient();
  const [formas, setFormas] = useState<Forma[]>(inicial);
  const [erros, setErros] = useState<Erros>({});
  const [salvo, setSalvo] = useState(false);
  const salvar = useMutation({
    mutationFn: (b: FormasPgtoInput) => lojaApi.salvarFormas(idest, b),
    onSuccess: (r) => {
      qc.setQueryData(lojaQueries.formas(idest).queryKey, r);
      setFormas(r.formas.map(daResposta));
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
        <Group
          key={f.idformapgto ?? `n${i}`}
          gap="xs"
          align="flex-start"
          wrap="wrap"
          // A rule between methods: on a phone each one wraps onto three rows.
          pb="xs"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
        >
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
            onChange={(x) => {
              const t = tipo(x);
              // Cash is never online; a card or PIX starts offered online too (as before issue 12).
              set(i, { sttipopgto: t, online: t !== 0 && (f.sttipopgto === 0 ? true : f.online) });
            }}
            error={erros[`formas.${i}.sttipopgto`]}
          />
          <Checkbox.Group
            label="Aceita"
            value={[...(f.na_entrega ? ['na_entrega'] : []), ...(f.online ? ['online'] : [])]}
            onChange={(v) => set(i, { na_entrega: v.includes('na_entrega'), online: v.includes('online') })}
            error={erros[`formas.${i}.na_entrega`] ?? erros[`formas.${i}.online`]}
            description={f.sttipopgto === 0 ? 'Dinheiro só na entrega.' : undefined}
          >
            <Group gap="md" mt={8}>
              <Checkbox
                value="na_entrega"
                label="Na entrega"
                aria-label={`Na entrega (forma de pagamento ${i + 1})`}
              />
              <Checkbox
                value="online"
                label="Online"
                aria-label={`Online (forma de pagamento ${i + 1})`}
                disabled={f.sttipopgto === 0}
              />
            </Group>
          </Checkbox.Group>
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
          onClick={() =>
            setFormas((x) => [
              ...x,
              { idformapgto: null, descricao: '', sttipopgto: 0, na_entrega: true, online: false },
            ])
          }
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

/**
 * The payment methods the customer may choose (the whole list saved at once), each with where it
 * is offered: 'Na entrega' and/or 'Online' (issue 12; cash only on delivery).
 */
export function FormasSecao({ idest }: { idest: number }) {
  const q = useQuery(lojaQueries.formas(idest));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="loja-formas">
      <Title order={2} size="h3" id="loja-formas" mb="sm">
        Formas de pagamento
      </Title>
      {q.isPending ? <PageLoader /> : null}
      {q.isError ? <ErroCarga error={q.error} onRetry={() => void q.refetch()} /> : null}
      {q.data ? <Editor idest={idest} inicial={q.data.formas.map(daResposta)} /> : null}
    </Paper>
  );
}
