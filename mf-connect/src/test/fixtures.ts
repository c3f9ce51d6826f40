import type {
  ConnectionRequestView,
  DiscussionView,
  Professional,
  ReplyView,
} from '@platform/svc-connect/contract';
import { queryClient } from '@platform/data';
import { useSession } from '@platform/shell-state';
import '../features/shared/namespace';

export const AMINA = {
  id: 'u-amina',
  name: 'Amina Wanjiru',
  email: 'amina@example.org',
  role: 'user' as const,
};
export const BARAKA = {
  id: 'u-baraka',
  name: 'Baraka Otieno',
  email: 'baraka@example.org',
  role: 'user' as const,
};

export const signIn = (user: typeof AMINA) => useSession.getState().signIn('token', user);

/** Each test starts signed out, with nothing cached. */
export function resetSession() {
  useSession.getState().signOut();
  queryClient.clear();
  localStorage.clear();
}

export const PERSON: Professional = {
  id: '2b1f0c7e-3d4a-4f5b-8c6d-7e8f9a0b1c2d',
  _id: '2b1f0c7e-3d4a-4f5b-8c6d-7e8f9a0b1c2d',
  name: 'Baraka Otieno',
  role: 'user',
  profession: 'Nurse',
  designation: 'Registered Nurse',
  description:
    'Neonatal nurse with ten years on the maternity ward of a county referral hospital, training junior staff in resuscitation.',
  address: 'Nakuru, Rift Valley',
  location: 'Nakuru',
  facility: 'Nakuru Level 5 Hospital',
  country: 'Kenya',
  skills: ['Midwifery', 'Neonatal care'],
  photo: '',
  connection: 'none',
  requestId: null,
};

export const directoryPage = (data: Professional[], total = data.length) => ({
  body: {
    success: true,
    data,
    pageInfo: { page: 1, limit: 12, total },
    facets: {
      facility: [{ value: 'Nakuru Level 5 Hospital', count: total }],
      location: [
        { value: 'Nakuru', count: total },
        { value: 'Kisumu', count: 2 },
      ],
      country: [{ value: 'Kenya', count: total }],
      profession: [{ value: 'Nurse', count: total }],
    },
  },
});

export const DISCUSSION: DiscussionView = {
  id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
  _id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
  title: 'Oxygen concentrators in rural clinics',
  content: 'Who services **oxygen** concentrators?',
  contentHtml: '<p>Who services <strong>oxygen</strong> concentrators?</p>',
  category: 'Medical Supply Chain',
  visibility: 'Public',
  visible: ['Public'],
  roles: [],
  createdBy: {
    id: 'u-baraka',
    name: 'Baraka Otieno',
    role: 'user',
    profession: 'Nurse',
    facility: 'Nakuru Level 5 Hospital',
    country: 'Kenya',
  },
  country: 'Kenya',
  createdAt: '2026-11-20T08:00:00.000Z',
  editedAt: null,
  replyCount: 1,
  likeCount: 2,
  liked: false,
  flagged: false,
  mine: false,
  hidden: false,
  preview: false,
};

export const discussionPage = (data: DiscussionView[], total = data.length) => ({
  body: { success: true, data, pageInfo: { page: 1, limit: 10, total, totalCapped: false } },
});

export const REPLY: ReplyView = {
  id: 'r-1',
  discussionId: DISCUSSION.id,
  content: 'We use the county workshop.',
  contentHtml: '<p>We use the county workshop.</p>',
  createdBy: { ...DISCUSSION.createdBy, id: 'u-amina', name: 'Amina Wanjiru' },
  createdAt: '2026-11-21T08:00:00.000Z',
  editedAt: null,
  mine: true,
};

const ref = (id: string, name: string) => ({
  id,
  name,
  designation: 'Registered Nurse',
  profession: 'Nurse' as const,
  photo: '',
});
export const REQUEST: ConnectionRequestView = {
  id: 'req-1',
  status: 'pending',
  from: ref('u-baraka', 'Baraka Otieno'),
  to: ref('u-amina', 'Amina Wanjiru'),
  createdAt: '2026-11-22T08:00:00.000Z',
  decidedAt: null,
};
