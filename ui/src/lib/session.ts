import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { apiPost } from './api';

/** Logout: ends the session on the server, then leaves for /login (the root loader clears the user). */
export function useLogout() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const logout = useCallback(async () => {
    setBusy(true);
    try {
      await apiPost('/api/auth/logout');
      navigate('/login', { replace: true });
    } finally {
      setBusy(false);
    }
  }, [navigate]);
  return { logout, busy };
}
