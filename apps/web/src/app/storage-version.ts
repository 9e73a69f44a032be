import { runVersionCheck, type VersionCheckResult } from '../storage/index.ts';
import { syncSessionFromStorage } from '../stores/session.ts';

/**
 * Spec section 4, before the first render: the storage version check, then the session store
 * re-reads its tokens. It read them when its module loaded, before the check could clear them,
 * and would otherwise keep the app logged in with tokens storage no longer holds.
 */
export function checkStorageVersion(): VersionCheckResult {
  const result = runVersionCheck();
  syncSessionFromStorage();
  return result;
}
