/** The `free` layout: no chrome at all (printable documents, the kitchen screen). */
import { Outlet } from 'react-router';

export default function FreeLayout() {
  return <Outlet />;
}
