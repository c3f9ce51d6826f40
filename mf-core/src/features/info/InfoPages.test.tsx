import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { resetSession } from '../../test/fixtures';
import FaqsPage from './FaqsPage';
import { CookiesPage, PrivacyPage } from './InfoPage';

beforeEach(() => {
  resetSession();
  fakeApi(() => ({}));
});

describe('the text pages', () => {
  it('/faqs: eight questions, one answer open at a time', async () => {
    await renderScreen(<FaqsPage />, { path: '/faqs' });
    const questions = await screen.findAllByRole('button', { expanded: false });
    expect(questions).toHaveLength(8);
    expect(document.title).toBe('Frequently asked questions — AfyaHR');
    await userEvent.click(screen.getByRole('button', { name: 'Is it free for health professionals?' }));
    expect(screen.getByText(/cost a professional nothing/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'How do CPD certificates work?' }));
    expect(screen.getByRole('button', { name: 'Is it free for health professionals?' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.getByRole('button', { name: 'How do CPD certificates work?' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('/privacy names the law and the rights, with its sections as headings', async () => {
    await renderScreen(<PrivacyPage />, { path: '/privacy' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
    expect(screen.getByText(/Kenya Data Protection Act 2019/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Your rights' })).toBeInTheDocument();
    // The spec's policy: data requests are answered within 15 days.
    expect(screen.getByText(/we answer within 15 days/)).toBeInTheDocument();
  });

  it('/cookies lists what the site really keeps', async () => {
    await renderScreen(<CookiesPage />, { path: '/cookies' });
    for (const name of ['afya.lang', 'afya.consent', 'afya.session', 'afya.cookieConsent'])
      expect(await screen.findByText(new RegExp(`^${name.replace('.', '\\.')}[: ]`))).toBeInTheDocument();
  });
});
