import { Suspense, lazy, useState } from 'react';
import { Button, Modal, Spinner, useTranslation } from '@platform/ui';

// The form's code downloads only when someone opens it.
const DemoRequestForm = lazy(() => import('./DemoRequestForm'));

export function DemoButton({ variant = 'secondary' }: { variant?: 'primary' | 'secondary' }) {
  const { t } = useTranslation('core');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)}>
        {t('hero.requestDemo')}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={t('demo.title')}>
        <Suspense fallback={<Spinner label="…" />}>
          <DemoRequestForm onClose={() => setOpen(false)} />
        </Suspense>
      </Modal>
    </>
  );
}
