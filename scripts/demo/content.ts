import type { DemoAccounts } from './accounts';
import type { DemoClient, Log } from './client';

/**
 * EXTENSION POINT (svc-content): blog posts and the home page's content blocks. svc-content's API
 * (`POST /api/blog/add`, `POST /api/dashboard/upsert-main-components`, admin only) is not on this branch
 * yet; once it is, load the demo's posts and blocks here with `accounts.adminToken`, skipping a post whose
 * slug is already listed by `GET /api/blog/get`, as the other loaders do. Until then nothing is loaded.
 */
export async function loadContent(_client: DemoClient, _accounts: DemoAccounts, log: Log): Promise<number> {
  log('demo: blog posts and content blocks come with svc-content (not on this branch yet): none loaded');
  return 0;
}
