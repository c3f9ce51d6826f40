import { Type, type Static } from '@sinclair/typebox';
import { baseServiceEnv, readServiceConfig, type ServiceConfig } from '@platform/service-kit';

/** The env schema: the platform's base variables and svc-content's own. The only place it reads process.env. */
const Env = Type.Object({
  ...baseServiceEnv(4005),
  /** Contact messages and demo requests stored per client address in an hour; more are refused (429). */
  FORMS_PER_ADDRESS_PER_HOUR: Type.Integer({ minimum: 1, maximum: 10_000, default: 5 }),
  /**
   * The producers whose admin actions the audit log keeps: npm start and compose set it from the module
   * descriptors (`service.recordsAdminActions`), so a new module needs no edit here.
   */
  AUDIT_PRODUCERS: Type.String({
    pattern: '^([a-z][a-z-]*(,[a-z][a-z-]*)*)?$',
    default: 'connect,content,events,identity',
  }),
});

export type ContentConfig = ServiceConfig<Static<typeof Env>>;

export function readConfig(env: Record<string, string | undefined> = process.env): ContentConfig {
  return readServiceConfig(Env, env);
}
