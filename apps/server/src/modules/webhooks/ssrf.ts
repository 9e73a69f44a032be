import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * No server-side request forgery (issue 24): in production a webhook may only reach the public
 * internet. The host is resolved and every address it answers is checked; the delivery connects
 * to an address checked the same way at connection time (http-post.ts), so a name that later
 * resolves to 10.0.0.1 or 127.0.0.1 (DNS rebinding) is refused then too.
 */
const privados = new BlockList();
for (const [rede, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata: 169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  privados.addSubnet(rede, bits, 'ipv4');
}
for (const [rede, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
  ['64:ff9b::', 96], // NAT64 (maps onto IPv4)
] as const) {
  privados.addSubnet(rede, bits, 'ipv6');
}

/** true for an address a webhook may not reach in production (private, loopback, link-local, …). */
export function enderecoPrivado(ip: string): boolean {
  const v = isIP(ip);
  if (v === 4) return privados.check(ip, 'ipv4');
  if (v === 6) {
    // An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is checked as the IPv4 it is.
    const mapeado = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
    if (mapeado) return privados.check(mapeado, 'ipv4');
    return privados.check(ip, 'ipv6');
  }
  return true;
}

export type Resolver = (host: string) => Promise<string[]>;

/** The system resolver: every address of the name (A and AAAA). */
export const resolverDoSistema: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Why a URL may not be used: 'privada', 'sem-endereco', or null when it may. */
export async function checarDestino(
  host: string,
  resolver: Resolver,
): Promise<'privada' | 'sem-endereco' | null> {
  const nome = host.replace(/^\[|\]$/g, '');
  if (isIP(nome)) return enderecoPrivado(nome) ? 'privada' : null;
  if (/^localhost$|\.localhost$|\.local$|\.internal$/i.test(nome)) return 'privada';
  let enderecos: string[];
  try {
    enderecos = await resolver(nome);
  } catch {
    return 'sem-endereco';
  }
  if (enderecos.length === 0) return 'sem-endereco';
  return enderecos.some(enderecoPrivado) ? 'privada' : null;
}
