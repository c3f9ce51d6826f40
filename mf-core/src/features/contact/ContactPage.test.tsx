import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { resetSession } from '../../test/fixtures';
import ContactPage from './ContactPage';

beforeEach(resetSession);

async function fill() {
  await userEvent.type(await screen.findByLabelText('Your name'), 'Wanjiru Kamau');
  await userEvent.type(screen.getByLabelText('Your e-mail'), 'wanjiru@example.org');
  await userEvent.type(screen.getByLabelText('Message'), 'How does leave tracking work for two clinics?');
}

describe('/contact', () => {
  it('checks the fields first, then sends and says the spec’s words', async () => {
    const calls = fakeApi(() => ({ status: 201, body: { success: true } }));
    await renderScreen(<ContactPage />, { path: '/contact' });
    await userEvent.click(await screen.findByRole('button', { name: 'Send message' }));
    expect(document.title).toBe('Contact us — AfyaHR');
    expect(screen.getByLabelText('Your name')).toHaveAccessibleDescription('This field is required.');
    await userEvent.type(screen.getByLabelText('Your e-mail'), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByLabelText('Your e-mail')).toHaveAccessibleDescription('Enter a valid e-mail address.');
    expect(calls).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Your e-mail'));
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText("Message sent successfully! We'll contact you soon.")).toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/content/contact-messages',
        body: {
          from_name: 'Wanjiru Kamau',
          from_email: 'wanjiru@example.org',
          from_message: 'How does leave tracking work for two clinics?',
        },
      }),
    ]);
    expect(screen.getByLabelText('Your name')).toHaveValue('');
  });

  it('shows the spec’s failure text and keeps the message', async () => {
    fakeApi(() => ({ status: 500, body: { success: false } }));
    await renderScreen(<ContactPage />, { path: '/contact' });
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Failed to send message. Please try again later.')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveValue('How does leave tracking work for two clinics?');
  });

  it('keeps the honeypot away from people: not in the tab order, hidden from screen readers', async () => {
    fakeApi(() => ({ status: 201, body: { success: true } }));
    await renderScreen(<ContactPage />, { path: '/contact' });
    await screen.findByLabelText('Your name');
    expect(screen.queryByRole('textbox', { name: /website/i })).not.toBeInTheDocument();
    const trap = document.querySelector('input[name="website"]')!;
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('gives the team’s e-mail and phone', async () => {
    fakeApi(() => ({}));
    await renderScreen(<ContactPage />, { path: '/contact' });
    expect(await screen.findByRole('link', { name: 'info@afyahr.example' })).toHaveAttribute(
      'href',
      'mailto:info@afyahr.example',
    );
    expect(screen.getByRole('link', { name: '+254 700 000 000' })).toHaveAttribute(
      'href',
      'tel:+254700000000',
    );
  });
});
