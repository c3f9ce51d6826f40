import { AdminFrame } from '../layout/AdminFrame';

export default function AuditPage() {
  return <AdminFrame section="audit">{null}</AdminFrame>;
}
