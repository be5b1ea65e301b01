import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type StoredObject = { body: Buffer; contentType: string; etag: string };

export type S3Request = { method: string; path: string; authorization: string | undefined };

/**
 * A tiny S3-compatible server on loopback, path-style (`/<bucket>/<key>`): PutObject, GetObject (with Range),
 * HeadObject and DeleteObject, answering S3's headers and XML errors. It does not check SigV4 signatures,
 * but refuses any request without an AWS4-HMAC-SHA256 Authorization header, like S3 does.
 */
export async function startS3Peer(opts: { bucket: string }) {
  const objects = new Map<string, StoredObject>();
  const requests: S3Request[] = [];

  const xmlError = (res: ServerResponse, status: number, code: string, message: string) => {
    res.writeHead(status, { 'content-type': 'application/xml' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
    );
  };

  const readBody = (req: IncomingMessage) =>
    new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks)));
      req.on('error', reject);
    });

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    const authorization = req.headers.authorization;
    requests.push({ method: req.method ?? '', path: url.pathname, authorization });
    if (!authorization?.startsWith('AWS4-HMAC-SHA256 ')) {
      await readBody(req);
      return xmlError(res, 403, 'AccessDenied', 'Access Denied');
    }
    const [, bucket, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    if (bucket !== opts.bucket)
      return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    if (!key) return xmlError(res, 400, 'InvalidRequest', 'Missing key');

    if (req.method === 'PUT') {
      const body = await readBody(req);
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      objects.set(key, {
        body,
        contentType: req.headers['content-type'] ?? 'application/octet-stream',
        etag,
      });
      res.writeHead(200, { etag });
      return res.end();
    }
    const found = objects.get(key);
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return xmlError(res, 405, 'MethodNotAllowed', 'Method not allowed');
    if (!found) {
      if (req.method === 'HEAD') {
        res.writeHead(404);
        return res.end();
      }
      return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
    }
    const headers: Record<string, string> = {
      'content-type': found.contentType,
      etag: found.etag,
      'accept-ranges': 'bytes',
      'last-modified': new Date().toUTCString(),
    };
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    let body = found.body;
    let status = 200;
    if (range) {
      const start = Number(range[1]);
      const end = Math.min(range[2] ? Number(range[2]) : found.body.length - 1, found.body.length - 1);
      if (start >= found.body.length)
        return xmlError(res, 416, 'InvalidRange', 'The requested range is not satisfiable');
      body = found.body.subarray(start, end + 1);
      status = 206;
      headers['content-range'] = `bytes ${start}-${end}/${found.body.length}`;
    }
    headers['content-length'] = String(body.length);
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
