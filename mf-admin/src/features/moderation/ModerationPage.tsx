import { AdminFrame } from '../layout/AdminFrame';

export default function ModerationPage() {
  return <AdminFrame section="moderation">{null}</AdminFrame>;
}
