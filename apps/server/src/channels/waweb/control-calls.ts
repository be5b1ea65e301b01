import { type TWawebControlResult, WAWEB_MSG } from '@prosa/shared/waweb';
import type { Db } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import type { ChannelServer } from './channel-server';
import { type ControlChannel, findControlChannel, readSessionScreen } from './control-lookup';
import type { ControlWebhooks } from './control-webhooks';
import { wantSession } from './leases';
import { renderScreenshot } from './screenshot';

// The control calls a channel server answers (spec 2 §7), on the sessions of this process: start claims the
// channel here, stop lets it go, refresh reconnects it, logout unpairs it, screenshot shows its screen.

export type ControlDeps = { db: Db; server: ChannelServer; webhooks: ControlWebhooks };

export async function mustFindChannel(
  deps: Pick<ControlDeps, 'db'>,
  by: { id: number } | { routeKey: string },
) {
  const ch = await findControlChannel(deps.db, by);
  if (!ch) throw notFound(WAWEB_MSG.notFound);
  return ch;
}

async function resultOf(deps: ControlDeps, ch: ControlChannel): Promise<TWawebControlResult> {
  const screen = await readSessionScreen(deps.db, ch.channelId);
  return { id: ch.channelId, state: screen?.state ?? 'not-running' };
}

const runsHere = (deps: ControlDeps, ch: ControlChannel) => deps.server.sessions().has(ch.channelId);

/** Wants the session running and claims it on this server at once (another may claim it first, as any start). */
export async function controlStart(deps: ControlDeps, ch: ControlChannel): Promise<TWawebControlResult> {
  if (ch.desired === 'running' || runsHere(deps, ch)) throw badRequest(WAWEB_MSG.alreadyRunning);
  await wantSession(deps.db, ch, 'running');
  await deps.server.tick();
  return resultOf(deps, ch);
}

/** Stops a session this server runs: it closes and is released (not-running). */
export async function controlStop(deps: ControlDeps, ch: ControlChannel): Promise<TWawebControlResult> {
  if (!runsHere(deps, ch)) throw badRequest(WAWEB_MSG.notRunning);
  await wantSession(deps.db, ch, 'stopped');
  await deps.server.tick();
  deps.webhooks.remove(ch.channelId);
  return resultOf(deps, ch);
}

export async function controlRefresh(deps: ControlDeps, ch: ControlChannel): Promise<TWawebControlResult> {
  if (!(await deps.server.refresh(ch.channelId))) throw badRequest(WAWEB_MSG.notRunning);
  return resultOf(deps, ch);
}

export async function controlLogout(deps: ControlDeps, ch: ControlChannel): Promise<TWawebControlResult> {
  if (!(await deps.server.logout(ch.channelId))) throw badRequest(WAWEB_MSG.notRunning);
  return resultOf(deps, ch);
}

/** A PNG of the session's screen: its QR while waiting to be scanned, else its state. */
export async function controlScreenshot(deps: ControlDeps, ch: ControlChannel): Promise<Buffer> {
  const session = deps.server.sessions().get(ch.channelId);
  if (!session) throw badRequest(WAWEB_MSG.notRunning);
  return renderScreenshot({ state: session.state, qr: session.qr });
}
