import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endpoint, useApiQuery } from '@platform/data';
import { apiRequest, ApiNetworkError, useSession, type ApiResult } from '@platform/shell-state';
import { Alert, Button } from '@platform/ui';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, resetSession } from '../../test/fixtures';
import { useSubmit, type SubmitOptions } from './hr-access';

type Answer = ApiResult<{ data?: { name: string }; code?: string }>;
const LIST = '/api/core/things';
const send = () => apiRequest<{ data?: { name: string }; code?: string }>(LIST, { body: { name: 'Ward 4' } });

/** A list on screen (so a refresh loads it again) and a button sending through `useSubmit`. */
function Probe({ call = send, options }: { call?: () => Promise<Answer>; options?: SubmitOptions<Answer> }) {
  const { submit, busy, message } = useSubmit();
  const list = useApiQuery(endpoint<{ data: string[] }>(LIST));
  return (
    <>
      <p>Things: {list.data?.data.join(', ')}</p>
      <Button loading={busy} onClick={() => void submit(call, options)}>
        Send
      </Button>
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
    </>
  );
}

beforeEach(() => {
  resetSession();
  useSession.getState().signIn('token', AMINA);
});

describe('useSubmit', () => {
  it('says it worked, loads the lists again, then calls done, in that order', async () => {
    const order: string[] = [];
    let things = ['Ward 1'];
    const calls = fakeApi(({ method }) => {
      if (method === 'GET') {
        order.push('refresh');
        return { body: { data: things } };
      }
      things = [...things, 'Ward 4'];
      return { status: 201, body: { success: true, data: { name: 'Ward 4' } } };
    });
    const done = jest.fn(() => order.push('done'));
    await renderScreen(
      <Probe
        options={{
          success: (res) => {
            order.push('success');
            return `Added ${res.body.data!.name}.`;
          },
          refresh: [LIST],
          done,
        }}
      />,
    );
    expect(await screen.findByText('Things: Ward 1')).toBeInTheDocument();
    order.length = 0;
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Added Ward 4.')).toBeInTheDocument();
    expect(screen.getByText('Things: Ward 1, Ward 4')).toBeInTheDocument();
    await waitFor(() => expect(done).toHaveBeenCalledTimes(1));
    expect(order).toEqual(['success', 'refresh', 'done']);
    expect(done.mock.calls[0]).toEqual([expect.objectContaining({ ok: true, status: 201 })]);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it("says a refusal in the page's language, and neither reloads nor calls done", async () => {
    const calls = fakeApi(({ method }) =>
      method === 'GET'
        ? { body: { data: ['Ward 1'] } }
        : { status: 409, body: { success: false, message: 'That name is taken.' } },
    );
    const done = jest.fn();
    await renderScreen(<Probe options={{ success: 'Added.', refresh: [LIST], done }} />);
    await screen.findByText('Things: Ward 1');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('That name is taken.')).toBeInTheDocument();
    expect(screen.queryByText('Added.')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(1);
    expect(done).not.toHaveBeenCalled();
  });

  it('leaves a refusal its form answers itself (refused) unsaid', async () => {
    fakeApi(({ method }) =>
      method === 'GET'
        ? { body: { data: [] } }
        : {
            status: 409,
            body: { success: false, code: 'core.roster_rule_broken', message: 'Breaks a rule.' },
          },
    );
    const refused = jest.fn((res: Answer) => res.body.code === 'core.roster_rule_broken');
    await renderScreen(<Probe options={{ refused }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(refused).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
    expect(screen.queryByText('Breaks a rule.')).not.toBeInTheDocument();
  });

  it('says a call that threw: no answer at all, or an unexpected error', async () => {
    fakeApi(() => ({ body: { data: [] } }));
    const { unmount } = await renderScreen(
      <Probe call={() => Promise.reject(new ApiNetworkError())} options={{ success: 'Added.' }} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('We could not reach AfyaHR. Check your connection and try again.'),
    ).toBeInTheDocument();
    unmount();

    await renderScreen(<Probe call={() => Promise.reject(new Error('boom'))} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Could not load this. Please try again.')).toBeInTheDocument();
  });

  it('is busy while the call runs, and clears what was said before sending again', async () => {
    fakeApi(({ method }) =>
      method === 'GET' ? { body: { data: [] } } : { status: 400, body: { message: 'Not yet.' } },
    );
    let answer!: (res: Answer) => void;
    let first = true;
    const call = () => {
      if (first) {
        first = false;
        return send();
      }
      return new Promise<Answer>((resolve) => (answer = resolve));
    };
    await renderScreen(<Probe call={call} options={{ success: 'Added.' }} />);
    const button = screen.getByRole('button', { name: 'Send' });
    await userEvent.click(button);
    expect(await screen.findByText('Not yet.')).toBeInTheDocument();

    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(button).toBeDisabled();
    expect(screen.queryByText('Not yet.')).not.toBeInTheDocument();

    answer({ ok: true, status: 200, body: {} });
    expect(await screen.findByText('Added.')).toBeInTheDocument();
    expect(button).not.toHaveAttribute('aria-busy');
    expect(button).toBeEnabled();
  });
});
