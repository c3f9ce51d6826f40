import { useState, type FormEvent } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../test/screen';
import { EMAIL, useForm } from '../forms';
import { registerNamespace } from '../i18n';
import { Button } from './Button';
import { TextField } from './Fields';
import { FormErrors } from './FormErrors';

// The behaviour every form of the platform gets from useForm + <FormErrors>, tested once here.
registerNamespace('formtest', async () => ({
  errors: { required: 'This field is required.', email: 'Enter a valid e-mail address.' },
}));

type Message = { name: string; email: string };
const validate = (m: Message) => {
  const found: Partial<Record<keyof Message, 'required' | 'email'>> = {};
  if (!m.name.trim()) found.name = 'required';
  if (!m.email.trim()) found.email = 'required';
  else if (!EMAIL.test(m.email)) found.email = 'email';
  return found;
};

/** A long form whose answer the test chooses: its outcome shows above, far from the Send button. */
function Page({ answer }: { answer: () => 'ok' | 'refused' }) {
  const f = useForm<Message, 'required' | 'email'>('formtest', { name: '', email: '' }, 'errors', {
    validate,
  });
  const [sending, setSending] = useState(false);
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!f.check(validate(f.form))) return;
    setSending(true);
    if (answer() === 'ok') {
      f.reset({ name: '', email: '' });
      f.succeed('Message sent.');
    } else f.fail({ body: { code: 'content.too_many_messages', message: 'x' } }, 'errors.required');
    setSending(false);
  }
  return (
    <form onSubmit={submit} noValidate>
      <FormErrors form={f} />
      <TextField label="Name" required {...f.field('name')} />
      <TextField label="E-mail" required {...f.field('email')} />
      <Button type="submit" loading={sending}>
        Send
      </Button>
    </form>
  );
}

describe('a form’s outcome (useForm + FormErrors)', () => {
  it('shows a refusal above the form and moves focus to it, again on each refused send, typed input kept', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    await renderScreen(<Page answer={() => 'refused'} />);
    await userEvent.type(await screen.findByLabelText('Name'), 'Wanjiru');
    await userEvent.type(screen.getByLabelText('E-mail'), 'w@clinic.example');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Too many messages from your network. Please try again later.');
    expect(alert.parentElement).toHaveFocus();
    expect(scrolled).toContain(alert.parentElement);
    expect(screen.getByLabelText('Name')).toHaveValue('Wanjiru');

    // The same refusal once more: focus comes back to it from the button.
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert').parentElement).toHaveFocus();
  });

  it('shows success in place of the cleared form and moves focus to it', async () => {
    await renderScreen(<Page answer={() => 'ok'} />);
    await userEvent.type(await screen.findByLabelText('Name'), 'Wanjiru');
    await userEvent.type(screen.getByLabelText('E-mail'), 'w@clinic.example');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const status = screen.getByText('Message sent.');
    expect(status).toHaveAttribute('role', 'status');
    expect(status.parentElement).toHaveFocus();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('takes an error away as soon as its field is fixed, not at the next send', async () => {
    await renderScreen(<Page answer={() => 'ok'} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    const name = screen.getByLabelText('Name');
    const email = screen.getByLabelText('E-mail');
    expect(name).toHaveAccessibleDescription('This field is required.');
    expect(name).toHaveFocus();

    await userEvent.type(name, 'W');
    expect(name).not.toHaveAttribute('aria-invalid', 'true');
    expect(name).not.toHaveAccessibleDescription('This field is required.');
    // Still wrong, for another reason: it says the reason now, and leaves once the address is whole.
    await userEvent.type(email, 'w@clinic');
    expect(email).toHaveAccessibleDescription('Enter a valid e-mail address.');
    await userEvent.type(email, '.example');
    expect(email).not.toHaveAccessibleDescription('Enter a valid e-mail address.');
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
  });
});
