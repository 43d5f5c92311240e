import { describe, expect, it } from 'vitest';
import {
  checkCallbackUrl,
  isPrivateAddress,
} from '../../../../server/features/delivery/callback-guard';

describe('SSRF guard', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fd00::1', 'unique local'],
    ['fe80::1', 'IPv6 link-local'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex form'],
    ['2002:7f00:1::1', '6to4 carrying 127.0.0.1'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['64:ff9b::7f00:1', 'NAT64 carrying 127.0.0.1'],
    ['2001:db8::1', 'documentation'],
    ['not an address', 'not an address at all'],
  ])('refuses %s (%s)', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'allows the public address %s',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );

  it('refuses a host when any of its addresses is internal, unless private targets are allowed', async () => {
    const resolve = async () => [
      { address: '93.184.215.14', family: 4 as const },
      { address: '10.0.0.1', family: 4 as const },
    ];
    const refused = await checkCallbackUrl('https://mixed.example/hook', {
      allowPrivate: false,
      resolve,
    });
    expect(refused).toMatchObject({ ok: false, reason: expect.stringContaining('10.0.0.1') });
    const allowed = await checkCallbackUrl('https://mixed.example/hook', {
      allowPrivate: true,
      resolve,
    });
    expect(allowed.ok).toBe(true);
  });

  it('refuses schemes other than http(s) before resolving anything', async () => {
    const verdict = await checkCallbackUrl('file:///etc/passwd', {
      allowPrivate: true,
      resolve: () => Promise.reject(new Error('must not resolve')),
    });
    expect(verdict).toMatchObject({ ok: false, reason: expect.stringContaining('http(s)') });
  });
});
