import { findOrStartPostgres, type PostgresServer } from '../src/find-postgres';

const server = (url: string): PostgresServer => ({ url, started: true, stop: async () => {} });
const failing = (message: string) =>
  jest.fn(async (): Promise<PostgresServer> => Promise.reject(new Error(message)));

describe('findOrStartPostgres', () => {
  it('takes DATABASE_URL as it is, starting nothing', async () => {
    const starters = { embedded: jest.fn(), container: jest.fn() };
    const pg = await findOrStartPostgres({ url: 'postgres://db.internal/app', containers: true }, starters);
    expect(pg).toMatchObject({ url: 'postgres://db.internal/app', started: false });
    expect(starters.embedded).not.toHaveBeenCalled();
    expect(starters.container).not.toHaveBeenCalled();
  });

  it('else starts the embedded Postgres, with the options given', async () => {
    const embedded = jest.fn(async () => server('postgres://embedded'));
    const container = jest.fn();
    const pg = await findOrStartPostgres(
      { embedded: { port: 5433 }, containers: true },
      { embedded, container },
    );
    expect(pg.url).toBe('postgres://embedded');
    expect(embedded).toHaveBeenCalledWith({ port: 5433 });
    expect(container).not.toHaveBeenCalled();
  });

  it('for tests, tries a testcontainer where the embedded Postgres cannot start', async () => {
    const container = jest.fn(async () => server('postgres://container'));
    const pg = await findOrStartPostgres({ containers: true }, { embedded: failing('no binary'), container });
    expect(pg.url).toBe('postgres://container');
  });

  it('finding none, says why in one sentence', async () => {
    const noDocker = jest.fn(async () => undefined);
    const tests = findOrStartPostgres(
      { containers: true },
      { embedded: failing('no binary'), container: noDocker },
    );
    await expect(tests).rejects.toThrow(
      'Postgres is needed: set DATABASE_URL to a server where new databases may be created (the embedded Postgres did not start: no binary, and Docker does not run here for a testcontainer).',
    );
    // npm start never tries containers.
    const start = findOrStartPostgres({}, { embedded: failing('port taken'), container: noDocker });
    await expect(start).rejects.toThrow('(the embedded Postgres did not start: port taken).');
    expect(noDocker).toHaveBeenCalledTimes(1);
  });
});
