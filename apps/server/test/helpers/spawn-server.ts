import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

/** Ports handed out by this process: servers started at the same time never get the same one. */
const handedOut = new Set<number>();

export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((done, fail) => {
      const srv = createServer();
      srv.once('error', fail);
      srv.listen(0, '127.0.0.1', () => {
        const address = srv.address();
        const port = typeof address === 'object' && address ? address.port : 0;
        srv.close(() => done(port));
      });
    });
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

/** The chosen port was taken by someone else before the server could bind it. */
class PortTaken extends Error {}

const root = resolve(import.meta.dirname, '../../../..');

type SpawnedServer = {
  url: string;
  proc: ChildProcess;
  /** What the process printed so far (stdout and stderr). */
  output: () => string;
  stop: () => Promise<void>;
};

type SpawnOptions = {
  /** A worker-only process (ROLE without `api` or `channels`) serves no HTTP: it is ready once it prints this. */
  readyLine?: RegExp;
};

// main.ts prints this once a process without HTTP (ROLE=worker) has migrated, seeded and started.
const WORKER_READY = /iniciado sem HTTP \(ROLE=/;

// A channels-only process serves its control calls, and its health among them, on PORT: it is ready once that
// answers, like an API node.
const servesHttp = (env: Record<string, string>) =>
  env.ROLE === undefined || env.ROLE.split(',').some((r) => ['api', 'channels'].includes(r.trim()));

/**
 * Starts `apps/server/src/main.ts` as its own process, as production does, and waits until it is ready:
 * /api/health answers (ROLE with `api`, the default) or, for a worker-only process, its ready line.
 */
export async function spawnServer(
  env: Record<string, string>,
  options: SpawnOptions = {},
): Promise<SpawnedServer> {
  // A port is free when chosen, but another process may bind it before the server does: choose again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServer(env, await freePort(), options);
    } catch (err) {
      if (!(err instanceof PortTaken) || attempt >= 3) throw err;
    }
  }
}

async function startServer(
  env: Record<string, string>,
  port: number,
  options: SpawnOptions,
): Promise<SpawnedServer> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      // The local protocol peers listen on loopback: the outbound guard lets only that host through.
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
      // Tests count queues from the demo data alone: no sample conversations unless a test asks for them.
      SEED_SAMPLES: 'false',
      // One PostgreSQL (max_connections 100) serves the test files running side by side: a spawned node keeps a
      // small pool (a three-node test with the default 20 each held ~86 connections and starved its neighbour).
      DB_POOL_MAX: '6',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout?.on('data', (d) => {
    output += d;
  });
  proc.stderr?.on('data', (d) => {
    output += d;
  });
  // A test may choose the port itself (a channel server that announces its own address).
  const url = `http://127.0.0.1:${env.PORT ?? port}`;
  const http = servesHttp(env);
  const readyLine = options.readyLine ?? WORKER_READY;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null) {
      if (output.includes('EADDRINUSE')) throw new PortTaken(`porta ${port} ocupada`);
      throw new Error(`servidor encerrou: ${output}`);
    }
    if (!http && readyLine.test(output)) break;
    try {
      if (http) {
        const r = await fetch(`${url}/api/health`);
        // Read the body: one left unread ties its socket to the response, and a server stopped later turns it into
        // an uncaught "terminated" error in the test process.
        await r.arrayBuffer();
        if (r.ok) break;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`servidor não respondeu: ${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    proc,
    output: () => output,
    stop: () =>
      new Promise<void>((done) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return done();
        proc.once('exit', () => done());
        proc.kill('SIGTERM');
        setTimeout(() => proc.kill('SIGKILL'), 5000).unref();
      }),
  };
}
