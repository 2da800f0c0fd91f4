/** Any URL no route matches: the server's data for it is the 404 that the root error screen shows. */
export default function NotFound() {
  return null;
}
