import { isIP } from 'node:net';
import { MSG_DOMINIO } from '@rango/domain/painel';

/** What a host name is checked against: the platform's own host and, optionally, its domain. */
export interface Plataforma {
  /** PUBLIC_URL: its host is the platform's own (never an establishment's) and the CNAME target. */
  publicUrl: string;
  /**
   * PLATFORM_DOMAIN (`rango.app`): a subdomain of it (`saboradavila.rango.app`) may be an
   * establishment's; unset = no host under the platform's names is.
   */
  platformDomain?: string | undefined;
}

/** Top-level names that never resolve on the public Internet (RFC 6761, 6762, 7686, 8375). */
const TLDS_RESERVADOS = new Set([
  'localhost',
  'test',
  'invalid',
  'example',
  'local',
  'onion',
  'internal',
  'arpa',
  'lan',
  'home',
  'localdomain',
]);
/** Second-level names reserved for documentation (RFC 2606). */
const RESERVADOS = ['example.com', 'example.net', 'example.org'];
/** Subdomains of the platform's domain kept for the platform itself. */
const ROTULOS_DA_PLATAFORMA = new Set([
  'www',
  'api',
  'app',
  'painel',
  'admin',
  'operador',
  'mail',
  'smtp',
  'imap',
  'static',
  'cdn',
  'media',
  'status',
  'docs',
  'ftp',
  'ns1',
  'ns2',
  'tls',
  'caddy',
  'rango',
]);

const ROTULO = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** The host of the platform's PUBLIC_URL ('' when it is not a URL). */
export function hostDaPlataforma(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname.replace(/\.$/, '');
  } catch {
    return '';
  }
}

/**
 * A request's Host header as a stored host: lowercase, without the port and a trailing dot.
 * Cheap (it runs on every request when some establishment has a host name).
 */
export function hostDoCabecalho(header: string | undefined): string {
  if (!header) return '';
  let h = header.toLowerCase();
  const doisPontos = h.lastIndexOf(':');
  if (doisPontos > 0 && !h.endsWith(']')) h = h.slice(0, doisPontos);
  return h.endsWith('.') ? h.slice(0, -1) : h;
}

const sob = (host: string, dominio: string) => dominio !== '' && host.endsWith(`.${dominio}`);

/**
 * The host name the owner typed, normalised (lowercase, punycode for an IDN, no port, no trailing
 * dot) and checked: a real DNS name with a public top-level name, not an IP address, not a
 * reserved name, not the platform's own host or a name under it unless PLATFORM_DOMAIN allows it.
 * A pasted URL (`https://pedidos.x.com.br/`) is taken for its host. Answers the host or the
 * Portuguese reason.
 */
export function normalizarHost(entrada: string, p: Plataforma): { host: string } | { erro: string } {
  let s = entrada.trim();
  s = s.replace(/^https?:\/\//i, '').replace(/\/$/, '');
  if (s === '' || s.length > 260 || /[\s/\\?#@]/.test(s)) return { erro: MSG_DOMINIO.invalido };
  let host: string;
  try {
    // WHATWG's host parser: lowercase, IDNA to punycode, IPv4 forms ('0x7f.1') made canonical.
    host = new URL(`http://${s}`).hostname;
  } catch {
    return { erro: MSG_DOMINIO.invalido };
  }
  if (host.startsWith('[') || isIP(host) !== 0) return { erro: MSG_DOMINIO.ip };
  host = host.replace(/\.$/, '');
  const rotulos = host.split('.');
  if (
    host.length > 253 ||
    rotulos.length < 2 ||
    !rotulos.every((r) => ROTULO.test(r)) ||
    !TLD.test(rotulos[rotulos.length - 1]!)
  ) {
    return { erro: MSG_DOMINIO.invalido };
  }
  if (
    TLDS_RESERVADOS.has(rotulos[rotulos.length - 1]!) ||
    RESERVADOS.some((r) => host === r || sob(host, r))
  ) {
    return { erro: MSG_DOMINIO.reservado };
  }
  const proprio = hostDaPlataforma(p.publicUrl);
  const dominio = (p.platformDomain ?? '').toLowerCase().replace(/\.$/, '');
  if (host === proprio || host === dominio) return { erro: MSG_DOMINIO.plataforma };
  if (sob(host, dominio)) {
    // One label under the platform's domain, not one the platform keeps for itself.
    const rotulo = host.slice(0, -dominio.length - 1);
    if (rotulo.includes('.') || ROTULOS_DA_PLATAFORMA.has(rotulo)) return { erro: MSG_DOMINIO.plataforma };
    return { host };
  }
  if (sob(host, proprio)) return { erro: MSG_DOMINIO.plataforma };
  return { host };
}
