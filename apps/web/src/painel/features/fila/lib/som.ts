/**
 * The panel's sounds, made with the Web Audio API (no audio files to fetch or cache): a bright
 * two-note chime for a new order, and a lower, harsher three-note alert for an order the
 * system cancelled (payment refused or expired), so the two are told apart without looking.
 * Browsers start audio suspended until the page gets a click or a key: `liberar()` is called
 * from one, and `liberado` says whether sound can play.
 */

export type SomPainel = 'novo' | 'alerta';

interface Nota {
  freq: number;
  inicio: number;
  duracao: number;
  tipo: OscillatorType;
}

const NOTAS: Record<SomPainel, Nota[]> = {
  novo: [
    { freq: 880, inicio: 0, duracao: 0.18, tipo: 'sine' },
    { freq: 1319, inicio: 0.2, duracao: 0.3, tipo: 'sine' },
    { freq: 880, inicio: 0.6, duracao: 0.18, tipo: 'sine' },
    { freq: 1319, inicio: 0.8, duracao: 0.3, tipo: 'sine' },
  ],
  alerta: [
    { freq: 622, inicio: 0, duracao: 0.22, tipo: 'square' },
    { freq: 466, inicio: 0.26, duracao: 0.22, tipo: 'square' },
    { freq: 311, inicio: 0.52, duracao: 0.4, tipo: 'square' },
  ],
};
const VOLUME: Record<SomPainel, number> = { novo: 0.5, alerta: 0.25 };

type CriarContexto = () => AudioContext | null;

const criarPadrao: CriarContexto = () => {
  const Ctor =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ??
        (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  if (!Ctor) return null;
  try {
    return new Ctor();
  } catch {
    return null;
  }
};

export class Campainha {
  private ctx: AudioContext | null | undefined;
  private readonly ouvintes = new Set<() => void>();

  constructor(private readonly criar: CriarContexto = criarPadrao) {}

  private contexto(): AudioContext | null {
    if (this.ctx === undefined) {
      this.ctx = this.criar();
      if (this.ctx) this.ctx.onstatechange = () => this.avisar();
    }
    return this.ctx;
  }

  private avisar() {
    for (const o of this.ouvintes) o();
  }

  /** False where the browser has no Web Audio (nothing to unlock, nothing to say). */
  get disponivel(): boolean {
    return this.contexto() !== null;
  }

  get liberado(): boolean {
    return this.contexto()?.state === 'running';
  }

  /** From a click or a key: browsers allow audio to start only then. */
  async liberar(): Promise<boolean> {
    const ctx = this.contexto();
    if (!ctx) return false;
    if (ctx.state !== 'running') {
      try {
        await ctx.resume();
      } catch {
        // Still blocked: the banner stays.
      }
    }
    this.avisar();
    return ctx.state === 'running';
  }

  tocar(som: SomPainel): void {
    const ctx = this.contexto();
    if (!ctx || ctx.state !== 'running') return;
    const t0 = ctx.currentTime + 0.02;
    for (const n of NOTAS[som]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = n.tipo;
      osc.frequency.setValueAtTime(n.freq, t0 + n.inicio);
      // A short attack and decay: no click at either end of the note.
      gain.gain.setValueAtTime(0.0001, t0 + n.inicio);
      gain.gain.exponentialRampToValueAtTime(VOLUME[som], t0 + n.inicio + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + n.inicio + n.duracao);
      osc.connect(gain);
      gain.connect(ctx.destination);
      osc.start(t0 + n.inicio);
      osc.stop(t0 + n.inicio + n.duracao + 0.02);
    }
  }

  subscribe(ouvinte: () => void): () => void {
    this.ouvintes.add(ouvinte);
    return () => this.ouvintes.delete(ouvinte);
  }

  fechar(): void {
    void this.ctx?.close().catch(() => undefined);
    this.ctx = null;
    this.ouvintes.clear();
  }
}
