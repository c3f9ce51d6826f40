import type { App } from '@platform/service-kit';
import type { FuzzTarget } from '@platform/testing';
import { startContent } from './helpers';

/** The API fuzz test's svc-content (security/api-fuzz.int.test.ts): its tokens and real ids. */
export const fuzzTarget: FuzzTarget<App> = {
  name: 'svc-content',
  async start() {
    // The fuzz test sends several hundred form posts from one address.
    const ctx = await startContent({ FORMS_PER_ADDRESS_PER_HOUR: '10000' });
    const admin = ctx.persona('admin');
    const user = ctx.persona('user');
    const clinic = ctx.persona('Clinic');
    return {
      app: ctx.app,
      async fixtures() {
        // A post and a message of its own each time: a fuzzed delete may have ended the last ones.
        const post = await ctx.call('POST', '/api/blog/add', admin, { name: 'Fuzz post', data: '<p>x</p>' });
        if (post.statusCode !== 201) throw new Error(`blog: ${post.statusCode} ${post.body}`);
        await ctx.call('POST', '/api/content/contact-messages', undefined, {
          from_name: 'Fuzz',
          from_email: 'fuzz@example.org',
          from_message: 'Hello',
        });
        const [message] = (await ctx.call('GET', '/api/content/inbox?limit=1', admin)).json().data as {
          id: string;
        }[];
        const postId = (post.json() as { blog: { id: string } }).blog.id;
        return {
          tokens: { user: user.token, Clinic: clinic.token, admin: admin.token },
          idsFor: (path) => ({ id: path.startsWith('/api/content/inbox') ? [message!.id] : [postId] }),
        };
      },
      close: () => ctx.close(),
    };
  },
};
