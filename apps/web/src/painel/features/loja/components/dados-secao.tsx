import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  estabelecimentoInputSchema,
  type EstabelecimentoConfig,
  type EstabelecimentoInput,
} from '@rango/domain/painel/catalogo';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CampoDinheiro } from '../../../components/campo-dinheiro.tsx';
import { ErroCarga } from '../../../components/erro-carga.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errosDe, errosDoServidor, lojaApi, lojaQueries, type Erros } from '../api.ts';

const paraInput = (c: EstabelecimentoConfig): EstabelecimentoInput => ({
  apelidooufantasia: c.apelidooufantasia,
  nomeourazaosocial: c.nomeourazaosocial,
  endereco: { ...c.endereco },
  fones: c.fones,
  pedidominimo: c.pedidominimo,
  previsaoentregamin: c.previsaoentregamin,
  previsaoentregamax: c.previsaoentregamax,
});

/** The establishment's data form: validated by the contract's schema on touch and on submit. */
export function DadosForm({
  inicial,
  enviarComo,
  botao,
  aviso,
}: {
  inicial: EstabelecimentoInput;
  enviarComo: (b: EstabelecimentoInput) => Promise<unknown>;
  botao: string;
  aviso: string;
}) {
  const [v, setV] = useState<EstabelecimentoInput>(inicial);
  const [fones, setFones] = useState(inicial.fones.join(', '));
  const [erros, setErros] = useState<Erros>({});
  const [salvo, setSalvo] = useState(false);
  const salvar = useMutation({
    mutationFn: enviarComo,
    onSuccess: () => setSalvo(true),
    onError: (e) => setErros(errosDoServidor(e)),
  });
  const corpo = (): EstabelecimentoInput => ({
    ...v,
    fones: fones
      .split(/[,;\n]/)
      .map((f) => f.trim())
      .filter(Boolean),
  });
  const validar = () => setErros(errosDe(estabelecimentoInputSchema.safeParse(corpo())));
  const set = (x: Partial<EstabelecimentoInput>) => {
    setSalvo(false);
    setV({ ...v, ...x });
  };
  const setEnd = (x: Partial<EstabelecimentoInput['endereco']>) => set({ endereco: { ...v.endereco, ...x } });
  const enviar = () => {
    const e = errosDe(estabelecimentoInputSchema.safeParse(corpo()));
    setErros(e);
    if (Object.keys(e).length === 0) salvar.mutate(corpo());
  };
  const fonesErro = Object.entries(erros).find(([k]) => k === 'fones' || k.startsWith('fones.'))?.[1];
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Nome fantasia"
          withAsterisk
          value={v.apelidooufantasia}
          onChange={(e) => set({ apelidooufantasia: e.currentTarget.value })}
          onBlur={validar}
          error={erros.apelidooufantasia}
        />
        <TextInput
          label="Razão social"
          withAsterisk
          value={v.nomeourazaosocial}
          onChange={(e) => set({ nomeourazaosocial: e.currentTarget.value })}
          onBlur={validar}
          error={erros.nomeourazaosocial}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <TextInput
          label="CEP"
          value={v.endereco.cep}
          onChange={(e) => setEnd({ cep: e.currentTarget.value })}
          onBlur={validar}
          error={erros['endereco.cep']}
        />
        <TextInput
          label="Rua"
          value={v.endereco.rua}
          onChange={(e) => setEnd({ rua: e.currentTarget.value })}
          onBlur={validar}
          error={erros['endereco.rua']}
        />
        <TextInput
          label="Número"
          value={v.endereco.numero}
          onChange={(e) => setEnd({ numero: e.currentTarget.value })}
          onBlur={validar}
          error={erros['endereco.numero']}
        />
        <TextInput
          label="Complemento"
          value={v.endereco.complemento ?? ''}
          onChange={(e) => setEnd({ complemento: e.currentTarget.value || null })}
          error={erros['endereco.complemento']}
        />
        <TextInput
          label="Bairro"
          value={v.endereco.bairro}
          onChange={(e) => setEnd({ bairro: e.currentTarget.value })}
          onBlur={validar}
          error={erros['endereco.bairro']}
        />
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            style={{ flex: 1 }}
            label="Cidade"
            value={v.endereco.cidade}
            onChange={(e) => setEnd({ cidade: e.currentTarget.value })}
            onBlur={validar}
            error={erros['endereco.cidade']}
          />
          <TextInput
            w={64}
            label="UF"
            maxLength={2}
            value={v.endereco.uf}
            onChange={(e) => setEnd({ uf: e.currentTarget.value })}
            onBlur={validar}
            error={erros['endereco.uf']}
          />
        </Group>
      </SimpleGrid>
      <TextInput
        label="Telefones"
        description="Separados por vírgula, com DDD."
        value={fones}
        onChange={(e) => {
          setSalvo(false);
          setFones(e.currentTarget.value);
        }}
        onBlur={validar}
        error={fonesErro}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <CampoDinheiro
          label="Pedido mínimo"
          description="0 = sem mínimo"
          valor={v.pedidominimo}
          onChange={(c) => set({ pedidominimo: c ?? 0 })}
          error={erros.pedidominimo}
        />
        <NumberInput
          label="Entrega: de (min)"
          min={0}
          max={600}
          allowDecimal={false}
          value={v.previsaoentregamin}
          onChange={(x) => set({ previsaoentregamin: Number(x) || 0 })}
          error={erros.previsaoentregamin}
        />
        <NumberInput
          label="Entrega: até (min)"
          min={0}
          max={600}
          allowDecimal={false}
          value={v.previsaoentregamax}
          onChange={(x) => set({ previsaoentregamax: Number(x) || 0 })}
          error={erros.previsaoentregamax}
        />
      </SimpleGrid>
      <FormError
        error={salvar.error && Object.keys(errosDoServidor(salvar.error)).length === 0 ? salvar.error : null}
      />
      {salvo ? (
        <Text role="status" c="teal.9" size="sm">
          {aviso}
        </Text>
      ) : null}
      <Group>
        <Button onClick={enviar} loading={salvar.isPending}>
          {botao}
        </Button>
      </Group>
    </Stack>
  );
}

/** Name, address, phones, minimum order and the delivery estimate range. */
export function DadosSecao({ idest }: { idest: number }) {
  const qc = useQueryClient();
  const q = useQuery(lojaQueries.dados(idest));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="loja-dados">
      <Title order={2} size="h3" id="loja-dados" mb="sm">
        Dados da loja
      </Title>
      {q.isPending ? <PageLoader /> : null}
      {q.isError ? <ErroCarga error={q.error} onRetry={() => void q.refetch()} /> : null}
      {q.data ? (
        <DadosForm
          inicial={paraInput(q.data)}
          botao="Salvar dados"
          aviso="Dados salvos."
          enviarComo={async (b) => {
            const c = await lojaApi.salvarDados(idest, b);
            qc.setQueryData(lojaQueries.dados(idest).queryKey, c);
          }}
        />
      ) : null}
    </Paper>
  );
}
