import { findOrStartNats, NO_NATS } from '../src/find-nats';

describe('findOrStartNats', () => {
  it('takes NATS_URL as it is, without looking further', async () => {
    const isListening = jest.fn(async () => true);
    const nats = await findOrStartNats({ url: 'nats://nats.internal:4222', isListening });
    expect(nats).toMatchObject({ url: 'nats://nats.internal:4222', started: false });
    expect(isListening).not.toHaveBeenCalled();
    await nats.stop();
  });

  it('else uses a NATS already listening on 127.0.0.1:4222', async () => {
    const isListening = jest.fn(async () => true);
    const onPath = jest.fn(() => true);
    const nats = await findOrStartNats({ isListening, onPath });
    expect(nats).toMatchObject({ url: 'nats://127.0.0.1:4222', started: false });
    expect(isListening).toHaveBeenCalledWith('127.0.0.1', 4222);
    expect(onPath).not.toHaveBeenCalled();
  });

  it('for npm start, passes over one there that admits anonymous clients, and takes one that does not', async () => {
    const onPath = jest.fn(() => false);
    const open = findOrStartNats({
      isListening: async () => true,
      passOverOpen: true,
      admitsAnonymous: async () => true,
      onPath,
    });
    // It goes on to start its own: here nats-server is "missing", and the message says why it was needed.
    await expect(open).rejects.toThrow(
      'the NATS on 127.0.0.1:4222 lets clients in without a password, so any local process could publish events as any service; install nats-server so one can be started with a NATS user per service',
    );
    expect(onPath).toHaveBeenCalledWith('nats-server');

    const admitsAnonymous = jest.fn(async () => false);
    const closed = await findOrStartNats({
      isListening: async () => true,
      passOverOpen: true,
      admitsAnonymous,
    });
    expect(closed).toMatchObject({ url: 'nats://127.0.0.1:4222', started: false });
    expect(admitsAnonymous).toHaveBeenCalledWith('nats://127.0.0.1:4222');
  });

  it('else, without nats-server on PATH, says in one sentence how to get NATS', async () => {
    const onPath = jest.fn(() => false);
    await expect(findOrStartNats({ isListening: async () => false, onPath })).rejects.toThrow(NO_NATS);
    expect(onPath).toHaveBeenCalledWith('nats-server');
  });
});
