import { AdminFrame } from '../layout/AdminFrame';

export default function InboxPage() {
  return <AdminFrame section="inbox">{null}</AdminFrame>;
}
