// The IPFS CID of an upload, computed here with no network (docs/decisions/018): the UnixFS importer of
// js-ipfs/Helia (`ipfs-unixfs-importer`) with the settings of `ipfs add --cid-version=1` (CIDv1, raw leaves,
// 256 KiB chunks, balanced DAG). Blocks are hashed and dropped: nothing is kept but the root's CID.
import { importer } from 'ipfs-unixfs-importer';

type Put = (cid: unknown, block: Uint8Array) => Promise<unknown>;
const discardingBlockstore = {
  put: (async (cid) => cid) satisfies Put,
  get: async () => {
    throw new Error('the CID blockstore keeps no blocks');
  },
  has: async () => false,
};

/** CIDv1 (base32, `bafy…` or `bafk…` for a single block) of the file's bytes, given whole or in parts. */
export async function computeIpfsCid(
  parts: Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
): Promise<string> {
  let root: string | null = null;
  const content = (async function* () {
    yield* parts;
  })();
  for await (const entry of importer(
    [{ content }],
    discardingBlockstore as unknown as Parameters<typeof importer>[1],
    { cidVersion: 1, rawLeaves: true },
  )) {
    root = entry.cid.toString();
  }
  if (!root) throw new Error('the importer produced no CID');
  return root;
}
