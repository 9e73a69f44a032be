/** A Web Audio stand-in: records each note played (its wave: 'sine' = new order, 'square' = alert). */
export function audioFalso(estadoInicial: AudioContextState = 'running') {
  const notas: string[] = [];
  class AudioContextFalso {
    state: AudioContextState = estadoInicial;
    currentTime = 0;
    destination = {};
    onstatechange: (() => void) | null = null;
    createOscillator() {
      const o = {
        type: 'sine' as OscillatorType,
        frequency: { setValueAtTime: () => undefined },
        connect: () => undefined,
        start: () => notas.push(o.type),
        stop: () => undefined,
      };
      return o;
    }
    createGain() {
      return {
        gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
        connect: () => undefined,
      };
    }
    resume() {
      this.state = 'running';
      this.onstatechange?.();
      return Promise.resolve();
    }
    close() {
      return Promise.resolve();
    }
  }
  return {
    Ctor: AudioContextFalso as unknown as typeof AudioContext,
    notas,
    /** Rings so far (a chime is four 'sine' notes; an alert three 'square' ones). */
    toques: () => notas.filter((n) => n === 'sine').length / 4,
    alertas: () => notas.filter((n) => n === 'square').length / 3,
  };
}
