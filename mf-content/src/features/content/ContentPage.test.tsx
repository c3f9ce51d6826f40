import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { UNAVAILABLE, resetSession } from '../../test/fixtures';
import ContentPage from './ContentPage';

beforeEach(resetSession);

type Text = { html: string; isDefault: boolean; updatedAt: string | null };
const set = (html: string): Text => ({ html, isDefault: false, updatedAt: '2026-11-01T08:00:00.000Z' });
const unset: Text = { html: '', isDefault: true, updatedAt: null };
const all = (en: Text, sw: Text = unset, fr: Text = unset) => ({ en, sw, fr });

const BLOCKS: Record<string, Record<'en' | 'sw' | 'fr', Text>> = {
  Hero: all(set('<p>Smarter HR for <strong>healthcare</strong> teams</p>'), set('<p>HR bora kwa afya</p>')),
  AboutUs: all(set('<p>We started in Nairobi.</p>'), unset, set('<p>Fondée à Nairobi.</p>')),
  coreDescription: all(unset),
  hiredescription: all(set('<p>Post jobs.</p>')),
  namedescription: all(set('<p>CPD events.</p>')),
  conectdescription: all(set('<p>Meet peers.</p>')),
};

function contentApi(writeAnswer: { status?: number; body?: unknown } = {}) {
  const blocks = JSON.parse(JSON.stringify(BLOCKS)) as typeof BLOCKS;
  return fakeApi((call) => {
    const [, , , , key, lang] = call.path.split('/') as [string, string, string, string, string, 'en'];
    if (call.method === 'PUT' || call.method === 'DELETE') {
      if ((writeAnswer.status ?? 200) >= 300) return writeAnswer;
      blocks[key]![lang] = call.method === 'PUT' ? set((call.body as { html: string }).html) : unset;
    }
    return { body: { success: true, blocks } };
  });
}

const block = (name: string) => screen.getByRole('region', { name });

describe('Content management', () => {
  it('shows the six blocks per language, "Default" on the languages still showing the page’s own text', async () => {
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
    const about = within(block('About us'));
    expect(about.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'English',
      'Kiswahili Default',
      'Français',
    ]);
    expect(about.getByRole('tab', { name: 'English' })).toHaveAttribute('aria-selected', 'true');
    expect(about.getByRole('tabpanel')).toHaveTextContent('We started in Nairobi.');
    expect(within(block('Hero')).getByText('healthcare').tagName).toBe('STRONG');
    expect(within(block('Core description')).getByRole('tabpanel')).toHaveTextContent(
      'The landing page shows its own English text (default).',
    );
    // No restore where there is nothing to restore.
    expect(within(block('Core description')).queryByRole('button', { name: /Restore/ })).toBeNull();
  });

  it('moves between languages with the arrow keys', async () => {
    contentApi();
    await renderScreen(<ContentPage />, { path: '/admin/content' });
    const about = within(await screen.findByRole('region', { name: 'About us' }));
    about.getByRole('tab', { name: 'English' }).focus();
    await userEvent.keyboard('{ArrowLeft}');
    const fr = about.getByRole('tab', { name: 'Français' });
    expect(fr).toHaveFocus();
    expect(fr).toHaveAttribute('aria-selected', 'true');
    expect(about.getByRole('tabpanel')).toHaveTextContent('Fondée à Nairobi.');
  });

  it('edits one language of one block with a live preview, leaving the others', async () => {
    const calls = contentApi();
    await renderScreen(<ContentPage />, { path: '/admin/content' });
    const about = within(await screen.findByRole('region', { name: 'About us' }));
    await userEvent.click(about.getByRole('tab', { name: 'Kiswahili Default' }));
    await userEvent.click(about.getByRole('button', { name: 'Edit About us in Kiswahili' }));
    // One block at a time: the others cannot be opened meanwhile.
    expect(screen.getByRole('button', { name: 'Edit Hero in English' })).toBeDisabled();
    const field = screen.getByRole('textbox', { name: 'About us in Kiswahili' });
    expect(field).toHaveTextContent('');
    await userEvent.click(field);
    await userEvent.keyboard('Tulianzia ');
    // Bold from the toolbar, which says it is on.
    const bold = screen.getByRole('button', { name: 'Bold' });
    await userEvent.click(bold);
    expect(bold).toHaveAttribute('aria-pressed', 'true');
    // The editor takes the focus back on the next frame: typing before that would type into the button.
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.keyboard('Kisumu');
    const preview = screen.getByRole('region', { name: 'Preview of About us' });
    expect(within(preview).getByText('Kisumu').tagName).toBe('STRONG');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('About us (Kiswahili) updated successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/content/blocks/AboutUs/sw',
      body: { html: '<p>Tulianzia <strong>Kisumu</strong></p>' },
    });
    expect(await about.findByText('Kisumu', { selector: 'strong' })).toBeInTheDocument();
    expect(about.getByRole('tabpanel')).toHaveTextContent('Tulianzia Kisumu');
    expect(about.getByRole('tab', { name: 'Kiswahili' })).toBeInTheDocument();
    await userEvent.click(about.getByRole('tab', { name: 'English' }));
    expect(about.getByRole('tabpanel')).toHaveTextContent('We started in Nairobi.');
    expect(screen.getByRole('button', { name: 'Edit Hero in English' })).toBeEnabled();
  });

  it('restores a language to its default after a confirmation', async () => {
    const calls = contentApi();
    await renderScreen(<ContentPage />, { path: '/admin/content' });
    const about = within(await screen.findByRole('region', { name: 'About us' }));
    await userEvent.click(about.getByRole('tab', { name: 'Français' }));
    await userEvent.click(about.getByRole('button', { name: 'Restore default: About us in Français' }));
    const dialog = screen.getByRole('dialog', { name: 'Restore the default About us in Français?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(about.getByRole('button', { name: 'Restore default: About us in Français' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Restore default' }),
    );
    expect(await screen.findByText('About us (Français) is back to the default.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({
      path: '/api/content/blocks/AboutUs/fr',
    });
    expect(await about.findByRole('tab', { name: 'Français Default' })).toBeInTheDocument();
    expect(about.getByRole('tabpanel')).toHaveTextContent(
      'The landing page shows its own Français text (default).',
    );
  });

  it('refuses empty content without a call, and Cancel keeps the saved text', async () => {
    const calls = contentApi();
    await renderScreen(<ContentPage />, { path: '/admin/content' });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Hero in English' }));
    const field = screen.getByRole('textbox', { name: 'Hero in English' });
    await userEvent.click(field);
    await userEvent.keyboard('{Control>}a{/Control}{Backspace}');
    expect(field).toHaveTextContent('');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Content cannot be empty');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(within(block('Hero')).getByText('healthcare')).toBeInTheDocument();
  });

  it('shows "Failed to save content" when the save is refused, keeping the draft', async () => {
    contentApi({ status: 500, body: { success: false, message: 'boom' } });
    await renderScreen(<ContentPage />, { path: '/admin/content' });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Hero in English' }));
    const field = screen.getByRole('textbox', { name: 'Hero in English' });
    await userEvent.click(field);
    await userEvent.keyboard('{Control>}a{/Control}Smarter HR, now');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('boom');
    expect(screen.getByRole('textbox', { name: 'Hero in English' })).toHaveTextContent('Smarter HR, now');
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
