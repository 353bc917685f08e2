// `npm run proxy -- doctor [--profile ID] [--upstream ...] [--json] [--lang ko]`: the same checks as
// the Settings panel, run from the terminal without starting the proxy.
import { UpstreamClient } from '../forward/client.js';
import { Forwarder } from '../forward/forwarder.js';
import type { Keystore } from '../keystore/store.js';
import { RateLimiter } from '../limiter/limiter.js';
import { createLogger } from '../log.js';
import type { Upstream } from '../upstreams.js';
import { formatReport } from './format.js';
import { runDoctor } from './probe.js';

export interface DoctorArgs {
  upstream: Upstream;
  profileId?: string;
  recvWindow?: number;
  json?: boolean;
  lang?: 'ko' | 'en';
}

/** Runs the doctor; exit code 0 when nothing is a problem (warnings allowed), 1 otherwise. */
export async function doctorCommand(keys: Keystore, a: DoctorArgs): Promise<{ text: string; code: number }> {
  const profile = keys.resolve(a.profileId);
  if (a.profileId && !profile) throw new Error(`no profile with id ${a.profileId} (see \`key list\`)`);
  const log = createLogger(() => {}); // the doctor prints its report only
  keys.watchSecrets((s) => log.redactor.add(s));
  const client = new UpstreamClient(10_000);
  const limiter = new RateLimiter();
  const recvWindow = a.recvWindow ?? 5000;
  const forwarder = new Forwarder({ keystore: keys, client, limiter, upstream: a.upstream, recvWindow, log });
  try {
    const report = await runDoctor({ forwarder, client, recvWindow }, profile);
    const text = a.json ? JSON.stringify(report, null, 2) : formatReport(report, a.lang ?? 'en');
    return { text: log.redactor.redact(text), code: report.status === 'problem' ? 1 : 0 };
  } finally {
    forwarder.close();
    limiter.close();
    await client.close();
  }
}
