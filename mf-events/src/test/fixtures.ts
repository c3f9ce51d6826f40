import type { EventView, MyRegistration } from '@platform/svc-events/contract';
import { queryClient } from '@platform/data';
import { useSession } from '@platform/shell-state';
import '../features/shared/namespace';

/** An event a week away (always in the future), 2 seats, 3 CPD points. */
const start = new Date(Date.now() + 7 * 86_400_000);
start.setUTCHours(6, 30, 0, 0);

export const EVENT: EventView = {
  id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
  _id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
  title: 'Neonatal resuscitation refresher',
  description: 'Hands-on practice of the newborn life-support algorithm.',
  category: 'Training',
  topic: null,
  date: start.toISOString().slice(0, 10),
  time: '09:30',
  timeZone: 'Africa/Nairobi',
  startsAt: start.toISOString(),
  endsAt: new Date(start.getTime() + 3600_000).toISOString(),
  durationMinutes: 60,
  location: 'Nakuru Level 5 Hospital',
  online: false,
  region: 'Kenya',
  country: '',
  speaker: { name: 'Dr. Achieng Otieno', designation: 'Consultant Paediatrician' },
  tags: ['CPD', 'Neonatal'],
  capacity: 2,
  seatsTaken: 1,
  seatsLeft: 1,
  waitlisted: 0,
  cpdPoints: 3,
  registrationDeadline: null,
  postedBy: 'Nakuru Family Clinic',
  organizing: false,
  cancelled: false,
  cancelledAt: null,
  createdAt: '2026-11-20T08:00:00.000Z',
};

export const CONFIRMED: MyRegistration = {
  id: '11111111-1111-4111-8111-111111111111',
  status: 'confirmed',
  position: null,
  ticket: `11111111-1111-4111-8111-111111111111.${EVENT.id}.c2lnbmF0dXJl`,
  ticketCode: '0001-K7F39Q',
  registeredAt: '2026-11-21T08:00:00.000Z',
  checkedInAt: null,
};

export const AMINA = {
  id: 'u-amina',
  name: 'Amina Wanjiru',
  email: 'amina@example.org',
  role: 'user' as const,
};
export const CLINIC = {
  id: 'u-clinic',
  name: 'Nakuru Family Clinic',
  email: 'hr@nakuru.example',
  role: 'Clinic' as const,
};

export const signIn = (user: typeof AMINA | typeof CLINIC) => useSession.getState().signIn('token', user);

/** Each test starts signed out, with nothing cached and no check-in queued. */
export function resetSession() {
  useSession.getState().signOut();
  queryClient.clear();
  localStorage.clear();
}

export const page = <T>(data: T[], total = data.length) => ({
  body: { success: true, data, pageInfo: { page: 1, limit: 10, total, totalCapped: false } },
});
