import { BLACKLIST_MSG, type TBlacklistAccess } from '@prosa/shared/blacklist';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { useBlacklistAccess } from './api';

/**
 * The blacklist screens go back to the chat when the company's blacklist is off or the user lacks the module
 * permission (spec 3 §2); answers the access once it is known and allowed.
 */
export function useBlacklistGate(allowed: (a: TBlacklistAccess) => boolean): TBlacklistAccess | null {
  const access = useBlacklistAccess();
  const navigate = useNavigate();
  const a = access.data;
  const ok = a ? allowed(a) : false;
  useEffect(() => {
    if (access.isError || (a && !ok)) {
      toast.warning(a && !a.enabled ? BLACKLIST_MSG.disabled : BLACKLIST_MSG.noPermission, {
        permission: true,
      });
      navigate('/chat', { replace: true });
    }
  }, [a, ok, access.isError, navigate]);
  return a && ok ? a : null;
}
