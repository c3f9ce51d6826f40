import { makeEnvelope } from '@platform/event-bus';
import type { UserEventData } from '@platform/contracts';

/**
 * An identity.user.* event as svc-identity publishes it, for the services' users projections: `over`
 * changes fields (name, role, version...).
 */
export const userEvent = (type: string, id: string, over: Partial<UserEventData> = {}) =>
  makeEnvelope<UserEventData>(type, {
    id,
    name: 'Nakuru Family Clinic',
    email: 'hr@nakuru.example',
    role: 'Clinic',
    orgId: null,
    designation: '',
    description: '',
    address: '',
    phone: '',
    skills: [],
    facility: '',
    country: '',
    location: '',
    photo: '',
    createdAt: new Date().toISOString(),
    version: 1,
    ...over,
  });
