import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '@platform/ui/testing';
import { resetSession } from '../../test/fixtures';
import { RichTextEditor } from './RichTextEditor';

beforeEach(resetSession);

let saved = '';
function Harness({ initial }: { initial: string }) {
  const [html, setHtml] = useState(initial);
  saved = html;
  return <RichTextEditor label="Blog post" hint="Formatting" value={html} onChange={setHtml} />;
}

describe('the rich-text editor', () => {
  it('is one tab stop of a toolbar, moved along with the arrow keys', async () => {
    await renderScreen(<Harness initial="<p>Hello</p>" />, { path: '/admin/content' });
    const toolbar = await screen.findByRole('toolbar', { name: 'Formatting: Blog post' });
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Italic' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('button', { name: 'Link' })).toHaveFocus();
    // Leaving the toolbar reaches the text, named by its label and described by its hint.
    await userEvent.tab();
    const text = screen.getByRole('textbox', { name: 'Blog post' });
    expect(text).toHaveFocus();
    expect(text).toHaveAccessibleDescription('Formatting');
    expect(toolbar).toBeInTheDocument();
  });

  it('makes headings, and links only to addresses the site keeps', async () => {
    await renderScreen(<Harness initial="" />, { path: '/admin/content' });
    const text = await screen.findByRole('textbox', { name: 'Blog post' });
    await userEvent.click(text);
    await userEvent.click(screen.getByRole('button', { name: 'Heading' }));
    // The editor takes the focus back on the next frame: typing before that would type into the button.
    await waitFor(() => expect(text).toHaveFocus());
    await userEvent.keyboard('Shifts');
    expect(saved).toBe('<h2>Shifts</h2>');
    await userEvent.keyboard('{Control>}a{/Control}');
    await userEvent.click(screen.getByRole('button', { name: 'Link' }));
    const address = screen.getByRole('textbox', { name: 'Link address' });
    await userEvent.type(address, 'javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: 'Apply link' }));
    expect(address).toHaveAccessibleDescription(
      'Use an address starting with https://, http://, mailto: or /',
    );
    expect(saved).not.toContain('href');
    await userEvent.clear(address);
    await userEvent.type(address, '/pricing');
    await userEvent.click(screen.getByRole('button', { name: 'Apply link' }));
    expect(saved).toContain('<a');
    expect(saved).toContain('href="/pricing"');
    expect(screen.queryByRole('textbox', { name: 'Link address' })).toBeNull();
  });
});
