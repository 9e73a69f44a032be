import type { SeedEstablishment } from '../types.ts';
import { bellaNapoli } from './bella-napoli.ts';
import { saborDaVila } from './sabor-da-vila.ts';

/** The demo's establishments: 1 Sabor da Vila (lanchonete, delivery areas), 2 Bella Napoli (pizzaria, fees by bairro). */
export const demoEstablishments: SeedEstablishment[] = [saborDaVila, bellaNapoli];
