import { addressKey } from './address-key';

describe('addressKey', () => {
  it('keeps an IPv4 address, also when written IPv4-mapped', () => {
    expect(addressKey('127.0.0.2')).toBe('127.0.0.2');
    expect(addressKey('::ffff:127.0.0.2')).toBe('127.0.0.2');
    expect(addressKey('::FFFF:10.1.2.3')).toBe('10.1.2.3');
  });

  it('counts an IPv6 client by its /64, however the address is written', () => {
    const key = '2001:db8:85a3:0::/64';
    expect(addressKey('2001:db8:85a3::8a2e:370:7334')).toBe('2001:db8:85a3:0::/64');
    expect(addressKey('2001:0db8:85a3:0000:ffff:ffff:ffff:ffff')).toBe(key);
    expect(addressKey('2001:DB8:85A3::1')).toBe(key);
    expect(addressKey('2001:db8:85a3:1::1')).not.toBe(key);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1:2:3:4:5:1.2.3.4')).toBe('0:1:2:3::/64');
  });
});
