import { useState } from 'react';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../test/screen';
import { useForm } from '../forms';
import { TextField } from './Fields';
import { Modal, ModalCancel } from './Modal';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Apply</button>
      <Modal open={open} onClose={() => setOpen(false)} title="Apply for Night Nurse">
        <form>
          <label>
            Full name <input />
          </label>
          <button type="submit">Submit application</button>
        </form>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('opens as a modal dialog named by its title, keeps focus inside and gives it back on Escape', async () => {
    await renderScreen(<Page />);
    const opener = await screen.findByRole('button', { name: 'Apply' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Apply for Night Nurse' });
    // Opened with showModal: the top layer, the rest of the page inert.
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog).toHaveAttribute('open');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();

    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Submit application' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();

    // Escape makes the browser send `cancel` to the dialog.
    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});

function FormInside() {
  const f = useForm<{ note: string }, 'required'>('ui', { note: '' }, 'form');
  return (
    <form>
      <TextField label="Note" {...f.field('note')} />
      <ModalCancel>Cancel</ModalCancel>
    </form>
  );
}

describe('Modal with a form inside (useForm)', () => {
  it('asks "Discard your changes?" only once something was typed', async () => {
    const onClose = jest.fn();
    await renderScreen(
      <Modal open onClose={onClose} title="Write a note">
        <FormInside />
      </Modal>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);

    await userEvent.type(screen.getByLabelText('Note'), 'half a thought');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(within(ask).getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
