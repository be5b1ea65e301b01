import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { usePauseState } from './api';

export const PAUSE_PATH = '/user-in-pause';

/**
 * Spec 1 §4 "a paused user is sent to main.user-in-pause": while GET /api/pause says paused, every screen
 * leads to the block page; out of pause, the block page leads to the chat.
 */
export function PauseGate() {
  const state = usePauseState();
  const { pathname } = useLocation();
  if (state.isPending) return <FullPageLoader />;
  // Without an answer the screens stay open: the server refuses what a paused user may not do.
  const paused = state.data?.paused === true;
  if (paused && pathname !== PAUSE_PATH) return <Navigate to={PAUSE_PATH} replace />;
  if (!paused && pathname === PAUSE_PATH) return <Navigate to="/chat" replace />;
  return <Outlet />;
}
