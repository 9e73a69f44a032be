/**
 * Prints the 80 mm receipt: its HTML (fetched with the staff token) goes into a hidden
 * <iframe srcdoc> and that frame prints itself, so only the receipt comes out, at its own page
 * size. srcdoc needs no frame-src and the frame is sandboxed without scripts: same origin so
 * print() may be called on it, allow-modals so the print dialog may open (as the customer's
 * receipt modal does).
 */
export function imprimirHtml(html: string, doc: Document = document): Promise<void> {
  doc.querySelectorAll('iframe[data-cupom-impressao]').forEach((f) => f.remove());
  const frame = doc.createElement('iframe');
  frame.setAttribute('data-cupom-impressao', '');
  frame.setAttribute('aria-hidden', 'true');
  frame.setAttribute('sandbox', 'allow-same-origin allow-modals');
  frame.tabIndex = -1;
  frame.title = 'Cupom para impressão';
  // Off screen but laid out at the receipt's width: a frame of zero size may print blank.
  Object.assign(frame.style, {
    position: 'fixed',
    left: '-10000px',
    top: '0',
    width: '80mm',
    height: '200px',
    border: '0',
  });
  return new Promise((resolve) => {
    frame.addEventListener(
      'load',
      () => {
        const w = frame.contentWindow;
        try {
          w?.focus();
          w?.print();
        } finally {
          resolve();
        }
      },
      { once: true },
    );
    frame.srcdoc = html;
    doc.body.append(frame);
  });
}
