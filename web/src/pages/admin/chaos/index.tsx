import { NotBuiltYet } from '../../../ui/NotBuiltYet.tsx';

export default function Page() {
  return <NotBuiltYet title="写随笔" />;
}
