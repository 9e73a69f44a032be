// The live events' settings type, apart from plugin.ts so config.ts can name it without an
// import cycle (config.ts → events/plugin.ts → config.ts).
/** The live events' settings (config.eventos; every field optional). */
export interface EventosConfig {
  /** false: nothing is recorded or streamed (EVENTOS=0, the orders benchmark's comparison only). */
  ligados?: boolean | undefined;
  /** A comment line on every open stream this often (ms), under the balancers' idle time-out. */
  heartbeatMs?: number | undefined;
  /** The bus's fallback poll (ms). */
  pollMs?: number | undefined;
  /** Events kept for resuming (hours). */
  retencaoHoras?: number | undefined;
  /** Stream opens allowed per customer or staff member and IP per minute. */
  conexoesPorMinuto?: number | undefined;
}
