import { Box, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ComponentType } from 'react';
import { lojaQueries } from '../api.ts';
import type { CirculoDoMapa, IdCirculo } from './mapa-circulos.ts';
import classes from './mapa-areas.module.css';
import type { MapaLeafletProps } from './mapa-leaflet.tsx';

interface Props {
  idest: number;
  loja: { lat: number; lng: number } | null;
  circulos: CirculoDoMapa[];
  onCirculo: (id: IdCirculo) => void;
  /** The edited circle's handle was dragged: its new radius, in metres. */
  onRaio: (id: IdCirculo, metros: number) => void;
}

type Estado = 'carregando' | 'pronto' | 'indisponivel';

/**
 * The circles over a map, when the server has map tiles (MAPA_TILES_URL); without them nothing
 * is drawn and the circles are edited as numbers only. Leaflet (and its CSS) is fetched here, on
 * demand: the panel's other pages, and the customer's build, never load it.
 */
export function MapaAreas({ idest, loja, circulos, onCirculo, onRaio }: Props) {
  const q = useQuery(lojaQueries.mapa(idest));
  const tiles = q.data?.tiles ?? null;
  const [Mapa, setMapa] = useState<ComponentType<MapaLeafletProps> | null>(null);
  const [estado, setEstado] = useState<Estado>('carregando');

  useEffect(() => {
    if (tiles === null) return;
    let vivo = true;
    import('./mapa-leaflet.tsx').then(
      (m) => {
        if (!vivo) return;
        setMapa(() => m.default);
        setEstado('pronto');
      },
      () => vivo && setEstado('indisponivel'),
    );
    return () => {
      vivo = false;
    };
  }, [tiles]);

  if (tiles === null) return null;
  if (estado === 'indisponivel') {
    return (
      <Text size="sm" c="dimmed" data-testid="mapa-indisponivel">
        Mapa indisponível. As áreas continuam editáveis pelos números abaixo.
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      {Mapa ? (
        <Mapa
          tiles={tiles}
          atribuicao={q.data?.atribuicao ?? ''}
          loja={loja}
          circulos={circulos}
          onCirculo={onCirculo}
          onRaio={onRaio}
          onFalha={() => setEstado('indisponivel')}
        />
      ) : (
        <Box className={classes.mapa} aria-hidden />
      )}
      <Group gap="md" wrap="wrap">
        <Text size="xs" c="dimmed">
          <span className={`${classes.amostra} ${classes.amostraLoja}`} aria-hidden />
          Loja
        </Text>
        <Text size="xs" c="dimmed">
          <span className={`${classes.amostra} ${classes.amostraTaxa}`} aria-hidden />
          Entrega
        </Text>
        <Text size="xs" c="dimmed">
          <span className={`${classes.amostra} ${classes.amostraNaoEntrega}`} aria-hidden />
          Não entrega
        </Text>
        <Text size="xs" c="dimmed">
          Clique num círculo para editar o raio; arraste o ponto na borda para mudá-lo.
        </Text>
      </Group>
    </Stack>
  );
}
