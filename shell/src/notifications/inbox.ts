import { create } from 'zustand';
import { apiRequest } from '@platform/shell-state';
import type { MarkReadResponse, NotificationListResponse } from '@platform/contracts';

export const INBOX_PATH = '/api/user/notifications';
/** The bell looks again this often while the page is open (and whenever the window regains focus). */
export const POLL_MS = 60_000;

interface InboxState {
  /** Unread notices of the signed-in account; null until known. */
  unread: number | null;
  refresh(): Promise<void>;
  markRead(ids: string[] | 'all'): Promise<void>;
  reset(): void;
}

/** The bell's count, shared by the bell and the notifications page (marking read there updates the bell). */
export const useInbox = create<InboxState>()((set) => ({
  unread: null,
  async refresh() {
    const res = await apiRequest<NotificationListResponse>(`${INBOX_PATH}?limit=1`).catch(() => undefined);
    if (res?.ok) set({ unread: res.body.unread });
  },
  async markRead(ids) {
    const res = await apiRequest<MarkReadResponse>(`${INBOX_PATH}/read`, {
      body: ids === 'all' ? { all: true } : { ids },
    });
    if (res.ok) set({ unread: res.body.unread });
    else throw res;
  },
  reset: () => set({ unread: null }),
}));
