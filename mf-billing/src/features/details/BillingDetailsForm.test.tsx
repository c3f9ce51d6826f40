import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryClient } from '@platform/data';
import { useLanguage, useSession } from '@platform/shell-state';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import '../shared/namespace';
import { BillingDetailsForm } from './BillingDetailsForm';

const clinic = { id: 'c1', name: 'Afya Clinic', email: 'c@example.org', role: 'Clinic' as const };

/** svc-billing's details as a server keeps them: GET answers what the last PUT saved. */
function detailsServer(initial: string | null) {
  let kraPin = initial;
  return fakeApi((call) => {
    if (call.method === 'PUT') kraPin = (call.body as { kraPin: string | null }).kraPin;
    return { body: { success: true, data: { kraPin } } };
  });
}

beforeEach(() => {
  useSession.getState().signIn('token', clinic);
  useLanguage.getState().setLanguage('en');
  queryClient.clear();
});

describe('the billing details on /billing', () => {
  it('shows the KRA PIN held and saves a new one as KRA writes it, saying the next invoices carry it', async () => {
    const calls = detailsServer('A123456789B');
    await renderScreen(<BillingDetailsForm />, { path: '/billing' });
    expect(await screen.findByRole('heading', { name: 'Billing details' })).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: "Your organisation's KRA PIN" });
    expect(await screen.findByDisplayValue('A123456789B')).toBe(field);
    await userEvent.clear(field);
    await userEvent.type(field, 'p051 234 567x');
    await userEvent.click(screen.getByRole('button', { name: 'Save billing details' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Saved: your next invoices carry KRA PIN P051234567X.',
    );
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      expect.objectContaining({ path: '/api/billing/details', body: { kraPin: 'P051234567X' } }),
    ]);
  });

  it('refuses a PIN that is not a letter, 9 digits and a letter before sending anything', async () => {
    const calls = detailsServer(null);
    await renderScreen(<BillingDetailsForm />, { path: '/billing' });
    const field = await screen.findByRole('textbox', { name: "Your organisation's KRA PIN" });
    await waitFor(() => expect(field).toBeEnabled());
    await userEvent.type(field, 'P05123456X');
    await userEvent.click(screen.getByRole('button', { name: 'Save billing details' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(
      'A KRA PIN is a letter, 9 digits and a letter, for example P051234567X.',
    );
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('removes the PIN when the field is emptied', async () => {
    const calls = detailsServer('P051234567X');
    await renderScreen(<BillingDetailsForm />, { path: '/billing' });
    await userEvent.clear(await screen.findByDisplayValue('P051234567X'));
    await userEvent.click(screen.getByRole('button', { name: 'Save billing details' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Saved: your next invoices carry no KRA PIN.',
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ kraPin: null });
  });

  it('says in Kiswahili and French what the server refused', async () => {
    fakeApi((call) =>
      call.method === 'PUT'
        ? { status: 400, body: { success: false, message: 'kraPin: …', code: 'billing.invalid_kra_pin' } }
        : { body: { success: true, data: { kraPin: null } } },
    );
    await renderScreen(<BillingDetailsForm />, { path: '/billing' });
    await act(async () => useLanguage.getState().setLanguage('sw'));
    const field = await screen.findByRole('textbox', { name: 'PIN ya KRA ya taasisi yako' });
    await waitFor(() => expect(field).toBeEnabled());
    await userEvent.type(field, 'P051234567X');
    await userEvent.click(screen.getByRole('button', { name: 'Hifadhi maelezo ya malipo' }));
    expect(
      await screen.findByText('Weka PIN ya KRA: herufi, tarakimu 9 na herufi (P051234567X).'),
    ).toBeInTheDocument();
    await act(async () => useLanguage.getState().setLanguage('fr'));
    expect(
      await screen.findByText('Saisissez un PIN KRA : une lettre, 9 chiffres et une lettre (P051234567X).'),
    ).toBeInTheDocument();
  });
});
