import { useDateTimeFormat } from '@platform/ui';

/** A date with its time, as the reader's language writes it (in Swahili, on the Swahili clock). */
export const useDateTime = (): ((iso: string) => string) => useDateTimeFormat();
