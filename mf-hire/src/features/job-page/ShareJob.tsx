import type { Job } from '@platform/svc-hire/contract';
import { Button, useToast, useTranslation } from '@platform/ui';

/**
 * The job page's address, absolute: what a message or a link preview needs. `origin` is the site's
 * (the page's own; the gateway's public address when the first screen is drawn on the server).
 */
export const jobUrl = (job: Job, origin: string) => `${origin}/hire/${job.id}`;

/** WhatsApp's share link: its text is the title and the page's address. */
export const whatsAppLink = (job: Job, origin: string) =>
  `https://wa.me/?text=${encodeURIComponent(`${job.title} ${jobUrl(job, origin)}`)}`;

/** The Clipboard API where the page may use it, else the older copy command on a hidden field. */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, not a secure context): try the fallback.
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.appendChild(field);
  field.select();
  try {
    return document.execCommand?.('copy') ?? false;
  } catch {
    return false;
  } finally {
    field.remove();
  }
}

/** Share a job: on WhatsApp (a new tab) or by copying its link. */
export function ShareJob({ job, origin }: { job: Job; origin: string }) {
  const { t } = useTranslation('hire');
  const toast = useToast();
  async function copy() {
    const url = jobUrl(job, origin);
    if (await copyText(url)) toast.show({ kind: 'success', message: t('share.copied') });
    else toast.show({ kind: 'error', message: t('share.copyFailed', { url }) });
  }
  return (
    <div className="job-actions share" role="group" aria-label={t('share.label')}>
      <a
        className="btn btn-secondary"
        href={whatsAppLink(job, origin)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('share.whatsappName', { title: job.title })}
      >
        {t('share.whatsapp')}
      </a>
      <Button variant="secondary" onClick={() => void copy()}>
        {t('share.copy')}
      </Button>
    </div>
  );
}
