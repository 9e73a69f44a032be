/**
 * Who runs this Rango installation, quoted by the privacy policy and the terms. Each operator of
 * Rango sets its own legal name and contacts here before going live.
 */
export const EMPRESA = {
  nome: 'Rango',
  emailSuporte: 'suporte@rango.app',
  emailEncarregado: 'privacidade@rango.app',
  /** The forum the terms elect (the operator's seat). */
  foro: 'São Paulo/SP',
  atualizadoEm: { en: 'May 1, 2026', pt: '1º de maio de 2026' },
} as const;
