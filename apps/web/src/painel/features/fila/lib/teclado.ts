/** True when a key press belongs to what the person is typing (a field), never to a shortcut. */
export function digitando(e: KeyboardEvent): boolean {
  if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return true;
  const alvo = e.target;
  if (!(alvo instanceof HTMLElement)) return false;
  if (alvo.isContentEditable) return true;
  const tag = alvo.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const tipo = (alvo as HTMLInputElement).type;
    return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(tipo);
  }
  return alvo.closest('[role="combobox"], [role="textbox"]') !== null;
}
