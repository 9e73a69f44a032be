/**
 * Route guards of spec section 2 and the session-expiry redirect of section 8. Guards read the
 * session store, so a login, a logout or an expired refresh re-renders them at once.
 */
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '../config/paths.ts';
import { setSessionExpiredHandler } from './api-client.ts';
import { isSessionExpired, peekRedirect, rememberRedirect, useIsLoggedIn } from '../stores/session.ts';
import { STORAGE_KEYS, removeKey } from '../storage/index.ts';

/** Login-required pages: a visitor goes to /login and the path (with its query) is remembered. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const loggedIn = useIsLoggedIn();
  const { pathname, search } = useLocation();
  if (!loggedIn) {
    // The HTTP client is taking an expired session to /logout: no detour through /login.
    if (isSessionExpired()) return null;
    // Idempotent, so safe in render (StrictMode renders twice).
    rememberRedirect(pathname + search);
    return <Navigate to={paths.login} replace />;
  }
  return children;
}

/** Guest-only pages: a logged-in customer goes to the remembered path (then forgotten), else /. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const loggedIn = useIsLoggedIn();
  if (loggedIn) return <RedirectRemembered />;
  return children;
}

function RedirectRemembered() {
  // Read in render, forgotten in an effect: a second StrictMode render must read the same path.
  const to = peekRedirect() ?? paths.home;
  useEffect(() => {
    removeKey(STORAGE_KEYS.redirecionar);
  }, []);
  return <Navigate to={to} replace />;
}

/** Lets the HTTP client (outside React) send an expired session to /logout without a reload. */
export function useSessionExpiredRedirect(): void {
  const navigate = useNavigate();
  useEffect(() => {
    setSessionExpiredHandler((to) => {
      void navigate(to, { replace: true });
    });
    return () => setSessionExpiredHandler(null);
  }, [navigate]);
}
