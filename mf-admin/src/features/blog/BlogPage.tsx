import { AdminFrame } from '../layout/AdminFrame';

export default function BlogPage() {
  return <AdminFrame section="blog">{null}</AdminFrame>;
}
