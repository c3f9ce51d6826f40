import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { CLINIC, EVENT, resetSession, signIn } from '../../test/fixtures';
import { EventForm } from './EventForm';

beforeEach(() => {
  resetSession();
  signIn(CLINIC);
});

/** A day a month ahead, so the start is always in the future. */
const ahead = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

async function openForm(onDone = jest.fn(), onCancel = jest.fn()) {
  await renderScreen(<EventForm onDone={onDone} onCancel={onCancel} />);
  const form = within(await screen.findByRole('region', { name: 'New event' }));
  return { form, onDone, onCancel };
}

async function fillRequired(form: ReturnType<typeof within>) {
  await userEvent.type(form.getByLabelText('Title'), 'Neonatal resuscitation refresher');
  await userEvent.type(form.getByLabelText('Date'), ahead);
  await userEvent.type(form.getByLabelText('Time'), '09:30');
  await userEvent.type(form.getByLabelText('Location'), 'Nakuru Level 5 Hospital');
  await userEvent.selectOptions(form.getByLabelText('Category'), 'Training');
  await userEvent.type(form.getByLabelText('Description'), 'Hands-on practice.');
}

describe('the event form', () => {
  it('asks for the required fields beside each, focuses the first and sends nothing', async () => {
    const calls = fakeApi(() => ({ status: 201, body: { success: true, data: EVENT } }));
    const { form } = await openForm();
    await userEvent.click(form.getByRole('button', { name: 'Post Event' }));
    const title = form.getByLabelText('Title');
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveFocus();
    expect(title).toHaveAccessibleDescription('This field is required.');
    for (const label of ['Date', 'Time', 'Location', 'Category', 'Description'])
      expect(form.getByLabelText(label)).toHaveAccessibleDescription('This field is required.');
    expect(form.getByText('6 fields need attention.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('refuses what the service would: a link that is not https, seats, CPD points, a deadline after the start', async () => {
    const calls = fakeApi(() => ({ status: 201, body: { success: true, data: EVENT } }));
    const { form } = await openForm();
    await fillRequired(form);
    await userEvent.type(form.getByLabelText('Online meeting link'), 'http://zoom.us/j/1');
    await userEvent.type(form.getByLabelText('Seats'), '0');
    await userEvent.type(form.getByLabelText('CPD points'), '60');
    await userEvent.type(form.getByLabelText('Registration deadline'), `${ahead}T10:00`);
    await userEvent.click(form.getByRole('button', { name: 'Post Event' }));
    expect(form.getByLabelText('Online meeting link')).toHaveAccessibleDescription(
      'Enter a link starting with https://.',
    );
    expect(form.getByLabelText('Online meeting link')).toHaveFocus();
    expect(form.getByLabelText('Seats')).toHaveAccessibleDescription(
      'Enter a whole number of seats, at least 1, or leave it empty.',
    );
    expect(form.getByLabelText('CPD points')).toHaveAccessibleDescription(
      'Enter a whole number from 0 to 50, or leave it empty.',
    );
    expect(form.getByLabelText('Registration deadline')).toHaveAccessibleDescription(
      'The registration deadline must be before the event starts.',
    );
    expect(form.getByText('4 fields need attention.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('adds a tag only when not empty once trimmed and not already there, and removes it', async () => {
    fakeApi(() => ({}));
    const { form } = await openForm();
    const input = form.getByLabelText('New tag');
    await userEvent.type(input, '  CPD  {Enter}');
    const chips = () =>
      form.queryByRole('list', { name: 'Tags chosen' })
        ? within(form.getByRole('list', { name: 'Tags chosen' }))
            .getAllByRole('listitem')
            .map((li) => li.textContent?.replace('×', '').trim())
        : [];
    expect(chips()).toEqual(['CPD']);
    expect(input).toHaveValue('');
    // Blank, and the same tag in another case: nothing added.
    await userEvent.type(input, '   ');
    await userEvent.click(form.getByRole('button', { name: 'Add tag' }));
    await userEvent.type(input, 'cpd{Enter}');
    expect(chips()).toEqual(['CPD']);
    await userEvent.type(input, 'Neonatal');
    await userEvent.click(form.getByRole('button', { name: 'Add tag' }));
    expect(chips()).toEqual(['CPD', 'Neonatal']);
    // Enter in the tag field never sent the form.
    expect(form.queryByText(/fields? need attention/)).not.toBeInTheDocument();

    await userEvent.click(form.getByRole('button', { name: 'Remove tag CPD' }));
    expect(chips()).toEqual(['Neonatal']);
    expect(input).toHaveFocus();
  });

  it('posts the event with its tags, numbers as numbers, then starts again empty', async () => {
    const calls = fakeApi(() => ({ status: 201, body: { success: true, data: EVENT } }));
    const { form, onDone } = await openForm();
    await fillRequired(form);
    await userEvent.type(form.getByLabelText('Speaker Name'), 'Dr. Achieng Otieno');
    await userEvent.type(form.getByLabelText('Online meeting link'), 'https://zoom.us/j/123');
    await userEvent.type(form.getByLabelText('Seats'), '2');
    await userEvent.type(form.getByLabelText('CPD points'), '3');
    await userEvent.type(form.getByLabelText('New tag'), 'CPD{Enter}');
    await userEvent.selectOptions(form.getByLabelText('Topic'), 'Community health');
    await userEvent.click(form.getByRole('button', { name: 'Post Event' }));

    expect(await screen.findByText('Event posted.')).toBeInTheDocument();
    expect(onDone).toHaveBeenCalledWith(EVENT);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/event/add',
      body: {
        title: 'Neonatal resuscitation refresher',
        date: ahead,
        time: '09:30',
        timeZone: 'Africa/Nairobi',
        location: 'Nakuru Level 5 Hospital',
        category: 'Training',
        topic: 'Community Health',
        description: 'Hands-on practice.',
        speaker: { name: 'Dr. Achieng Otieno', designation: '' },
        zoomLink: 'https://zoom.us/j/123',
        capacity: 2,
        cpdPoints: 3,
        durationMinutes: 60,
        tags: ['CPD'],
        registrationDeadline: null,
      },
    });
    expect(form.getByLabelText('Title')).toHaveValue('');
  });

  it("shows the service's refusal at the field it concerns", async () => {
    fakeApi(() => ({
      status: 400,
      body: {
        success: false,
        code: 'events.start_past',
        message: 'date: the event must start in the future',
      },
    }));
    const { form } = await openForm();
    await fillRequired(form);
    await userEvent.click(form.getByRole('button', { name: 'Post Event' }));
    expect(await form.findByText('The event must start in the future.')).toBeInTheDocument();
    expect(form.getByLabelText('Date')).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByLabelText('Title')).toHaveValue('Neonatal resuscitation refresher');
  });

  it('Cancel asks before throwing typed input away', async () => {
    fakeApi(() => ({}));
    const { form, onCancel } = await openForm();
    await userEvent.type(form.getByLabelText('Title'), 'Half a thought');
    await userEvent.click(form.getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard this event?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(onCancel).not.toHaveBeenCalled();
    await userEvent.click(form.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
