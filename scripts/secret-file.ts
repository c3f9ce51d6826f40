import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A new random secret: 48 hex characters, safe in URLs, SQL literals and NATS configuration. */
export function newSecret(): string {
  return randomBytes(24).toString('hex');
}

/**
 * The secret kept in `file`: made on first use, then read back, so a data directory keeps its passwords
 * across starts. Only the owner may read it (0600). Its folder is made owner-only too when it holds
 * secrets alone (`privateFolder`); the data directory itself is not, because the embedded Postgres runs
 * as another user (`postgres`, when started as root) that must reach its own folder inside it.
 */
export function readOrCreateSecret(
  file: string,
  make: () => string = newSecret,
  { privateFolder = false }: { privateFolder?: boolean } = {},
): { value: string; created: boolean } {
  mkdirSync(path.dirname(path.dirname(file)), { recursive: true });
  mkdirSync(path.dirname(file), { recursive: true, ...(privateFolder ? { mode: 0o700 } : {}) });
  try {
    // 'wx': never overwrite a secret another process wrote first.
    const value = make();
    writeFileSync(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
    return { value, created: true };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  chmodSync(file, 0o600); // a copy restored with looser permissions is tightened again
  const value = readFileSync(file, 'utf8').trim();
  if (!value) throw new Error(`${file} is empty: delete it to have a new secret made`);
  return { value, created: false };
}
