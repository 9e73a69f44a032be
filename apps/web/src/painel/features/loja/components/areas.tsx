import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatBRL } from '@rango/domain';
import type { AreaInput, AreaPainel } from '@rango/domain/painel/catalogo';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { ErroCarga } from '../../../components/erro-carga.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { lojaApi, lojaQueries } from '../api.ts';
import { AreaForm, type AreaFormHandle } from './area-form.tsx';
import { MapaAreas } from './mapa-areas.tsx';
import { circulosDoMapa, type IdCirculo, type Rascunho } from './mapa-circulos.ts';

function descreverArea(a: AreaPainel): string {
  const raio = `${(a.raio / 1000).toLocaleString('pt-BR')} km de ${a.lat.toFixed(5)}, ${a.lng.toFixed(5)}`;
  if (a.taxaentrega === null) return `${raio}: não entrega`;
  const gratis = a.valorminimo !== null ? `, grátis a partir de ${formatBRL(a.valorminimo)}` : '';
  return `${raio}: ${a.taxaentrega === 0 ? 'entrega grátis' : formatBRL(a.taxaentrega)}${gratis}`;
}

/** The delivery circles: the map, the list with each one's form, 'Nova área'. */
export function Areas({ idest }: { idest: number }) {
  const qc = useQueryClient();
  const q = useQuery(lojaQueries.areas(idest));
  const loja = useQuery(lojaQueries.dados(idest)).data;
  const [editando, setEditandoSo] = useState<IdCirculo | null>(null);
  // The numbers being typed in the open form, drawn on the map before they are saved.
  const [rascunho, setRascunho] = useState<Rascunho | null>(null);
  // Moves when a circle is clicked on the map: its form focuses the radius.
  const [focoRaio, setFocoRaio] = useState(0);
  // The open form (one at a time), for the radius dragged on the map.
  const form = useRef<AreaFormHandle>(null);
  const setEditando = (id: IdCirculo | null) => {
    setEditandoSo(id);
    setRascunho(null);
    setFocoRaio(0);
  };
  const onMudar = useCallback(
    (v: AreaInput) => setRascunho(editando === null ? null : { id: editando, v }),
    [editando],
  );
  const circulos = useMemo(() => circulosDoMapa(q.data ?? [], rascunho), [q.data, rascunho]);
  const pontoLoja = useMemo(
    () => (loja?.lat != null && loja.lng != null ? { lat: loja.lat, lng: loja.lng } : null),
    [loja?.lat, loja?.lng],
  );
  const onCirculo = (id: IdCirculo) => {
    if (id !== editando) {
      setEditandoSo(id);
      setRascunho(null);
    }
    setFocoRaio((n) => n + 1);
  };
  const onRaio = (id: IdCirculo, metros: number) => {
    if (id === editando) form.current?.definirRaio(metros);
  };
  const excluir = useMutation({
    mutationFn: (id: number) => lojaApi.excluirArea(idest, id),
    onSettled: () => qc.invalidateQueries({ queryKey: lojaQueries.areas(idest).queryKey }),
  });
  if (q.isPending) return <PageLoader />;
  if (q.isError) return <ErroCarga error={q.error} onRetry={() => void q.refetch()} />;
  return (
    <Stack gap="xs">
      <MapaAreas idest={idest} loja={pontoLoja} circulos={circulos} onCirculo={onCirculo} onRaio={onRaio} />
      {q.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma área. Sem áreas, a taxa vem da tabela por bairro abaixo.
        </Text>
      ) : null}
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {q.data.map((a) => (
          <Paper key={a.idareaentrega} component="li" withBorder p="sm" radius="sm">
            {editando === a.idareaentrega ? (
              <AreaForm
                idest={idest}
                area={a}
                onFim={() => setEditando(null)}
                onMudar={onMudar}
                focoRaio={focoRaio}
                ref={form}
              />
            ) : (
              <Group justify="space-between" gap="xs">
                <Text size="sm">{descreverArea(a)}</Text>
                <Group gap="xs">
                  <Button size="xs" variant="default" onClick={() => setEditando(a.idareaentrega)}>
                    Editar
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    color="red"
                    onClick={() => {
                      if (window.confirm('Excluir esta área de entrega?')) excluir.mutate(a.idareaentrega);
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
          <AreaForm
            idest={idest}
            area={null}
            onFim={() => setEditando(null)}
            onMudar={onMudar}
            focoRaio={focoRaio}
            ref={form}
          />
        </Paper>
      ) : (
        <Group>
          <Button variant="light" onClick={() => setEditando('nova')}>
            Nova área
          </Button>
        </Group>
      )}
    </Stack>
  );
}
