import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StoredObject {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
}

/**
 * A small S3-compatible server for the adapter's tests (path-style: PUT, GET, HEAD and DELETE of an
 * object, ListObjectsV2 with paging, and the multi-object delete), so the real AWS SDK can be driven
 * end to end without a network. It is a stand-in for the third-party service, not for our code.
 */
export async function startS3TestServer(bucket: string) {
  const objects = new Map<string, StoredObject>();
  const requests: string[] = [];
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const [, name, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    const send = (status: number, xml = '', headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/xml', ...headers });
      response.end(xml);
    };
    if (name !== bucket) return send(404, error('NoSuchBucket', 'The bucket does not exist'));
    const body = decodeChunked(request, await readBody(request));

    if (request.method === 'PUT' && key) {
      objects.set(key, {
        body,
        contentType: request.headers['content-type'],
        cacheControl: request.headers['cache-control'],
      });
      return send(200, '', { etag: '"etag"' });
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && key) {
      const found = objects.get(key);
      if (!found) return send(404, request.method === 'HEAD' ? '' : error('NoSuchKey', 'The key does not exist'));
      response.writeHead(200, {
        'content-type': found.contentType ?? 'application/octet-stream',
        'content-length': String(found.body.length),
      });
      return response.end(request.method === 'HEAD' ? undefined : found.body);
    }
    if (request.method === 'GET' && url.searchParams.get('list-type') === '2') {
      const prefix = url.searchParams.get('prefix') ?? '';
      const max = Number(url.searchParams.get('max-keys') ?? 1000);
      const after = url.searchParams.get('continuation-token') ?? '';
      const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
      const page = keys.slice(0, max);
      const truncated = keys.length > page.length;
      const contents = page.map((k) => `<Contents><Key>${xmlEscape(k)}</Key><Size>1</Size></Contents>`).join('');
      return send(
        200,
        `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix>` +
          `<KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
          (truncated ? `<NextContinuationToken>${xmlEscape(page.at(-1) ?? '')}</NextContinuationToken>` : '') +
          `${contents}</ListBucketResult>`,
      );
    }
    if (request.method === 'POST' && url.searchParams.has('delete')) {
      const keys = [...body.toString('utf8').matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) =>
        xmlUnescape(match[1] ?? ''),
      );
      for (const k of keys) objects.delete(k);
      return send(200, '<?xml version="1.0" encoding="UTF-8"?><DeleteResult></DeleteResult>');
    }
    if (request.method === 'DELETE' && key) {
      objects.delete(key);
      return send(204);
    }
    return send(400, error('InvalidRequest', `Not supported here: ${request.method} ${url.pathname}`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const error = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;
const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const xmlUnescape = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The SDK may send bodies as aws-chunked (size;ext CRLF data CRLF … 0 CRLF trailers). */
function decodeChunked(request: IncomingMessage, raw: Buffer): Buffer {
  if (!String(request.headers['content-encoding'] ?? '').includes('aws-chunked')) return raw;
  const parts: Buffer[] = [];
  let at = 0;
  while (at < raw.length) {
    const lineEnd = raw.indexOf('\r\n', at);
    const size = Number.parseInt(raw.subarray(at, lineEnd).toString('latin1').split(';')[0] ?? '0', 16);
    if (!size) break;
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
