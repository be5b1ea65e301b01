import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const HOST = fileURLToPath(new URL('./peer-host.ts', import.meta.url));

/** The fake WhatsApp Web phone of peer-host.ts, asked over IPC. */
export type RemotePeer = {
  url: string;
  scan(qr: string): Promise<void>;
  received(): Promise<{ to: string; text: string }[]>;
  stop(): Promise<void>;
};

export async function startRemotePeer(): Promise<RemotePeer> {
  const child: ChildProcess = fork(HOST, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let seq = 0;
  const ready = new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`peer-host saiu com ${code}`)));
    child.on('message', (m: { id: number; value?: unknown; error?: string }) => {
      if (m.id === 0) return resolve();
      const w = waiting.get(m.id);
      waiting.delete(m.id);
      if (m.error) w?.reject(new Error(m.error));
      else w?.resolve(m.value);
    });
  });
  await ready;
  const ask = (op: string, extra: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++seq;
      waiting.set(id, { resolve, reject });
      child.send({ id, op, ...extra });
    });
  const url = String(await ask('url'));
  return {
    url,
    scan: async (qr) => {
      await ask('scan', { qr });
    },
    received: async () => (await ask('received')) as { to: string; text: string }[],
    stop: async () => {
      if (child.exitCode === null) await ask('stop').catch(() => {});
    },
  };
}
