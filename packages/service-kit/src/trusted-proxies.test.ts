import { readTrustedProxies } from './trusted-proxies';

describe('readTrustedProxies', () => {
  it('trusts nobody by default', () => {
    expect(readTrustedProxies(undefined)).toEqual([]);
    expect(readTrustedProxies('')).toEqual([]);
  });

  it('reads addresses and CIDR ranges, IPv4 and IPv6', () => {
    expect(readTrustedProxies(' 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/64')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/64',
    ]);
  });

  it('refuses at start-up anything else, naming each bad entry', () => {
    expect(() => readTrustedProxies('127.0.0.1,gateway,10.0.0.0/33,::1/129,1.2.3.4/8/8,true')).toThrow(
      'Invalid configuration:\n  TRUSTED_PROXIES: "gateway", "10.0.0.0/33", "::1/129", "1.2.3.4/8/8", "true" is not an IP address or CIDR range',
    );
  });
});
