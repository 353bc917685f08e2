// A balance snapshot (GET /v2/balance) can be older than a myAsset frame that arrived while it was on its
// way: the frame was merged into the entry, then the answer replaced the entry and the change was gone
// until the next frame or poll. As the vendor's client does (korbit-cli stream/state: within one
// connection a live myAsset frame supersedes the snapshot), every frame received since the request was
// sent is laid over its answer, in the order received. Frames carry absolute values, so laying one over a
// snapshot that already holds it changes nothing.
import { type AssetDelta, type BalanceLike, mergeAssets } from '../../../core/account/assets.js';

/** Longer than any balance read waits for its answer. */
const KEEP_MS = 30_000;
const recent = new Map<string, Array<{ at: number; assets: readonly AssetDelta[] }>>();

export const assetsKey = (profileId: string | null, accountSeq: number) => `${profileId}|${accountSeq}`;

export function rememberAssets(key: string, assets: readonly AssetDelta[], now = Date.now()): void {
  let list = recent.get(key);
  if (!list) {
    list = [];
    recent.set(key, list);
  }
  list.push({ at: now, assets });
  while (list.length > 0 && now - list[0]!.at > KEEP_MS) list.shift();
}

/** The snapshot with every frame received at or after `sentAt` laid over it. */
export function overlayRecentAssets<T extends BalanceLike>(
  key: string,
  snapshot: readonly T[],
  sentAt: number,
  now = Date.now(),
): T[] {
  const list = recent.get(key);
  if (!list) return snapshot as T[];
  while (list.length > 0 && now - list[0]!.at > KEEP_MS) list.shift();
  let out = snapshot as T[];
  for (const f of list) if (f.at >= sentAt) out = mergeAssets(out, f.assets);
  return out;
}
