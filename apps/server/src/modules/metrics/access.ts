import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4, isIPv6 } from 'node:net';

// Who may read /metrics: a client whose address is in METRICS_ALLOW (addresses and CIDR ranges,
// matched by Node's BlockList), or any client that presents METRICS_TOKEN as a bearer token.
// The address is the one Fastify settled on (request.ip): the peer's, or what TRUST_PROXY lets
// X-Forwarded-For say, so a header the internet can write never opens it.

const IPV4_MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** A METRICS_ALLOW entry that is neither an address nor a CIDR range: the server does not start. */
export class MetricsAllowError extends Error {
  override readonly name = 'MetricsAllowError';
}

function addEntry(list: BlockList, entry: string): void {
  const [address = '', prefix, extra] = entry.split('/');
  const type = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
  const bits = prefix === undefined ? null : Number(prefix);
  const max = type === 'ipv4' ? 32 : 128;
  const validPrefix = bits === null || (/^\d{1,3}$/.test(prefix ?? '') && bits <= max);
  if (!type || extra !== undefined || !validPrefix) {
    throw new MetricsAllowError(
      `METRICS_ALLOW: '${entry}' is not an IP address or a CIDR range (such as 10.0.0.0/8 or fd00::/8)`,
    );
  }
  if (bits === null) list.addAddress(address, type);
  else list.addSubnet(address, bits, type);
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * The access rule of METRICS_ALLOW and METRICS_TOKEN, built once at start (a bad entry stops the
 * server there). Neither set: nobody may read.
 */
export function metricsAccess(allow: readonly string[], token: string | undefined) {
  const list = new BlockList();
  for (const entry of allow) addEntry(list, entry);
  // Both sides hashed to one length, then compared in constant time: how long the comparison
  // takes says nothing about how much of a guess was right.
  const expected = token ? digest(token) : null;

  const addressAllowed = (ip: string): boolean => {
    const mapped = IPV4_MAPPED.exec(ip)?.[1];
    if (mapped) return list.check(mapped, 'ipv4');
    if (isIPv4(ip)) return list.check(ip, 'ipv4');
    return isIPv6(ip) && list.check(ip, 'ipv6');
  };
  const tokenMatches = (authorization: string | undefined): boolean => {
    const presented = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1];
    if (!expected || presented === undefined) return false;
    return timingSafeEqual(digest(presented), expected);
  };

  return (ip: string, authorization: string | undefined): boolean =>
    addressAllowed(ip) || tokenMatches(authorization);
}
