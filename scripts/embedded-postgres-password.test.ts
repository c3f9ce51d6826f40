import { mkdtempSync, rmSync, statSync, writeFileSync, chmodSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  LEGACY_PASSWORD,
  adoptPostgresPassword,
  embeddedPostgresPassword,
  type PgAdmin,
} from './embedded-postgres-password';

let dataDir: string;
beforeEach(() => (dataDir = mkdtempSync(path.join(tmpdir(), 'pg-password-'))));
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const mode = (file: string) => statSync(file).mode & 0o777;

describe('the embedded Postgres password', () => {
  it('is random, made once per data directory, readable by its owner only, and reused', () => {
    const first = embeddedPostgresPassword(dataDir);
    expect(first.password).toMatch(/^[0-9a-f]{48}$/);
    expect(first.password).not.toBe(LEGACY_PASSWORD);
    expect(first.file).toBe(path.join(dataDir, 'postgres-password'));
    expect(mode(first.file)).toBe(0o600);
    expect(embeddedPostgresPassword(dataDir).password).toBe(first.password);

    const other = mkdtempSync(path.join(tmpdir(), 'pg-password-'));
    try {
      expect(embeddedPostgresPassword(other).password).not.toBe(first.password);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('leaves a new data directory reachable by the user the embedded Postgres runs as', () => {
    const fresh = path.join(dataDir, 'new', '.data');
    embeddedPostgresPassword(fresh);
    // Run as root, Postgres runs as `postgres`, which must get through the data directory to its own.
    expect(mode(fresh) & 0o011).toBe(0o011);
    expect(mode(path.join(fresh, 'postgres-password'))).toBe(0o600);
  });

  it('tightens a password file restored with looser permissions, and refuses an empty one', () => {
    const { file, password } = embeddedPostgresPassword(dataDir);
    chmodSync(file, 0o644);
    expect(embeddedPostgresPassword(dataDir).password).toBe(password);
    expect(mode(file)).toBe(0o600);
    writeFileSync(file, '\n');
    expect(() => embeddedPostgresPassword(dataDir)).toThrow(/is empty/);
  });
});

/** A stand-in server: accepts one password; ALTER USER changes it. */
function server(password: string) {
  const state = { password, statements: [] as string[] };
  const connectAs = async (tried: string): Promise<PgAdmin> => {
    if (tried !== state.password)
      throw Object.assign(new Error('password authentication failed for user "postgres"'), { code: '28P01' });
    return {
      execute: async (statement) => {
        state.statements.push(statement);
        const changed = /^ALTER USER CURRENT_USER WITH PASSWORD '([0-9a-f]+)'$/.exec(statement);
        if (changed) state.password = changed[1]!;
      },
      close: async () => {},
    };
  };
  return { state, connectAs };
}

describe('adopting the password on a running server', () => {
  it('changes nothing on a data directory made with the random password', async () => {
    const { password } = embeddedPostgresPassword(dataDir);
    const pg = server(password);
    expect(await adoptPostgresPassword(pg.connectAs, password)).toBe('current');
    expect(pg.state.statements).toEqual([]);
  });

  it('moves a data directory made with the old password to the random one, after which the old one is refused', async () => {
    const { password } = embeddedPostgresPassword(dataDir);
    const pg = server(LEGACY_PASSWORD);
    expect(await adoptPostgresPassword(pg.connectAs, password)).toBe('migrated');
    expect(pg.state.password).toBe(password);
    await expect(pg.connectAs(LEGACY_PASSWORD)).rejects.toMatchObject({ code: '28P01' });
    // The next start finds it done.
    expect(await adoptPostgresPassword(pg.connectAs, password)).toBe('current');
    expect(pg.state.statements).toHaveLength(1);
  });

  it('says so clearly when neither password works, and passes other failures on untouched', async () => {
    const { password } = embeddedPostgresPassword(dataDir);
    await expect(adoptPostgresPassword(server('someone-elses').connectAs, password)).rejects.toThrow(
      /accepts neither its stored password nor the old default/,
    );
    const down = async () => {
      throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    };
    await expect(adoptPostgresPassword(down, password)).rejects.toThrow('ECONNREFUSED');
  });

  it('never puts anything but a hex password into the statement', async () => {
    const pg = server(LEGACY_PASSWORD);
    await expect(adoptPostgresPassword(pg.connectAs, "x'; DROP DATABASE afya; --")).rejects.toThrow(/hex/);
    expect(pg.state.statements).toEqual([]);
  });
});

it('keeps the file content exactly the password (one line)', () => {
  const { file, password } = embeddedPostgresPassword(dataDir);
  expect(readFileSync(file, 'utf8')).toBe(`${password}\n`);
});
