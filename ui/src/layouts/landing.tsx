/** The `landing` layout: public pages (home, sign-up, sign-in, password reset, e-mail check). */
import { Link, Outlet } from 'react-router';

export default function LandingLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-gray-50 text-gray-900 dark:bg-gray-950 dark:text-gray-100">
      <header className="border-b border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
        <div className="mx-auto flex max-w-5xl items-center justify-between px-4 py-3">
          <Link to="/" className="text-xl font-bold text-primary-700 dark:text-primary-500">
            Mostrador
          </Link>
          <nav className="flex gap-4 text-sm">
            <Link to="/login" className="hover:text-primary-700">
              Iniciar sesión
            </Link>
            <Link to="/register" className="hover:text-primary-700">
              Crear cuenta
            </Link>
          </nav>
        </div>
      </header>
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-10">
        <Outlet />
      </main>
      <footer className="py-6 text-center text-xs text-gray-500">Mostrador · Hecho para los negocios del Ecuador</footer>
    </div>
  );
}
