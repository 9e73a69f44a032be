import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { getVisitedEstablishmentPath } from '../../storage/index.ts';

/**
 * Goes back in the app's own history; on a page opened directly (nothing to go back to inside
 * Rango) it goes to the last visited establishment, else home, so the button is never dead.
 */
export function useBack(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (location.key !== 'default') void navigate(-1);
    else void navigate(getVisitedEstablishmentPath() ?? paths.home);
  }, [location.key, navigate]);
}
