import { AdminFrame } from '../layout/AdminFrame';

export default function UsersPage() {
  return <AdminFrame section="users">{null}</AdminFrame>;
}
