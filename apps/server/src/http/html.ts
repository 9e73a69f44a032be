/**
 * HTML-escapes a value interpolated into a page the server writes (receipt, e-mails, the sandbox
 * bank pages): every such value may come from a customer.
 */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
