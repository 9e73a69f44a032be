import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { formatBRL } from '@rango/domain';
import {
  taxaBairroInputSchema,
  type TaxaBairroInput,
  type TaxaBairroPainel,
} from '@rango/domain/painel/catalogo';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CampoDinheiro } from '../../../components/campo-dinheiro.tsx';
import { ErroCarga } from '../../../components/erro-carga.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errosDe, errosDoServidor, lojaApi, lojaQueries, type Erros } from '../api.ts';

function BairroForm({
  idest,
  taxa,
  onFim,
}: {
  idest: number;
  taxa: TaxaBairroPainel | null;
  onFim: () => void;
}) {
  const qc = useQueryClient();
  const [v, setV] = useState<TaxaBairroInput>(
    taxa
      ? {
          bairro: taxa.bairro,
          cidade: taxa.cidade,
          uf: taxa.uf,
          valor: taxa.valor,
          valorminimo: taxa.valorminimo,
        }
      : { bairro: '', cidade: '', uf: '', valor: 0, valorminimo: null },
  );
  const [erros, setErros] = useState<Erros>({});
  const salvar = useMutation({
    mutationFn: (b: TaxaBairroInput) =>
      taxa ? lojaApi.salvarBairro(idest, taxa.id, b) : lojaApi.criarBairro(idest, b),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: lojaQueries.bairros(idest).queryKey });
      onFim();
    },
    onError: (e) => setErros(errosDoServidor(e)),
  });
  const enviar = () => {
    const e = errosDe(taxaBairroInputSchema.safeParse(v));
    setErros(e);
    if (Object.keys(e).length === 0) salvar.mutate(v);
  };
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
        <TextInput
          label="Bairro"
          value={v.bairro}
          onChange={(e) => setV({ ...v, bairro: e.currentTarget.value })}
          error={erros.bairro}
        />
        <TextInput
          label="Cidade"
          value={v.cidade}
          onChange={(e) => setV({ ...v, cidade: e.currentTarget.value })}
          error={erros.cidade}
        />
        <TextInput
          label="UF"
          maxLength={2}
          value={v.uf}
          onChange={(e) => setV({ ...v, uf: e.currentTarget.value })}
          error={erros.uf}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <CampoDinheiro
          label="Taxa"
          valor={v.valor}
          onChange={(c) => setV({ ...v, valor: c ?? 0 })}
          error={erros.valor}
        />
        <CampoDinheiro
          label="Entrega grátis a partir de (opcional)"
          valor={v.valorminimo}
          opcional
          onChange={(c) => setV({ ...v, valorminimo: c })}
          error={erros.valorminimo}
        />
      </SimpleGrid>
      <FormError
        error={salvar.error && Object.keys(errosDoServidor(salvar.error)).length === 0 ? salvar.error : null}
      />
      <Group gap="xs">
        <Button onClick={enviar} loading={salvar.isPending}>
          {taxa ? 'Salvar bairro' : 'Adicionar bairro'}
        </Button>
        <Button variant="default" onClick={onFim}>
          Cancelar
        </Button>
      </Group>
    </Stack>
  );
}

/** The neighbourhood table: each fee with its form, 'Novo bairro'. */
export function Bairros({ idest }: { idest: number }) {
  const qc = useQueryClient();
  const q = useQuery(lojaQueries.bairros(idest));
  const [editando, setEditando] = useState<number | 'nova' | null>(null);
  const excluir = useMutation({
    mutationFn: (id: number) => lojaApi.excluirBairro(idest, id),
    onSettled: () => qc.invalidateQueries({ queryKey: lojaQueries.bairros(idest).queryKey }),
  });
  if (q.isPending) return <PageLoader />;
  if (q.isError) return <ErroCarga error={q.error} onRetry={() => void q.refetch()} />;
  return (
    <Stack gap="xs">
      {q.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum bairro na tabela.
        </Text>
      ) : null}
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {q.data.map((t) => (
          <Paper key={t.id} component="li" withBorder p="sm" radius="sm">
            {editando === t.id ? (
              <BairroForm idest={idest} taxa={t} onFim={() => setEditando(null)} />
            ) : (
              <Group justify="space-between" gap="xs">
                <Text size="sm">
                  {t.bairro}, {t.cidade}/{t.uf}: {t.valor === 0 ? 'entrega grátis' : formatBRL(t.valor)}
                  {t.valorminimo !== null ? `, grátis a partir de ${formatBRL(t.valorminimo)}` : ''}
                </Text>
                <Group gap="xs">
                  <Button size="xs" variant="default" onClick={() => setEditando(t.id)}>
                    Editar
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    color="red"
                    onClick={() => {
                      if (window.confirm(`Excluir a taxa de ${t.bairro}?`)) excluir.mutate(t.id);
                    }}
                  >
                    Excluir
                  </Button>
                </Group>
              </Group>
            )}
          </Paper>
        ))}
      </Stack>
      <FormError error={excluir.error} />
      {editando === 'nova' ? (
        <Paper withBorder p="sm" radius="sm">
          <BairroForm idest={idest} taxa={null} onFim={() => setEditando(null)} />
        </Paper>
      ) : (
        <Group>
          <Button variant="light" onClick={() => setEditando('nova')}>
            Novo bairro
          </Button>
        </Group>
      )}
    </Stack>
  );
}
