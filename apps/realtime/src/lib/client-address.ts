import { BlockList, isIP } from 'node:net';

export type TrustProxy = false | number | string[];

/** A CIDR range or a single address, as TRUST_PROXY lists them. */
function trustedList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const e of entries) {
    const [addr = '', bits] = e.split('/');
    const family = isIP(addr) === 6 ? 'ipv6' : 'ipv4';
    if (bits !== undefined) list.addSubnet(addr, Number(bits), family);
    else list.addAddress(addr, family);
  }
  return list;
}

/**
 * The client's address as Fastify's `req.ip` computes it, for requests Fastify does not see (the socket
 * handshake): the peer, or with trusted proxies the first X-Forwarded-For entry (from the right) that is not a
 * trusted hop. Forged entries further left never count.
 */
export function clientAddressResolver(trust: TrustProxy): (peer: string, forwardedFor: string | string[] | undefined) => string {
  if (trust === false) return (peer) => peer;
  const trusted = typeof trust === 'number' ? null : trustedList(trust);
  const isTrusted = (addr: string, hop: number) => {
    if (typeof trust === 'number') return hop < trust;
    const family = isIP(addr) === 6 ? 'ipv6' : 'ipv4';
    return isIP(addr) !== 0 && !!trusted?.check(addr, family);
  };
  return (peer, forwardedFor) => {
    const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '');
    const chain = [peer, ...header.split(',').map((s) => s.trim()).filter(Boolean).reverse()];
    let i = 0;
    while (i < chain.length - 1 && isTrusted(chain[i]!, i)) i++;
    return chain[i]!;
  };
}
