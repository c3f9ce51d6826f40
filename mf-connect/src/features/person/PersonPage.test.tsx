import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { Route, Routes } from '@platform/router';
import { currentUrl, fakeApi, renderScreen, type ApiCall } from '@platform/ui/testing';
import { AMINA, PERSON, resetSession, signIn } from '../../test/fixtures';
import PersonPage from './PersonPage';

const PROFILE = {
  ...PERSON,
  credentials: [
    { professions: ['Nurse'], council: 'NCK', verifiedBy: 'Nakuru Family Clinic', validUntil: '2027-06-30' },
  ],
};

function service(answer: (call: ApiCall) => { status?: number; body?: unknown }) {
  return fakeApi(async (call) => answer(call));
}
const page = (path = `/connect/people/${PERSON.id}`) =>
  renderScreen(
    <Routes>
      <Route path="/connect/people/:id" element={<PersonPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { path },
  );

beforeEach(resetSession);

describe('a professional’s page', () => {
  it('shows what they chose to show, their verified credentials, and connects from there', async () => {
    signIn(AMINA);
    let sent = false;
    const calls = service((call) => {
      if (call.method === 'POST') {
        sent = true;
        return { status: 201, body: { success: true, data: { id: 'r1', status: 'pending' } } };
      }
      return {
        body: { success: true, data: { ...PROFILE, connection: sent ? 'outgoing' : 'none' } },
      };
    });
    await page();
    expect(await screen.findByRole('heading', { level: 1, name: 'Baraka Otieno' })).toBeInTheDocument();
    expect(calls[0]!.path).toBe(`/api/connect/professionals/${PERSON.id}`);
    expect(screen.getByText('Nakuru, Kenya')).toBeInTheDocument();
    // The whole description, not the card's 100 characters.
    expect(screen.getByText(PERSON.description)).toBeInTheDocument();
    expect(screen.queryByText('Phone')).not.toBeInTheDocument();
    const credentials = screen.getByRole('region', { name: 'Verified credentials' });
    expect(credentials).toHaveTextContent('Nurse');
    expect(credentials).toHaveTextContent('CouncilNCK');
    expect(credentials).toHaveTextContent('Verified byNakuru Family Clinic');
    expect(credentials).toHaveTextContent('Valid until30 Jun 2027');
    await userEvent.click(screen.getByRole('button', { name: 'Connect with Baraka Otieno' }));
    expect(await screen.findByText('Connection request sent successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ userId: PERSON.id });
    expect(await screen.findByText('Pending')).toBeInTheDocument();
  });

  it('shows contact details when the service gives them, and says when nothing is verified yet', async () => {
    service(() => ({
      body: {
        success: true,
        data: { ...PROFILE, credentials: [], phone: '+254 700 000001', email: 'baraka@example.org' },
      },
    }));
    await page();
    expect(await screen.findByRole('link', { name: '+254 700 000001' })).toHaveAttribute(
      'href',
      'tel:+254700000001',
    );
    expect(screen.getByText('No licence verified in Core HR yet.')).toBeInTheDocument();
  });

  it('sends a visitor who presses Connect through login and back to this page', async () => {
    service(() => ({ body: { success: true, data: PROFILE } }));
    await page();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect with Baraka Otieno' }));
    expect(currentUrl()).toBe(`/login?next=${encodeURIComponent(`/connect/people/${PERSON.id}`)}`);
  });

  it('says so when the person is not in the directory, in French too', async () => {
    service(() => ({
      status: 404,
      body: { success: false, message: 'x', code: 'connect.professional_not_found' },
    }));
    await page();
    expect(await screen.findByRole('heading', { name: 'Professional not found' })).toBeInTheDocument();
    await act(() => i18next.changeLanguage('fr'));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Professionnel introuvable' })).toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'Retour à la recherche de professionnels' })).toHaveAttribute(
      'href',
      '/connect',
    );
  });
});
