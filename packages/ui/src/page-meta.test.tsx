import { render } from '@testing-library/react';
import { usePageMeta } from './page-meta';

function JobHead({ meta }: { meta: { title: string; description?: string } | null }) {
  usePageMeta(meta);
  return null;
}

const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');

describe('usePageMeta', () => {
  it("sets the tab's title and the description a shared link shows, and puts the site's back after", () => {
    document.title = 'AfyaHR';
    const { rerender, unmount } = render(<JobHead meta={null} />);
    expect(document.title).toBe('AfyaHR');
    rerender(
      <JobHead meta={{ title: 'Night Nurse at Nakuru Clinic | AfyaHR', description: 'Night shifts.' }} />,
    );
    expect(document.title).toBe('Night Nurse at Nakuru Clinic | AfyaHR');
    expect(description()).toBe('Night shifts.');
    unmount();
    expect(document.title).toBe('AfyaHR');
    expect(description()).toBe('');
  });
});
