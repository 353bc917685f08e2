import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ProfileAdded, ProfilesList } from '../../core/proxyApi/session.js';
import { ProxyError } from '../errors.js';
import type { Forwarder } from '../forward/forwarder.js';
import { decideLiveAdd } from '../keystore/livePolicy.js';
import type { Keystore } from '../keystore/store.js';
import { type StoredProfile, toPublicProfile } from '../keystore/types.js';
import { validateProfileInput } from '../keystore/validate.js';
import { isLiveUpstream } from '../upstreams.js';
import { readJsonObject } from './body.js';
import { checkNewKey } from './keyCheck.js';
import { sendJson } from './respond.js';

/** /api/profiles: list, add (secret write-only), remove, set default. */
export async function handleProfiles(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  keystore: Keystore,
  onChanged: (profileId: string) => void,
  forwarder: Forwarder,
): Promise<void> {
  const method = req.method ?? 'GET';
  const list = (): ProfilesList => ({
    profiles: keystore.list().map(toPublicProfile),
    defaultProfileId: keystore.defaultProfileId,
    keystoreEncrypted: keystore.encrypted,
  });
  if (pathname === '/api/profiles') {
    if (method === 'GET') return sendJson(res, 200, { success: true, data: list() });
    if (method === 'POST') {
      const body = await readJsonObject(req);
      let valid: ReturnType<typeof validateProfileInput>;
      try {
        valid = validateProfileInput(body);
      } catch (e) {
        throw new ProxyError(400, 'BAD_REQUEST', (e as Error).message);
      }
      const unsaved: StoredProfile = { id: 'unsaved', ...valid, createdAt: Date.now() };
      // a live key is kept encrypted unless the user chose a plain file (issue 18 item 9); asked before the exchange
      const sealing = decideLiveAdd({
        live: isLiveUpstream(forwarder.upstreamFor(unsaved)),
        encrypted: keystore.encrypted,
        passphrase: typeof body.passphrase === 'string' ? body.passphrase : undefined,
        plain: body.storePlain === true,
      });
      if (!sealing.ok) throw new ProxyError(400, sealing.code, sealing.message);
      // the exchange must know the key before it is kept (the id is a placeholder: nothing is saved yet)
      const keyInfo = await checkNewKey(forwarder, unsaved);
      let profile: ReturnType<Keystore['add']>;
      try {
        profile = keystore.add(
          {
            label: body.label,
            apiKey: body.apiKey,
            type: body.type,
            secret: body.secret,
            privateKeyPem: body.privateKeyPem,
            upstream: body.upstream,
            allowWithdrawals: body.allowWithdrawals,
          },
          { passphrase: sealing.setPassphrase },
        );
      } catch (e) {
        throw new ProxyError(400, 'BAD_REQUEST', (e as Error).message);
      }
      onChanged(profile.id);
      return sendJson(res, 200, {
        success: true,
        data: { profile: toPublicProfile(profile), keyInfo, ...list() } satisfies ProfileAdded,
      });
    }
    throw new ProxyError(405, 'METHOD_NOT_ALLOWED', `${method} /api/profiles`);
  }
  const m = /^\/api\/profiles\/([A-Za-z0-9-]{1,64})(\/default)?$/.exec(pathname);
  if (!m) throw new ProxyError(404, 'NOT_FOUND', 'no such proxy endpoint');
  const id = m[1]!;
  if (m[2] && method === 'POST') {
    if (!keystore.setDefault(id)) throw new ProxyError(404, 'PROFILE_NOT_FOUND', 'no profile with that id');
    return sendJson(res, 200, { success: true, data: list() });
  }
  if (!m[2] && method === 'DELETE') {
    if (!keystore.remove(id)) throw new ProxyError(404, 'PROFILE_NOT_FOUND', 'no profile with that id');
    onChanged(id);
    return sendJson(res, 200, { success: true, data: list() });
  }
  throw new ProxyError(405, 'METHOD_NOT_ALLOWED', `${method} ${pathname}`);
}
