import { createServer as createHttpServer, type IncomingHttpHeaders } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { OUTBOUND_ERROR_CODE, OUTBOUND_MSG } from '@prosa/shared/outbound';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import {
  assertOutboundUrl,
  guardedFetch,
  isPublicAddress,
  type OutboundLookup,
  type OutboundPolicy,
  parseAllowedHosts,
} from './outbound-url';

// A TCP listener that counts connections: the proof that a refused URL never reached it.
async function trap() {
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return connections;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

// An HTTP server that records what it received.
async function web(handler?: (path: string) => { status: number; headers?: Record<string, string> }) {
  const seen: { path: string; headers: IncomingHttpHeaders }[] = [];
  const server = createHttpServer((req, res) => {
    seen.push({ path: req.url ?? '', headers: req.headers });
    const r = handler?.(req.url ?? '') ?? { status: 200 };
    res.writeHead(r.status, { 'content-type': 'application/json', ...r.headers });
    res.end(JSON.stringify({ ok: true }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    seen,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

// A resolver answering the given address lists in turn (the last one again), counting the questions.
function fixed(...answers: string[][]): OutboundLookup & { calls: number } {
  const fn = Object.assign(
    async (_host: string) => {
      const list = answers[Math.min(fn.calls, answers.length - 1)] ?? [];
      fn.calls++;
      return list.map((address) => ({
        address,
        family: address.includes(':') ? (6 as const) : (4 as const),
      }));
    },
    { calls: 0 },
  );
  return fn;
}
let lookup = fixed([]);

async function refusal(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toMatchObject({
    code: OUTBOUND_ERROR_CODE,
    message: OUTBOUND_MSG.unreachable,
    httpStatus: 502,
  });
  return err as { detail: string };
}

describe('address rules', () => {
  const refused = [
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.1',
    '169.254.169.254',
    '169.254.0.1',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '0.1.2.3',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '240.0.0.1',
    '192.0.2.1',
    '198.18.0.1',
    '::1',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    'fec0::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:192.168.0.1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    '2001:db8::1',
    '::127.0.0.1',
    'não é ip',
    '',
  ];
  it.each(refused)('refuses %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  const allowed = [
    '8.8.8.8',
    '1.1.1.1',
    '157.240.22.35',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '2a03:2880:f10c:83:face:b00c:0:25de',
    '::ffff:8.8.8.8',
  ];
  it.each(allowed)('allows the public address %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it('refuses every address of the private, loopback, link-local and CGNAT ranges, also IPv4-mapped', () => {
    const inRange = (a: number, b: [number, number], rest = true) =>
      fc
        .tuple(fc.constant(a), fc.integer({ min: b[0], max: b[1] }), fc.nat(255), fc.nat(255))
        .filter(() => rest);
    const ranges = fc.oneof(
      inRange(10, [0, 255]),
      inRange(127, [0, 255]),
      inRange(172, [16, 31]),
      inRange(192, [168, 168]),
      inRange(169, [254, 254]),
      inRange(100, [64, 127]),
      inRange(0, [0, 255]),
      fc.tuple(fc.integer({ min: 224, max: 255 }), fc.nat(255), fc.nat(255), fc.nat(255)),
    );
    fc.assert(
      fc.property(ranges, (octets) => {
        const v4 = octets.join('.');
        return !isPublicAddress(v4) && !isPublicAddress(`::ffff:${v4}`);
      }),
    );
  });
});

describe('allow list (OUTBOUND_ALLOWED_HOSTS)', () => {
  it('reads hosts, host:port and IPv6 entries, normalized like URLs', () => {
    expect(parseAllowedHosts(' Broker.Local , 127.0.0.1:8080,[::1]:9000, ::1,2130706433 ')).toEqual([
      { host: 'broker.local', port: null },
      { host: '127.0.0.1', port: 8080 },
      { host: '::1', port: 9000 },
      { host: '::1', port: null },
      { host: '127.0.0.1', port: null },
    ]);
    expect(parseAllowedHosts('')).toEqual([]);
  });

  it('stops the server start on a malformed entry', () => {
    for (const bad of ['http://x.com', 'x.com:99999', 'x.com:abc', 'a b', 'user@x.com', '[::1']) {
      expect(() => loadConfig({ OUTBOUND_ALLOWED_HOSTS: bad })).toThrow(/OUTBOUND_ALLOWED_HOSTS/);
    }
    expect(loadConfig({ OUTBOUND_ALLOWED_HOSTS: 'a.com,b.com:1' }).OUTBOUND_ALLOWED_HOSTS).toHaveLength(2);
    expect(loadConfig({}).OUTBOUND_ALLOWED_HOSTS).toEqual([]);
  });
});

describe('guardedFetch', () => {
  let t: Awaited<ReturnType<typeof trap>>;
  const log: string[] = [];
  const strict = (): OutboundPolicy => ({ allowedHosts: [], lookup, log: (d) => log.push(d) });
  beforeAll(async () => {
    t = await trap();
  });
  afterAll(async () => {
    await t.close();
  });

  it('logs the same failure once in a while, not on every retry', async () => {
    const seen: string[] = [];
    const policy: OutboundPolicy = { allowedHosts: [], lookup, log: (d) => seen.push(d) };
    const url = `https://repetido-${Date.now()}.example/`;
    for (let i = 0; i < 3; i++) await expect(guardedFetch(url, {}, {}, policy)).rejects.toThrow();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toContain('repetido-');
  });

  it('never connects to loopback however the address is written', async () => {
    const urls = [
      `http://127.0.0.1:${t.port}/`,
      `http://2130706433:${t.port}/`,
      `http://0x7f.1:${t.port}/`,
      `http://0x7f000001:${t.port}/`,
      `http://0177.0.0.1:${t.port}/`,
      `http://127.1:${t.port}/`,
      `http://good.com@127.0.0.1:${t.port}/`,
      `https://good.com:x@127.0.0.1:${t.port}/`,
      `http://[::ffff:127.0.0.1]:${t.port}/`,
      `http://[::ffff:7f00:1]:${t.port}/`,
      `http://[::1]:${t.port}/`,
      `http://0.0.0.0:${t.port}/`,
      `http://0:${t.port}/`,
    ];
    for (const url of urls) {
      // allowHttp isolates the address rule from the scheme rule.
      await refusal(guardedFetch(url, {}, { allowHttp: true }, strict()));
    }
    expect(t.connections).toBe(0);
  });

  it('refuses http, other schemes and the metadata address', async () => {
    lookup = fixed(['8.8.8.8']);
    for (const url of [
      'http://example.com/',
      'file:///etc/passwd',
      'ftp://example.com/',
      'gopher://127.0.0.1:70/',
      'https://169.254.169.254/latest/meta-data/',
      'https://[fd00::1]/',
      'https://[fe80::1]/',
      'https://100.64.0.1/',
      'não é url',
    ]) {
      await refusal(guardedFetch(url, {}, {}, strict()));
    }
    expect(lookup.calls).toBe(0);
  });

  it('refuses, at connect time, a host name that resolves to a private address', async () => {
    lookup = fixed(['93.184.216.34', '127.0.0.1']);
    const err = await refusal(
      guardedFetch(`http://evil.example:${t.port}/`, {}, { allowHttp: true }, strict()),
    );
    expect(err.detail).toContain('127.0.0.1');
    // The system resolver: localhost is loopback.
    await refusal(guardedFetch(`http://localhost:${t.port}/`, {}, { allowHttp: true }, { allowedHosts: [] }));
    expect(t.connections).toBe(0);
  });

  it('DNS rebinding: a name public when saved and private when called is refused at the call', async () => {
    lookup = fixed(['93.184.216.34'], ['127.0.0.1']);
    await expect(assertOutboundUrl(`https://rebind.example:${t.port}/v19.0`, strict())).resolves.toBe(
      undefined,
    );
    await refusal(guardedFetch(`https://rebind.example:${t.port}/v19.0`, {}, {}, strict()));
    expect(t.connections).toBe(0);
  });

  it('connects to the very address it checked: DNS is asked once per call', async () => {
    const s = await web();
    try {
      // Allowed by name; a second DNS answer would point elsewhere (an unreachable address).
      lookup = fixed(['127.0.0.1'], ['10.255.255.1']);
      const res = await guardedFetch(
        `http://pinned.example:${s.port}/x`,
        {},
        {},
        { allowedHosts: [{ host: 'pinned.example', port: s.port }], lookup },
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
      expect(lookup.calls).toBe(1);
      expect(s.seen[0]?.headers.host).toBe(`pinned.example:${s.port}`);
    } finally {
      await s.close();
    }
  });

  it('re-checks every redirect hop; credentials stay with their origin', async () => {
    const target = await web();
    const hops = await web((path) =>
      path === '/out'
        ? { status: 302, headers: { location: `http://127.0.0.1:${t.port}/` } }
        : path === '/cross'
          ? { status: 307, headers: { location: `http://127.0.0.1:${target.port}/landed` } }
          : path === '/loop'
            ? { status: 302, headers: { location: '/loop' } }
            : { status: 200 },
    );
    try {
      const policy: OutboundPolicy = {
        allowedHosts: [
          { host: '127.0.0.1', port: hops.port },
          { host: '127.0.0.1', port: target.port },
        ],
      };
      // To a host outside the allow list: refused before connecting.
      await refusal(guardedFetch(`http://127.0.0.1:${hops.port}/out`, {}, {}, policy));
      expect(t.connections).toBe(0);
      // Too many hops.
      await refusal(guardedFetch(`http://127.0.0.1:${hops.port}/loop`, {}, {}, policy));
      expect(hops.seen.filter((s) => s.path === '/loop')).toHaveLength(4);
      // An allowed hop is followed, without the Authorization header of the first origin.
      const res = await guardedFetch(
        `http://127.0.0.1:${hops.port}/cross`,
        { method: 'POST', headers: { authorization: 'Bearer segredo' }, body: '{}' },
        {},
        policy,
      );
      expect(res.status).toBe(200);
      expect(hops.seen.find((s) => s.path === '/cross')?.headers.authorization).toBe('Bearer segredo');
      expect(target.seen[0]?.path).toBe('/landed');
      expect(target.seen[0]?.headers.authorization).toBeUndefined();
    } finally {
      await hops.close();
      await target.close();
    }
  });

  it('tells nothing about the network: a closed port and a refused address give the same text', async () => {
    const closed = await trap();
    const port = closed.port;
    await closed.close();
    log.length = 0;
    const policy: OutboundPolicy = {
      allowedHosts: [{ host: '127.0.0.1', port: null }],
      log: (d) => log.push(d),
    };
    const a = await refusal(guardedFetch(`http://127.0.0.1:${port}/`, {}, {}, policy));
    const b = await refusal(guardedFetch(`https://10.0.0.1:${port}/`, {}, {}, policy));
    expect(String((a as unknown as Error).message)).toBe(String((b as unknown as Error).message));
    expect((a as unknown as Error).message).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|\d{4,5}/);
    // The detail is in the log.
    expect(log.join('\n')).toContain('ECONNREFUSED');
  });

  it('sends bodies (JSON, FormData) and answers a standard Response', async () => {
    const s = await web();
    try {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'a.png');
      const res = await guardedFetch(
        `http://127.0.0.1:${s.port}/media?x=1`,
        { method: 'POST', body: form },
        {},
        { allowedHosts: [{ host: '127.0.0.1', port: s.port }] },
      );
      expect(res.ok).toBe(true);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(s.seen[0]?.path).toBe('/media?x=1');
      expect(s.seen[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    } finally {
      await s.close();
    }
  });
});

describe('assertOutboundUrl (when a URL is saved)', () => {
  const policy = (answers: string[]): OutboundPolicy => ({ allowedHosts: [], lookup: fixed(answers) });
  const rejected = { code: 'VALIDATION', httpStatus: 400, message: OUTBOUND_MSG.urlNotAllowed };

  it('accepts a public https URL and refuses the rest with a Portuguese 400', async () => {
    await expect(
      assertOutboundUrl('https://graph.facebook.com/v19.0', policy(['157.240.22.35'])),
    ).resolves.toBe(undefined);
    for (const url of [
      'http://graph.facebook.com/v19.0',
      'https://127.0.0.1/v19.0',
      'https://2130706433/',
      'https://0x7f.1/',
      'https://good.com@127.0.0.1/',
      'https://[::1]/',
      'https://169.254.169.254/',
      'javascript:alert(1)',
    ]) {
      await expect(assertOutboundUrl(url, policy(['157.240.22.35']))).rejects.toMatchObject(rejected);
    }
    await expect(
      assertOutboundUrl('https://intranet.example/', policy(['192.168.0.10'])),
    ).rejects.toMatchObject(rejected);
  });

  it('lets an allow-listed host be http and private', async () => {
    const p: OutboundPolicy = { allowedHosts: parseAllowedHosts('broker.local:8080,127.0.0.1') };
    await expect(assertOutboundUrl('http://broker.local:8080/api', p)).resolves.toBe(undefined);
    await expect(assertOutboundUrl('http://127.0.0.1:1234/v19.0', p)).resolves.toBe(undefined);
    await expect(assertOutboundUrl('http://broker.local:8081/api', p)).rejects.toMatchObject(rejected);
  });
});
