import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Server-side request forgery guard for callback URLs. A callback must be http(s), and every
 * address its host resolves to must be public: loopback, private, link-local, carrier-grade NAT,
 * multicast, reserved and unspecified ranges are refused (IPv4, IPv6 and IPv4-mapped IPv6) unless
 * the caller allows private targets. The request is then pinned to the checked addresses, so a
 * second DNS answer cannot swap in an internal one (DNS rebinding).
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** `::ffff:1.2.3.4` or `::ffff:102:304` as the IPv4 address it carries, else undefined. */
function mappedIpv4(address: string): string | undefined {
  const match = /^(?:0{0,4}:){0,5}:?ffff:(.+)$/i.exec(address);
  const tail = match?.[1];
  if (!tail) return undefined;
  if (isIP(tail) === 4) return tail;
  const groups = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(tail);
  if (!groups?.[1] || !groups[2]) return undefined;
  const high = parseInt(groups[1], 16);
  const low = parseInt(groups[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const v4 = mappedIpv4(address);
    if (v4) return blocked.check(v4, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type CallbackVerdict =
  { ok: true; url: URL; addresses: ResolvedAddress[] } | { ok: false; reason: string };

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => ({
    address: answer.address,
    family: answer.family === 6 ? 6 : 4,
  }));
};

export async function checkCallbackUrl(
  raw: string,
  options: { allowPrivate: boolean; resolve?: Resolver },
): Promise<CallbackVerdict> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: `callback URL '${raw}' is not a valid URL` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, reason: `callback URL must be http(s), not ${url.protocol}` };
  }
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: ResolvedAddress[];
  try {
    addresses = await (options.resolve ?? systemResolver)(hostname);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    return { ok: false, reason: `callback host ${hostname} does not resolve (${code})` };
  }
  if (addresses.length === 0) {
    return { ok: false, reason: `callback host ${hostname} has no address` };
  }
  if (!options.allowPrivate) {
    const bad = addresses.filter((entry) => isPrivateAddress(entry.address));
    if (bad.length > 0) {
      return {
        ok: false,
        reason: `callback host ${hostname} resolves to a loopback, private or link-local address (${bad
          .map((entry) => entry.address)
          .join(', ')}); refused unless the setting delivery_allow_private_urls is on`,
      };
    }
  }
  return { ok: true, url, addresses };
}
