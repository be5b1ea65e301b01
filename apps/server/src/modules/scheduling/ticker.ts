import type { AppDeps } from '../../platform/deps';
import { returnDueSchedules } from './return-due-schedules';

/**
 * The worker's sweep of due schedules, every SCHEDULE_TICK_SECONDS (default 15 s): it brings back the returns
 * whose job was lost or ran early. Any number of workers may run it (returns are claimed with SKIP LOCKED).
 */
export function startScheduleTicker(
  deps: Pick<AppDeps, 'db' | 'events'>,
  opts: { intervalMs: number; log?: (msg: string, err: unknown) => void },
) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await returnDueSchedules(deps);
    } catch (err) {
      opts.log?.('retorno de agendamentos falhou', err);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, opts.intervalMs);
  return { tick, stop: () => clearInterval(timer) };
}
