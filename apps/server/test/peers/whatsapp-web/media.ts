import { createCipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getMediaKeys, type MediaType } from '@whiskeysockets/baileys';

// WhatsApp's media hosts, on loopback: the companion posts the encrypted bytes of a file it sends
// (`POST /mms/<type>/<fileEncSha256>?auth=…`, answered with `{ url, direct_path }`), and anyone with the url
// downloads them (`GET /m/<id>`). The fake phones encrypt what they send the same way (AES-256-CBC with keys
// expanded from a fresh media key, a 10-byte HMAC after), so the companion downloads and decrypts a real file.

export class MediaHost {
  private server?: Server;
  private readonly files = new Map<string, Buffer>();
  /** The upload tokens the peer handed out in `media_conn`. */
  readonly auth = `auth-${randomBytes(6).toString('hex')}`;
  url = '';
  /** While true every upload is answered 500. */
  refusing = false;
  /** Uploads received, in order. */
  readonly uploads: { path: string; size: number }[] = [];

  async start() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const u = new URL(req.url ?? '/', this.url);
        if (req.method === 'POST' && u.pathname.startsWith('/mms/')) {
          if (this.refusing) {
            res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"unavailable"}');
            return;
          }
          if (u.searchParams.get('auth') !== this.auth) {
            res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"auth"}');
            return;
          }
          const body = Buffer.concat(chunks);
          const path = this.put(body);
          this.uploads.push({ path: u.pathname, size: body.length });
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ url: `${this.url}${path}`, direct_path: path }));
          return;
        }
        const file = req.method === 'GET' ? this.files.get(u.pathname) : undefined;
        if (!file) {
          res.writeHead(404).end();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(file);
      });
    });
    await new Promise<void>((done) => this.server?.listen(0, '127.0.0.1', done));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
  }

  /** Keeps encrypted bytes; answers their path. */
  put(bytes: Buffer) {
    const path = `/m/${randomBytes(8).toString('hex')}`;
    this.files.set(path, bytes);
    return path;
  }

  get(url: string) {
    return this.files.get(new URL(url, this.url).pathname);
  }

  async stop() {
    await new Promise<void>((done) => this.server?.close(() => done()));
  }
}

/** Encrypts a file as WhatsApp clients do; answers what its message carries. */
export async function encryptMedia(data: Buffer, type: MediaType) {
  const mediaKey = randomBytes(32);
  const keys = await getMediaKeys(mediaKey, type);
  const [iv, cipherKey, macKey] = [keys.iv, keys.cipherKey, keys.macKey] as Buffer[] as [
    Buffer,
    Buffer,
    Buffer,
  ];
  const cipher = createCipheriv('aes-256-cbc', cipherKey, iv);
  const enc = Buffer.concat([cipher.update(data), cipher.final()]);
  const mac = createHmac('sha256', macKey).update(iv).update(enc).digest().subarray(0, 10);
  const file = Buffer.concat([enc, mac]);
  return {
    file,
    mediaKey,
    fileEncSha256: createHash('sha256').update(file).digest(),
    fileSha256: createHash('sha256').update(data).digest(),
    fileLength: data.length,
  };
}
