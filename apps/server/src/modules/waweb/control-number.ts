import { WAWEB_MSG } from '@prosa/shared/waweb';
import { localWawebSession } from '../../channels/waweb/channel-server';
import { type ControlPath, callControl } from '../../channels/waweb/control-client';
import { findHolder } from '../../channels/waweb/control-lookup';
import { renderScreenshot } from '../../channels/waweb/screenshot';
import type { WawebSession } from '../../channels/waweb/session';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { getNumber } from './manage-numbers';
import { findNumber } from './repository';

// The WhatsApp panel's refresh, logout and screenshot (spec 2 §4, §7): the number is the caller's company's, and
// the call goes over HTTP to the channel server holding its session ("Canal não está rodando" when nobody does),
// or straight to the session when this process holds it (`npm start` runs everything in one process).

type Deps = Pick<AppDeps, 'db' | 'appSecret' | 'channelRepository'>;

async function mustFind(deps: Deps, caller: Caller, id: number) {
  if (!(await findNumber(deps.db, caller.companyId, id))) throw notFound(WAWEB_MSG.notFound);
}

async function callHolder(deps: Deps, caller: Caller, id: number, path: ControlPath): Promise<Response> {
  const holder = await findHolder(deps.db, { companyId: caller.companyId, channelId: id });
  if (!holder) throw badRequest(WAWEB_MSG.notRunning);
  return callControl({ url: holder.url, appSecret: deps.appSecret }, path, { id });
}

/** This process's session of the number, or null: the holder is called over HTTP. */
async function here(deps: Deps, caller: Caller, id: number): Promise<WawebSession | null> {
  await mustFind(deps, caller, id);
  return localWawebSession(id) ?? null;
}

/** Reconnects the number's session (a new QR when it is not paired). */
export async function refreshNumber(deps: Deps, caller: Caller, id: number) {
  const session = await here(deps, caller, id);
  if (session) await session.restart();
  else await callHolder(deps, caller, id, '/api/refresh');
  return getNumber(deps, caller, id);
}

/** Unpairs the number from its phone: it asks for a QR again. */
export async function logoutNumber(deps: Deps, caller: Caller, id: number) {
  const session = await here(deps, caller, id);
  if (session) await session.logout();
  else await callHolder(deps, caller, id, '/api/logout');
  return getNumber(deps, caller, id);
}

/** The session's screen as a PNG: its QR while pairing, else its state. */
export async function screenshotNumber(deps: Deps, caller: Caller, id: number): Promise<Buffer> {
  const session = await here(deps, caller, id);
  if (session) return renderScreenshot({ state: session.state, qr: session.qr });
  const res = await callHolder(deps, caller, id, '/api/screenshot');
  return Buffer.from(await res.arrayBuffer());
}
