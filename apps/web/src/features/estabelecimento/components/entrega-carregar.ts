/**
 * One hop with no static imports between the menu and the 'Entrega' panel: the menu's chunk then
 * names only this file to preload, not the panel's forty Mantine pieces (issue 14: the menu's
 * first load stays as it was). The panel's own preloads live here, loaded on demand.
 */
export default () => import('./entrega-calculo.tsx').then((m) => ({ default: m.EntregaCalculo }));
