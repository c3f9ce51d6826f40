import type { ComponentType } from 'react';

export {
  initI18n,
  applyLanguage,
  preloadNamespaces,
  registerNamespace,
  addTextsOnLoad,
  localeOf,
  LANGUAGES,
  type Language,
} from './i18n';
export { useTranslation } from './use-translation';
export { useHydrated } from './hydrated';
export { pageTitle, takeRenderedMeta, usePageMeta, useRouteMeta } from './page-meta';
export { Button, type ButtonProps } from './components/Button';
export { Spinner } from './components/Spinner';
export { Alert } from './components/Alert';
export { Modal, ModalCancel } from './components/Modal';
export { ConfirmDialog } from './components/ConfirmDialog';
export { Accordion, type AccordionItem } from './components/Accordion';
export { ToastProvider, useToast, TOAST_MS, type ToastKind } from './components/Toast';
export { TextField, TextArea, SelectField } from './components/Fields';
export { FormErrors } from './components/FormErrors';
import type { LazyPage } from './lazy-page';
export { LanguageSwitcher } from './components/LanguageSwitcher';

/**
 * What a remote's `./routes` module exports by default: its pages by full path (`/hire`, `/hire/:id`).
 * The shell mounts those under the route prefixes the manifest gives the remote; the remote routes inside.
 */
export type RemoteRoutes = Array<{ path: string; Component: ComponentType | LazyPage }>;
export { lazyPage, type LazyPage } from './lazy-page';
export { EMAIL, useForm, failureText, type FormOptions, type FormState } from './forms';
export { formatMoney, formatSalary, useSalaryFormat, type SalaryWords } from './money';
export { useMediaQuery } from './media-query';
export { useScrollToHash } from './scroll-to-hash';
export { Avatar } from './components/Avatar';
export { Pager } from './components/Pager';
export { ListStatus } from './components/ListStatus';
export { LoadingRegion, usePendingLoad } from './components/LoadingRegion';
export { FirstScreen } from './components/FirstScreen';
export { SafeHtml, sanitizeHtml } from './components/SafeHtml';
export { FilterPanel } from './components/FilterPanel';
export { saveFile, useFileDownload } from './files';
export {
  dateTimeFormat,
  formatDateTime,
  prepareDateFormats,
  swahiliClock,
  useDateFormat,
  useDateTimeFormat,
  usePreparedDateFormats,
} from './dates';
