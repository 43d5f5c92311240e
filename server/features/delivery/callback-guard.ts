import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * Server-side request forgery guard for outgoing URLs (result callbacks, and image URLs handed
 * to an AI provider). A URL must be http(s), and every address its host resolves to must be a
 * public unicast address: ipaddr.js classifies each one, and anything but `unicast` is refused
 * (loopback, private, link-local, carrier-grade NAT, multicast, reserved, unspecified, and the
 * IPv6 forms that carry an IPv4 address inside: IPv4-mapped, 6to4, Teredo, NAT64), unless the
 * caller allows private targets. The request is then pinned to the checked addresses, so a second
 * DNS answer cannot swap in an internal one (DNS rebinding).
 */
export function isPrivateAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  // process() turns an IPv4-mapped IPv6 address into the IPv4 address it carries.
  return ipaddr.process(address).range() !== 'unicast';
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
    return { ok: false, reason: `URL '${raw}' is not a valid URL` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, reason: `URL must be http(s), not ${url.protocol}` };
  }
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: ResolvedAddress[];
  try {
    addresses = await (options.resolve ?? systemResolver)(hostname);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    return { ok: false, reason: `host ${hostname} does not resolve (${code})` };
  }
  if (addresses.length === 0) {
    return { ok: false, reason: `host ${hostname} has no address` };
  }
  if (!options.allowPrivate) {
    const bad = addresses.filter((entry) => isPrivateAddress(entry.address));
    if (bad.length > 0) {
      return {
        ok: false,
        reason: `host ${hostname} resolves to a loopback, private or link-local address (${bad
          .map((entry) => entry.address)
          .join(', ')}); refused unless the setting delivery_allow_private_urls is on`,
      };
    }
  }
  return { ok: true, url, addresses };
}
