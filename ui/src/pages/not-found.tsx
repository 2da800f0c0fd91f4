/** Any URL no route matches: its loader raises the 404 that the root error screen shows. */
import { data, type LoaderFunctionArgs } from 'react-router';
import { messages } from '../i18n/messages';

export function loader({ request }: LoaderFunctionArgs): never {
  throw data(`${messages.pageNotFound} ${new URL(request.url).pathname}`, { status: 404 });
}

export default function NotFound() {
  return null;
}
