import { Type, type Static } from '@sinclair/typebox';
import { Widget } from './remotes';
import { NavEntry } from './navigation';

const ROLE_KEYS = {
  user: Type.Optional(Type.String({ pattern: '^/' })),
  Clinic: Type.Optional(Type.String({ pattern: '^/' })),
  admin: Type.Optional(Type.String({ pattern: '^/' })),
};

/**
 * One module of the platform, described once (`<service folder>/module.json`): the gateway's route
 * table, the remotes manifest, `npm start`, docker-compose.yml and the shell's navigation are all
 * derived from these. A new module is its folder pair, its contracts and this file.
 */
export const ModuleDescriptor = Type.Object(
  {
    /** Lower-case id: `hire`. */
    name: Type.String({ pattern: '^[a-z][a-z0-9-]*$' }),
    /** English name in operators' messages ("The Hire service is temporarily unavailable"). */
    label: Type.String({ minLength: 1 }),
    /**
     * Every deployment runs it, whatever `MODULES` names: the accounts and sign-in (identity) and the
     * public site with its login pages (core) every product needs.
     */
    essential: Type.Optional(Type.Boolean()),
    /** The team that owns the module's folders (`@afyahr/hire`): .github/CODEOWNERS is generated from it. */
    team: Type.Optional(Type.String({ pattern: '^@[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)?$' })),
    /** Files outside its folder pair the team also owns (identity's contract in packages/contracts, a bench). */
    owns: Type.Optional(Type.Array(Type.String({ pattern: '^/[A-Za-z0-9_./-]+$' }))),
    service: Type.Optional(
      Type.Object(
        {
          /** Workspace folder: `svc-hire`. */
          folder: Type.String({ pattern: '^svc-[a-z0-9-]+$' }),
          /** Path prefixes its API answers; the gateway sends `<prefix>` and `<prefix>/*` there. */
          apiPrefixes: Type.Array(Type.String({ pattern: '^/api/[a-z][a-z0-9-]*$' }), { minItems: 1 }),
          /**
           * Routes taking bodies larger than the gateway's small default (`BODY_LIMIT_BYTES`): the
           * gateway allows `maxBytes` on exactly that method and path (under one of `apiPrefixes`),
           * nowhere else.
           */
          uploads: Type.Optional(
            Type.Array(
              Type.Object(
                {
                  method: Type.Union([Type.Literal('POST'), Type.Literal('PUT'), Type.Literal('PATCH')]),
                  path: Type.String({ pattern: '^/api/[a-z][a-z0-9/-]*$' }),
                  maxBytes: Type.Integer({ minimum: 1024, maximum: 50 * 1024 * 1024 }),
                },
                { additionalProperties: false },
              ),
            ),
          ),
          /** The gateway's variable holding the service's URL: `HIRE_URL`. */
          urlVariable: Type.String({ pattern: '^[A-Z][A-Z0-9_]*_URL$' }),
          /** Port in containers (Compose) and when run alone. */
          port: Type.Integer({ minimum: 1024, maximum: 65535 }),
          /** The event stream it owns and alone may publish to (`hire` -> `hire.>`). */
          producer: Type.Optional(Type.String({ pattern: '^[a-z][a-z-]*$' })),
          /** Durable consumers of other producers' events (its projections): they shape its NATS permissions. */
          consumes: Type.Optional(
            Type.Array(
              Type.Object(
                {
                  producer: Type.String({ pattern: '^[a-z][a-z-]*$' }),
                  /** `<service>__<purpose>`, e.g. `svc-hire__user-sync`. */
                  durable: Type.String({ pattern: '^svc-[a-z0-9-]+__[a-z0-9-]+$' }),
                  filter: Type.String({ minLength: 1 }),
                },
                { additionalProperties: false },
              ),
            ),
          ),
          /**
           * What every instance reads for itself (an ephemeral consumer from a start time, not a durable one
           * shared by the instances): events that tell each instance to forget what it keeps in memory
           * (svc-connect follows its own `connect.directory.>`). Logouts are followed by every process anyway.
           */
          follows: Type.Optional(
            Type.Array(
              Type.Object(
                {
                  producer: Type.String({ pattern: '^[a-z][a-z-]*$' }),
                  filter: Type.String({ minLength: 1 }),
                },
                { additionalProperties: false },
              ),
            ),
          ),
          /**
           * It asks the platform inbox to notify people (`<producer>.notification.requested.v1`): the inbox
           * service consumes its notices and may read that subject.
           */
          notifies: Type.Optional(Type.Boolean()),
          /** It keeps the platform inbox (svc-identity): it consumes every notifying module's notices. */
          inbox: Type.Optional(Type.Boolean()),
          /**
           * It records admin actions (`<producer>.admin-action.recorded.v1`, event-bus's `recordAdminAction`):
           * the audit log (svc-content) consumes them with no edit of its own.
           */
          recordsAdminActions: Type.Optional(Type.Boolean()),
          /** It keeps the audit log (svc-content): it consumes every `recordsAdminActions` module's admin actions. */
          keepsAuditLog: Type.Optional(Type.Boolean()),
          /**
           * Its per-client limits (@fastify/rate-limit) are counted once for all its instances, in its own NATS
           * key-value bucket `<folder>-rate-limits` (service-kit's `sharedRateLimitStore`): its NATS user may
           * read and write that bucket's keys, which the user `streams` makes.
           */
          sharedRateLimits: Type.Optional(Type.Boolean()),
          /** Only svc-identity signs tokens: it gets the private key. */
          signsTokens: Type.Optional(Type.Boolean()),
          /**
           * Variables this service reads beyond the platform's base set (`baseServiceEnv`), each with
           * `=<default>` if it has one, then what it is for: `.env.example` is generated from these.
           */
          environment: Type.Optional(
            Type.Record(Type.String({ pattern: '^[A-Z][A-Z0-9_]*$' }), Type.String()),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    remote: Type.Optional(
      Type.Object(
        {
          /** Federation name: `mf_hire`. */
          name: Type.String({ pattern: '^mf_[a-z]+$' }),
          /** Workspace folder: `mf-hire`; its build is served at /mf/<folder>/. */
          folder: Type.String({ pattern: '^mf-[a-z0-9-]+$' }),
          /** Route prefixes it owns: `/hire` owns `/hire` and everything under it. */
          routes: Type.Array(Type.String({ pattern: '^/' }), { minItems: 1 }),
          widgets: Type.Optional(Type.Array(Widget)),
          /**
           * Page paths whose HTML the build prerenders for a visitor who is not signed in, in every
           * language: the gateway serves that HTML while it still matches the shell and this remote's
           * builds, so the page paints before any script runs. Public pages only. A page that loads its
           * data (a board, `/hire`) is prerendered as it stands while the data loads (heading, filters,
           * navbar), and served for its URL without a query string only; an item route (`/hire/:id`)
           * likewise, for every path it matches.
           */
          prerender: Type.Optional(
            Type.Array(Type.String({ pattern: '^(/|(/([a-z0-9-]+|:[a-z][a-zA-Z]*))+)$' })),
          ),
          /**
           * Link previews (Open Graph) for page routes a crawler fetches: for a GET of `route`
           * (`:name` segments), the gateway asks the service's `api` (same names substituted) for
           * `{ data: { title, description } }` and puts them, escaped, into the shell's index.html.
           */
          previews: Type.Optional(
            Type.Array(
              Type.Object(
                {
                  route: Type.String({ pattern: '^/' }),
                  api: Type.String({ pattern: '^/api/' }),
                },
                { additionalProperties: false },
              ),
            ),
          ),
          /**
           * The public GET a page's first screen makes (`/hire/:id` -> `/api/job/:id`, same names
           * substituted): the gateway asks the browser to fetch it with the page
           * (`<link rel="preload" as="fetch">`), in parallel with the code rather than after it. Only
           * for a page URL without a query string, and `api` must be exactly the page's own request.
           * Where the remote builds a renderer of its first screens (`dist-server/`, packages/mf-config),
           * the gateway also asks for it and puts the page's first screen, drawn with it, into the HTML.
           */
          firstData: Type.Optional(
            Type.Array(
              Type.Object(
                {
                  route: Type.String({ pattern: '^/' }),
                  api: Type.String({ pattern: '^/api/' }),
                },
                { additionalProperties: false },
              ),
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    navigation: Type.Optional(Type.Array(NavEntry)),
    footer: Type.Optional(Type.Array(NavEntry)),
    /** Where each role's Dashboard button leads, for the roles this module serves. */
    dashboards: Type.Optional(Type.Object(ROLE_KEYS, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type ModuleDescriptor = Static<typeof ModuleDescriptor>;
