export {
  useSession,
  dashboardPath,
  journeyQuery,
  landingPath,
  loginPath,
  nextPath,
  type Role,
  type SessionUser,
} from './session';
export { useLanguage, LANGUAGES, type Language } from './language';
export { apiRequest, apiFile, ApiNetworkError, type ApiResult } from './api';
export { useSiteMap, navLabel, type SiteMap } from './site-map';
export { settleFirstRender, firstRenderLanguage } from './first-render';
