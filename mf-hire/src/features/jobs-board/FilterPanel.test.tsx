import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { JOB, resetSession } from '../../test/fixtures';
import JobsPage from './JobsPage';

const board = () => ({
  body: { data: [JOB], pageInfo: { page: 1, limit: 10, total: 1, totalCapped: false } },
});
const width = (px: number) => Object.defineProperty(window, 'innerWidth', { value: px, configurable: true });

beforeEach(resetSession);
afterEach(() => width(1024));

describe('the job board filters', () => {
  it('fold behind a "Filters (n)" button on a phone, so the first job shows first', async () => {
    width(360);
    fakeApi(() => board());
    await renderScreen(<JobsPage />, { path: '/hire?title=nurse&type=Contract' });
    expect(await screen.findByRole('link', { name: 'Night Nurse' })).toBeVisible();

    const toggle = screen.getByRole('button', { name: 'Filters (2)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', 'job-filters');
    expect(screen.queryByRole('search')).not.toBeInTheDocument();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('job-filters')).toBeVisible();
    expect(screen.getByRole('search')).toBeVisible();
    expect(screen.getByLabelText('Job title')).toHaveValue('nurse');

    await userEvent.click(toggle);
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
  });

  it('count none in use as "Filters (0)"', async () => {
    width(360);
    fakeApi(() => board());
    await renderScreen(<JobsPage />, { path: '/hire' });
    expect(await screen.findByRole('button', { name: 'Filters (0)' })).toBeInTheDocument();
  });

  it('stay in view without a button on a wide screen', async () => {
    fakeApi(() => board());
    await renderScreen(<JobsPage />, { path: '/hire?title=nurse' });
    expect(await screen.findByRole('search')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Filters/ })).not.toBeInTheDocument();
  });
});
