/**
 * The delivery circles drawn over map tiles with Leaflet: loaded only by the Loja page, and only
 * when the server has tiles configured (MAPA_TILES_URL), through mapa-areas.tsx's import().
 * Leaflet's CSS comes with this chunk, from our own origin (the CSP allows no other stylesheet).
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import {
  COR_LOJA,
  COR_NAO_ENTREGA,
  COR_TAXA,
  raioArrastado,
  type CirculoDoMapa,
  type IdCirculo,
} from './mapa-circulos.ts';
import classes from './mapa-areas.module.css';

export interface MapaLeafletProps {
  tiles: string;
  /** The provider's credit, plain text. */
  atribuicao: string;
  loja: { lat: number; lng: number } | null;
  circulos: CirculoDoMapa[];
  onCirculo: (id: IdCirculo) => void;
  /** The circle being edited was resized with its handle: its new radius in metres (0.1 km steps). */
  onRaio: (id: IdCirculo, metros: number) => void;
  /** No tile could be loaded (offline, wrong URL): the caller hides the map. */
  onFalha: () => void;
}

/** No tile after this long (a request that hangs instead of failing) counts as a failure. */
const ESPERA_TILES_MS = 10_000;

const escapar = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A point on a circle's drawn edge, east of its centre (where its handle sits). */
const leste = (circulo: L.Circle) => L.latLng(circulo.getLatLng().lat, circulo.getBounds().getEast());

/**
 * The handle on the edited circle's edge: dragged, the circle follows it (the layer's radius
 * only, no redraw of the others); dropped, the radius goes to the form (0.1 km steps), which
 * redraws the map as for a typed one. Mouse and touch only: keyboard users have the number
 * field, so the handle takes no focus. It lives in the circles' group (cleared with them); on
 * the circle's east edge, it never widens the group's bounds (the first fitBounds).
 */
function alca(
  m: L.Map,
  circulo: L.Circle,
  naoEntrega: boolean,
  onSoltar: (metros: number) => void,
): L.Marker {
  const centro = circulo.getLatLng();
  const marcador = L.marker(leste(circulo), {
    icon: L.divIcon({
      className: `${classes.alca} ${naoEntrega ? classes.alcaNaoEntrega : ''} mapa-alca`,
      iconSize: [28, 28],
    }),
    draggable: true,
    keyboard: false,
    // A div, not an <img>: Leaflet gives it the title (a tooltip), and no alt.
    title: 'Arrastar para mudar o raio',
  });
  marcador.on('drag', () => circulo.setRadius(Math.max(1, m.distance(centro, marcador.getLatLng()))));
  marcador.on('dragend', () => {
    const metros = raioArrastado(m.distance(centro, marcador.getLatLng()));
    // The rounded radius at once (the form's answer redraws the same), the handle back on the edge.
    circulo.setRadius(metros);
    marcador.setLatLng(leste(circulo));
    onSoltar(metros);
  });
  return marcador;
}

export default function MapaLeaflet({
  tiles,
  atribuicao,
  loja,
  circulos,
  onCirculo,
  onRaio,
  onFalha,
}: MapaLeafletProps) {
  const el = useRef<HTMLDivElement>(null);
  const mapa = useRef<L.Map | null>(null);
  const camada = useRef<L.FeatureGroup | null>(null);
  const ajustado = useRef(false);
  // The latest callbacks, read by Leaflet's handlers (created once with the map).
  const cb = useRef({ onCirculo, onRaio, onFalha });
  useEffect(() => {
    cb.current = { onCirculo, onRaio, onFalha };
  });

  useEffect(() => {
    const container = el.current;
    if (!container) return;
    // No wheel zoom: scrolling the page over the map must scroll the page.
    const m = L.map(container, { scrollWheelZoom: false, zoomSnap: 0.25 });
    m.setView(loja ? [loja.lat, loja.lng] : [-23.55, -46.63], 13);
    let carregados = 0;
    const falhou = () => {
      if (carregados === 0) cb.current.onFalha();
    };
    L.tileLayer(tiles, {
      attribution: escapar(atribuicao),
      maxZoom: 19,
    })
      .on('tileload', () => carregados++)
      // 'load': every tile of the view settled, loaded or failed.
      .on('load', falhou)
      .addTo(m);
    const espera = window.setTimeout(falhou, ESPERA_TILES_MS);
    if (loja) {
      L.circleMarker([loja.lat, loja.lng], {
        radius: 7,
        color: COR_LOJA,
        weight: 3,
        fillColor: '#ffffff',
        fillOpacity: 1,
        interactive: false,
        className: 'mapa-loja',
      }).addTo(m);
    }
    camada.current = L.featureGroup().addTo(m);
    mapa.current = m;
    // The section's width changes with the window (and the panel's navbar): Leaflet must know.
    const ro = new ResizeObserver(() => m.invalidateSize());
    ro.observe(container);
    return () => {
      window.clearTimeout(espera);
      ro.disconnect();
      m.remove();
      mapa.current = null;
      camada.current = null;
      ajustado.current = false;
    };
    // The map is built once per tile URL; the store's point only centres its first view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tiles, atribuicao]);

  // Every change of the numbers redraws the circles at once.
  useEffect(() => {
    const m = mapa.current;
    const g = camada.current;
    if (!m || !g) return;
    g.clearLayers();
    for (const c of circulos) {
      const cor = c.naoEntrega ? COR_NAO_ENTREGA : COR_TAXA;
      const circulo = L.circle([c.lat, c.lng], {
        radius: c.raio,
        color: cor,
        weight: c.editando ? 4 : 2,
        ...(c.naoEntrega ? { dashArray: '6 4' } : {}),
        fillColor: cor,
        fillOpacity: c.naoEntrega ? 0.25 : 0.12,
        className: `mapa-area mapa-area-${c.id}`,
      })
        .on('click', () => cb.current.onCirculo(c.id))
        .addTo(g);
      if (c.editando) alca(m, circulo, c.naoEntrega, (metros) => cb.current.onRaio(c.id, metros)).addTo(g);
    }
    // The first view shows every circle and the store; later edits keep the owner's view.
    if (!ajustado.current && circulos.length > 0) {
      const b = g.getBounds();
      if (loja) b.extend([loja.lat, loja.lng]);
      m.fitBounds(b, { padding: [16, 16] });
      ajustado.current = true;
    }
  }, [circulos, loja]);

  return <div ref={el} className={classes.mapa} role="region" aria-label="Mapa das áreas de entrega" />;
}
