import { useNavigate } from '@platform/router';
import { useRouteMeta, useTranslation } from '@platform/ui';
import DemoRequestForm from './DemoRequestForm';
import '../shared/core.css';

/** `/requestdemo`: the landing page's demo request on a page of its own (a link to share, no dialog). */
export default function RequestDemoPage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('demo.title'), t('meta.requestDemo'));
  const navigate = useNavigate();
  return (
    <div className="container narrow section">
      <h1>{t('demo.title')}</h1>
      <div className="card">
        <DemoRequestForm standalone onClose={() => navigate('/')} />
      </div>
    </div>
  );
}
