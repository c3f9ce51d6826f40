import type { Application, Job } from '@platform/svc-hire/contract';
import { queryClient } from '@platform/data';
import { useSession } from '@platform/shell-state';
import '../features/shared/namespace';

export const JOB: Job = {
  id: '0b7e4a52-3c0f-4f4e-9d1a-2f6f7c1e9a10',
  _id: '0b7e4a52-3c0f-4f4e-9d1a-2f6f7c1e9a10',
  title: 'Night Nurse',
  organization: 'Nakuru Family Clinic',
  department: 'Maternity',
  location: 'Nakuru, Kenya',
  type: 'Part-time',
  description: 'Night shifts on the maternity ward.\nNursing Council licence required.',
  salaryRange: '',
  salary: null,
  experienceLevel: null,
  closesAt: null,
  closed: false,
  postedBy: 'hr@nakuru.example',
  posterName: 'Nakuru Family Clinic',
  postedAt: '2026-11-20T08:00:00.000Z',
};

export const AMINA = {
  id: 'u-amina',
  name: 'Amina Wanjiru',
  email: 'amina@example.org',
  role: 'user' as const,
};
/** GET /api/user/me for Amina. */
export const AMINA_PROFILE = { user: { ...AMINA, phone: '+254 700 123 456' } };
export const CLINIC = {
  id: 'u-clinic',
  name: 'Nakuru Family Clinic',
  email: 'hr@nakuru.example',
  role: 'Clinic' as const,
};

export const signIn = (user: typeof AMINA | typeof CLINIC) => useSession.getState().signIn('token', user);

/** Each test starts signed out, with nothing cached. */
export function resetSession() {
  useSession.getState().signOut();
  queryClient.clear();
}

/** Amina's pending application to JOB, sent with a link: tests spread it and change what they need. */
export const APPLICATION: Application = {
  id: '44444444-4444-4444-8444-444444444444',
  _id: '44444444-4444-4444-8444-444444444444',
  userId: AMINA.id,
  applicantName: AMINA.name,
  jobId: {
    id: JOB.id,
    _id: JOB.id,
    title: JOB.title,
    organization: JOB.organization,
    location: JOB.location,
    removed: false,
  },
  fullName: AMINA.name,
  email: AMINA.email,
  phoneNumber: '+254 700 123 456',
  coverLetter: '',
  resumeUrl: 'https://cv.example.org/amina.pdf',
  cv: null,
  applicantDesignation: '',
  applicantSkills: [],
  applicantVerifiedProfessions: [],
  appliedAt: '2026-11-21T08:00:00.000Z',
  status: 'pending',
  statusChangedAt: null,
  decisionMessage: '',
};
