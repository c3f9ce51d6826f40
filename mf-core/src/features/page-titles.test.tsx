import { act, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ComponentType } from 'react';
import { useSession } from '@platform/shell-state';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, resetSession } from '../test/fixtures';
import LandingPage from './landing/LandingPage';
import CorePage from './core-page/CorePage';
import PricingPage from './pricing/PricingPage';
import LoginPage from './auth/LoginPage';
import SignupPage from './auth/SignupPage';
import ProfilePage from './profile/ProfilePage';

const emptyProfile = {
  designation: '',
  description: '',
  address: '',
  phone: '',
  skills: [],
  facility: '',
  country: '',
  location: '',
  photo: '',
};
const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');

beforeEach(() => {
  resetSession();
  document.title = 'AfyaHR';
});
afterEach(() => act(() => i18next.changeLanguage('en')));

const pages: Array<[string, ComponentType, string, string, string | null]> = [
  [
    '/',
    LandingPage,
    'Smarter HR for healthcare teams — AfyaHR',
    'Usimamizi mahiri wa rasilimali watu kwa timu za afya — AfyaHR',
    'AfyaHR brings',
  ],
  [
    '/core',
    CorePage,
    'Core: HR for healthcare teams — AfyaHR',
    'Core: rasilimali watu kwa timu za afya — AfyaHR',
    'Core: staff records',
  ],
  ['/pricing', PricingPage, 'Pricing — AfyaHR', 'Bei — AfyaHR', 'Monthly plans'],
  ['/login', LoginPage, 'Log in — AfyaHR', 'Ingia — AfyaHR', 'Log in to AfyaHR'],
  ['/signup', SignupPage, 'Sign up — AfyaHR', 'Jisajili — AfyaHR', 'Create an AfyaHR account'],
  ['/profile', ProfilePage, 'My profile — AfyaHR', 'Wasifu wangu — AfyaHR', null],
];

describe.each(pages)('the page at %s', (path, Page, title, swTitle, lead) => {
  it('has its own title and, if public, a description, in the chosen language', async () => {
    useSession.getState().signIn('token', AMINA);
    fakeApi(() => ({ body: { success: true, user: { ...AMINA, ...emptyProfile } } }));
    const view = await renderScreen(<Page />, { path });
    await screen.findByRole('heading', { level: 1 });
    expect(document.title).toBe(title);
    if (lead) expect(description()).toMatch(new RegExp(`^${lead}`));
    await act(() => i18next.changeLanguage('sw'));
    expect(document.title).toBe(swTitle);
    if (lead) expect(description()).not.toMatch(new RegExp(`^${lead}`));
    view.unmount();
    expect(document.title).toBe('AfyaHR');
  });
});
