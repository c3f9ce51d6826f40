import { isIP } from 'node:net';

/**
 * Reads TRUSTED_PROXIES: the comma-separated addresses or CIDR ranges whose `X-Forwarded-For` a
 * service believes. Anyone else could write any address there and get a fresh per-address limit on
 * every request, so the default is nobody: the client is the socket's address. Throws at start-up,
 * naming each entry that is not an address or range.
 */
export function readTrustedProxies(text: string | undefined, name = 'TRUSTED_PROXIES'): string[] {
  const entries = (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0) {
    const list = bad.map((entry) => `"${entry}"`).join(', ');
    throw new Error(`Invalid configuration:\n  ${name}: ${list} is not an IP address or CIDR range`);
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}
