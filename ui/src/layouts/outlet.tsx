/** A grouping route with no frame of its own (its children render in the parent's layout). */
import { Outlet } from 'react-router';

export default function OutletLayout() {
  return <Outlet />;
}
