import { randomUUID } from 'node:crypto';
import { makeEnvelope, NatsEventBus } from '@platform/event-bus';
import type { Profession } from '@platform/contracts';
import { CoreEvents, type CredentialEventData } from '../contract';

const DAY_MS = 86_400_000;

/**
 * A stand-in for svc-core on a test's prefix, for the services that follow its credential events (Connect's
 * Role-Based reading, Hire's applicants): publishes them as svc-core's outbox does.
 */
export async function fakeCore(natsUrl: string, prefix: string) {
  const bus = await NatsEventBus.connect({ url: natsUrl, prefix, name: 'fake-core' });
  await bus.ensureStream('core');
  return {
    /**
     * What svc-core publishes when an organisation's HR verifies the person's licence (or, `expired`, on its
     * expiry day; `revoked`, when HR revokes it): the council's professions become (or stop being) the
     * person's verified professions.
     */
    async licence(
      personId: string,
      professions: Profession[],
      {
        expired = false,
        revoked = false,
        ...over
      }: Partial<CredentialEventData> & { expired?: boolean; revoked?: boolean } = {},
    ): Promise<CredentialEventData> {
      const data: CredentialEventData = {
        credentialId: randomUUID(),
        personId,
        councilCode: 'ke-test',
        professions,
        expiresOn: new Date(Date.now() + 365 * DAY_MS).toISOString().slice(0, 10),
        daysLeft: 365,
        organisationId: null,
        ...over,
      };
      const type = revoked
        ? CoreEvents.credentialRevoked
        : expired
          ? CoreEvents.credentialExpired
          : CoreEvents.credentialVerified;
      await bus.publish(makeEnvelope(type, data));
      return data;
    },
    close: () => bus.close(),
  };
}
export type FakeCore = Awaited<ReturnType<typeof fakeCore>>;
