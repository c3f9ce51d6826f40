import { AdminFrame } from '../layout/AdminFrame';

export default function ContentPage() {
  return <AdminFrame section="content">{null}</AdminFrame>;
}
