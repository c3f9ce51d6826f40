import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { UNAVAILABLE, resetSession } from '../../test/fixtures';
import ContentPage from './ContentPage';

beforeEach(resetSession);

const BLOCKS = {
  Hero: '<p>Smarter HR for <strong>healthcare</strong> teams</p>',
  AboutUs: '<p>We started in Nairobi.</p>',
  coreDescription: '',
  hiredescription: '<p>Post jobs.</p>',
  namedescription: '<p>CPD events.</p>',
  conectdescription: '<p>Meet peers.</p>',
};

function contentApi(saveAnswer: { status?: number; body?: unknown } = { body: { success: true } }) {
  let blocks = { ...BLOCKS };
  return fakeApi((call) => {
    if (call.method === 'POST') {
      if ((saveAnswer.status ?? 200) < 300) blocks = { ...blocks, ...(call.body as object) };
      return saveAnswer;
    }
    return { body: { success: true, components: blocks } };
  });
}

const block = (name: string) => screen.getByRole('region', { name });

describe('Content management', () => {
  it('shows the six blocks as the public page renders them, "No content provided yet" for an empty one', async () => {
    contentApi();
    await renderScreen(<ContentPage />, { path: '/admin/content' });
    expect(await screen.findByRole('heading', { name: 'Hero', level: 2 })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Hero',
      'About us',
      'Core description',
      'Hire description',
      'Events description',
      'Connect description',
    ]);
    expect(within(block('Hero')).getByText('healthcare').tagName).toBe('STRONG');
    expect(within(block('Core description')).getByText('No content provided yet')).toBeInTheDocument();
  });

  it('edits one block at a time with a live preview, and says "About us updated successfully!"', async () => {
    const calls = contentApi();
    await renderScreen(<ContentPage />, { path: '/admin/content' });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit About us' }));
    // One block at a time: the others cannot be opened meanwhile.
    expect(screen.getByRole('button', { name: 'Edit Hero' })).toBeDisabled();
    const field = screen.getByRole('textbox', { name: 'About us (HTML)' });
    expect(field).toHaveValue('<p>We started in Nairobi.</p>');
    await userEvent.clear(field);
    await userEvent.type(field, '<p>Founded in Kisumu<img src=x onerror=alert(1)></p>');
    const preview = screen.getByRole('region', { name: 'Preview of About us' });
    expect(preview).toHaveTextContent('Founded in Kisumu');
    expect(preview.querySelector('img')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('About us updated successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/dashboard/upsert-main-components',
      body: { AboutUs: '<p>Founded in Kisumu<img src=x onerror=alert(1)></p>' },
    });
    // Shown again as saved (the service's copy), and the others can be edited again.
    expect(await within(block('About us')).findByText('Founded in Kisumu')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Hero' })).toBeEnabled();
  });

  it('refuses empty content without a call, and Cancel keeps the saved text', async () => {
    const calls = contentApi();
    await renderScreen(<ContentPage />, { path: '/admin/content' });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Hero' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Hero (HTML)' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Hero (HTML)' }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Content cannot be empty');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(within(block('Hero')).getByText('healthcare')).toBeInTheDocument();
  });

  it('shows "Failed to save content" when the save is refused, keeping the draft', async () => {
    contentApi({ status: 500, body: { success: false, message: 'boom' } });
    await renderScreen(<ContentPage />, { path: '/admin/content' });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Hero' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Hero (HTML)' }), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('boom');
    expect(screen.getByRole('textbox', { name: 'Hero (HTML)' })).toHaveValue(`${BLOCKS.Hero}!`);
  });

  it('says "Failed to load content" and why while svc-content is not running', async () => {
    fakeApi(() => UNAVAILABLE);
    await renderScreen(<ContentPage />, { path: '/admin/content' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load content This part of AfyaHR is temporarily unavailable.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
