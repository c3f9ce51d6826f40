import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { resetSession } from '../../test/fixtures';
import DemoRequestForm from './DemoRequestForm';
import { today } from './demo-form';

beforeEach(resetSession);

describe('the demo request form', () => {
  it('asks for the required fields first, then thanks the visitor once the request is received', async () => {
    const calls = fakeApi(() => ({ status: 201, body: { success: true } }));
    await renderScreen(<DemoRequestForm onClose={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Request demo' }));
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('This field is required.');
    expect(calls).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Full name'), 'Wanjiku Kamau');
    await userEvent.type(screen.getByLabelText('Organisation'), 'Nakuru Family Clinic');
    await userEvent.selectOptions(screen.getByLabelText('Facility type'), 'Clinic');
    await userEvent.type(screen.getByLabelText('E-mail'), 'wanjiku@nakuru.example');
    await userEvent.type(screen.getByLabelText('Preferred date'), today());
    await userEvent.type(screen.getByLabelText('Preferred time'), '10:30');
    await userEvent.click(screen.getByRole('button', { name: 'Request demo' }));

    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
    expect(screen.getByText(/We will write to wanjiku@nakuru.example to confirm a time/)).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/content/demo-requests' });
    // The honeypot stays empty for a person, so it is not sent at all.
    expect(calls[0]!.body).not.toHaveProperty('website');
  });

  it('says so when the request cannot be sent, and keeps what was typed', async () => {
    fakeApi(() => ({ status: 503, body: { success: false } }));
    await renderScreen(<DemoRequestForm onClose={() => {}} />);
    await userEvent.type(await screen.findByLabelText('Full name'), 'Wanjiku Kamau');
    await userEvent.type(screen.getByLabelText('Organisation'), 'Nakuru Family Clinic');
    await userEvent.selectOptions(screen.getByLabelText('Facility type'), 'Clinic');
    await userEvent.type(screen.getByLabelText('E-mail'), 'wanjiku@nakuru.example');
    await userEvent.type(screen.getByLabelText('Preferred date'), today());
    await userEvent.type(screen.getByLabelText('Preferred time'), '10:30');
    await userEvent.click(screen.getByRole('button', { name: 'Request demo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not send your request right now. Please try again later.',
    );
    expect(screen.getByLabelText('Full name')).toHaveValue('Wanjiku Kamau');
  });
});
