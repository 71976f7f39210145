// A local fake of Pinata's pinning API for tests: a node http server on 127.0.0.1:0 answering
// POST /pinning/pinFileToIPFS like Pinata (multipart: file, pinataMetadata, pinataOptions; Bearer JWT;
// { IpfsHash, PinSize, Timestamp }), keeping what it received. `failNext` makes the next call answer 500.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_PINATA_JWT = 'fake-pinata-jwt-0123456789abcdef';

export interface PinnedFile {
  fileName: string;
  bytes: Buffer;
  metadata: { name?: string };
  options: { cidVersion?: number };
}

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

export async function startFakePinata(answerCid: (bytes: Buffer) => Promise<string>) {
  const pinned: PinnedFile[] = [];
  let failures = 0;
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readAll(req);
      const reply = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.method !== 'POST' || req.url !== '/pinning/pinFileToIPFS')
        return reply(404, { error: 'Not found' });
      if (req.headers.authorization !== `Bearer ${FAKE_PINATA_JWT}`) {
        return reply(401, { error: { reason: 'INVALID_CREDENTIALS', details: 'Invalid authentication' } });
      }
      if (failures > 0) {
        failures -= 1;
        return reply(500, { error: 'Internal server error' });
      }
      const form = await new Request('http://fake.local/', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body,
      }).formData();
      const file = form.get('file');
      if (!(file instanceof Blob)) return reply(400, { error: 'file is required' });
      const bytes = Buffer.from(await file.arrayBuffer());
      pinned.push({
        fileName: (file as File).name,
        bytes,
        metadata: JSON.parse(String(form.get('pinataMetadata') ?? '{}')),
        options: JSON.parse(String(form.get('pinataOptions') ?? '{}')),
      });
      reply(200, {
        IpfsHash: await answerCid(bytes),
        PinSize: bytes.length,
        Timestamp: new Date().toISOString(),
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    pinned,
    failNext(times = 1) {
      failures = times;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
