import type { HomeBlock } from '@platform/contracts/values';
import type { BlogPost } from '@platform/svc-content/contract';
import type { DemoAccounts } from './accounts';
import type { DemoClient, Log } from './client';

/** Fictional posts of the demo's blog (clearly so: the platform's own voice, no real people). */
const POSTS: Array<{ name: string; data: string }> = [
  {
    name: 'Five things to check before a nurse’s licence renewal',
    data:
      '<p>Renewing a practising licence is easier when the paperwork is ready early.</p>' +
      '<ol><li>CPD points for the year, with certificates.</li><li>A current national ID.</li>' +
      '<li>The employer’s letter.</li><li>Fees paid through the official channel.</li>' +
      '<li>A reminder set a month before the expiry date.</li></ol>' +
      '<p>Events in AfyaHR issue CPD certificates at check-in, so the first item gathers itself.</p>',
  },
  {
    name: 'Running a rota for a 24-hour maternity unit',
    data:
      '<p>A demo story: how a fictional clinic in Kisumu moved from a paper rota to a shared one.</p>' +
      '<h3>What changed</h3><p>Swaps are asked for and approved in one place, and nobody works three nights in a row by accident.</p>',
  },
  {
    name: 'Hiring a clinical officer in under two weeks',
    data: '<p>Post the job with its salary range, read applications with the CV beside them, and answer every applicant: accepted or not, with a short message.</p>',
  },
];

/** The home page's blocks as the demo shows them (the landing page falls back to its own texts without them). */
const BLOCKS: Partial<Record<HomeBlock, string>> = {
  AboutUs:
    '<p>AfyaHR is built for clinics, hospitals, rehabilitation and diagnostic centres in Eastern Africa, and for the doctors, nurses and support staff who work in them.</p>',
};

/**
 * Blog posts and the home page's blocks, through svc-content's admin calls. A post whose title the blog
 * already lists is skipped, and a block that is already written is left as it is, so loading twice adds
 * nothing and never overwrites what an admin wrote.
 */
export async function loadContent(client: DemoClient, accounts: DemoAccounts, log: Log): Promise<number> {
  const token = accounts.adminToken;
  const { body: listed } = await client.call<{ data: BlogPost[]; pageInfo: { total: number } }>(
    'GET',
    '/api/blog/admin?limit=100',
    { token },
  );
  const titles = new Set(listed.data.map((p) => p.name));
  let posts = 0;
  for (const post of POSTS) {
    if (titles.has(post.name)) continue;
    await client.call('POST', '/api/blog/add', { token, body: { ...post, status: 'published' } });
    posts++;
  }
  const { body: home } = await client.call<{ components: Record<HomeBlock, string> }>(
    'GET',
    '/api/dashboard/main-components',
  );
  for (const [key, html] of Object.entries(BLOCKS) as [HomeBlock, string][])
    if (!home.components[key])
      await client.call('POST', '/api/dashboard/upsert-main-components', { token, body: { [key]: html } });
  log(`demo: ${posts} blog posts added`);
  return posts;
}
