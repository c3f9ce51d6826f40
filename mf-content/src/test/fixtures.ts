import type { AdminAccount } from '@platform/contracts';
import { queryClient } from '@platform/data';
import { useSession } from '@platform/shell-state';
import type { InboxItem } from '../api';
import '../features/shared/namespace';

export const ADMIN = {
  id: '0b6a2c1e-1111-4aaa-8bbb-000000000001',
  name: 'Wanjiku Kamau',
  email: 'admin@afyahr.example',
  role: 'admin' as const,
};

export const signInAdmin = () => useSession.getState().signIn('token', ADMIN);

/** Each test starts with the admin signed in and nothing cached. */
export function resetSession() {
  useSession.getState().signOut();
  queryClient.clear();
  localStorage.clear();
  signInAdmin();
}

export const AMINA: AdminAccount = {
  id: '0b6a2c1e-2222-4aaa-8bbb-000000000002',
  name: 'Amina Wanjiru',
  email: 'amina@example.org',
  designation: 'Registered Nurse',
  phone: '+254 712 345 678',
  address: 'Kenyatta Avenue, Nakuru, Kenya',
  role: 'user',
  status: 'active',
  plan: null,
  suspendedReason: null,
  suspendedUntil: null,
  createdAt: '2026-10-02T08:00:00.000Z',
};

export const CLINIC: AdminAccount = {
  ...AMINA,
  id: '0b6a2c1e-3333-4aaa-8bbb-000000000003',
  name: 'Nakuru Family Clinic',
  email: 'hr@nakuru.example',
  role: 'Clinic',
};

export const page = <T>(data: T[], total = data.length, limit = 20) => ({
  body: { success: true, data, pageInfo: { page: 1, limit, total } },
});

/** What the gateway answers for a service that is not running. */
export const UNAVAILABLE = {
  status: 503,
  body: {
    success: false,
    code: 'server.unavailable',
    message: 'The content service is temporarily unavailable. Please try again shortly.',
  },
};

/** A message from the public contact form, unread. */
export const CONTACT: InboxItem = {
  id: 'c1',
  kind: 'contact',
  name: 'Baraka Otieno',
  email: 'baraka@example.org',
  message: 'Do you support\nmobile clinics?',
  organization: null,
  facilityType: null,
  phone: null,
  preferredDate: null,
  preferredTime: null,
  receivedAt: '2026-11-21T07:15:00.000Z',
  readAt: null,
  handledAt: null,
};
