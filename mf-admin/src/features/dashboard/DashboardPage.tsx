import { AdminFrame } from '../layout/AdminFrame';

export default function DashboardPage() {
  return <AdminFrame section="dashboard">{null}</AdminFrame>;
}
