import { NatsEventBus, OPEN_NATS_SWITCH, openNatsRefusal, type BusLog } from '@platform/event-bus';

/** What the bus connection reads of a configuration (every service's base variables; the gateway's own). */
export interface ServiceBusConfig {
  NATS_URL: string;
  NATS_PREFIX: string;
  NATS_USER?: string;
  NATS_PASSWORD?: string;
  DANGEROUSLY_ALLOW_OPEN_NATS?: string;
}

/**
 * A service's bus, on a NATS that lets nobody in without credentials: a service believes the events it reads
 * only because no one but their producer may publish them, which holds on such a server alone. So a service
 * without its own NATS user, or whose server admits anonymous clients (checked by the bus once connected,
 * at every reconnect too), refuses to start, unless DANGEROUSLY_ALLOW_OPEN_NATS=1 (a development machine
 * nobody else reaches; in-process tests on a throwaway prefix), which only warns.
 */
export async function connectServiceBus(
  name: string,
  config: ServiceBusConfig,
  log: BusLog,
): Promise<NatsEventBus> {
  const allowOpen = config.DANGEROUSLY_ALLOW_OPEN_NATS === '1';
  if (!config.NATS_USER) {
    const why = `${name} has no NATS user (NATS_USER)`;
    if (!allowOpen) throw new Error(`${why}: ${openNatsRefusal(config.NATS_URL)}`);
    log.warn({ server: config.NATS_URL }, `${why}; ${OPEN_NATS_SWITCH}=1: development only`);
  }
  return NatsEventBus.connect({
    url: config.NATS_URL,
    prefix: config.NATS_PREFIX,
    name,
    user: config.NATS_USER,
    password: config.NATS_PASSWORD,
    allowOpenServer: allowOpen,
    log,
  });
}
