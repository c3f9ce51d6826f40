import type { ComponentType } from 'react';

export { initI18n, registerNamespace, localeOf, LANGUAGES, type Language } from './i18n';
export { useTranslation } from './use-translation';
export { Button, type ButtonProps } from './components/Button';
export { Spinner } from './components/Spinner';
export { Alert } from './components/Alert';
export { Modal } from './components/Modal';
export { ConfirmDialog } from './components/ConfirmDialog';
export { Accordion, type AccordionItem } from './components/Accordion';
export { ToastProvider, useToast, TOAST_MS, type ToastKind } from './components/Toast';
export { TextField, TextArea, SelectField } from './components/Fields';
export { LanguageSwitcher } from './components/LanguageSwitcher';

/** What a remote's `./routes` module exports by default: the shell mounts each path. */
export type RemoteRoutes = Array<{ path: string; Component: ComponentType }>;
export { EMAIL, useForm, failureText } from './forms';
