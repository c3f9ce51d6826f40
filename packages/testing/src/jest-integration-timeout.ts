// Jest takes `testTimeout` from the root configuration only and ignores a project's, so the
// integration project sets its own here: some tests start a whole service (database, migrations,
// NATS catch-up) inside the test.
jest.setTimeout(30_000);
