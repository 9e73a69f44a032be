/** The form's fields in screen order: the first with an error takes the focus. */
const ORDEM_CAMPOS = [
  'data',
  'hora',
  'tipo',
  'endereco',
  'localEntrega',
  'formapgto',
  'formaOnline',
  'cartaoSalvo',
  'troco',
  'observacoes',
];

/** Moves the focus to the first field with an error (`pg-<campo>`), so a keyboard user lands on it. */
export function focarPrimeiroErro(erros: Partial<Record<string, unknown>>): void {
  const campo = ORDEM_CAMPOS.find((c) => erros[c]);
  if (!campo) return;
  const el = document.getElementById(`pg-${campo}`);
  if (!el) return;
  const alvo =
    el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement
      ? el
      : (el.querySelector<HTMLElement>('input:checked, input, button, select') ?? el);
  alvo.focus();
}
