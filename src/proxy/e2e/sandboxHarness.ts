// biome-ignore-all lint/suspicious/noExplicitAny: admin answers are read loosely in tests
// Test-only: the real sandbox (src/sandbox) behind a real proxy, both on random loopback ports.
import { createSandbox } from '../../sandbox/index.js';
import { startTestProxy, type TestProxy, tempDir } from '../testing/harness.js';

export type Sandbox = Awaited<ReturnType<typeof createSandbox>>;

export interface Stack {
  sbx: Sandbox;
  t: TestProxy;
  sandboxLogs: string[];
  admin(path: string, body?: unknown): Promise<{ success: boolean; data?: any; error?: unknown }>;
  close(): Promise<void>;
}

export async function startSandboxStack(
  proxyOpts: Parameters<typeof startTestProxy>[1] = {},
): Promise<Stack> {
  const sandboxLogs: string[] = [];
  const sbx = await createSandbox({
    port: 0,
    dataDir: tempDir('kapi-sbx-'),
    seed: 7,
    simulate: false,
    historyDays: 0,
    log: (l) => sandboxLogs.push(l),
  });
  const t = await startTestProxy(
    { url: sbx.restUrl, wsPublicUrl: sbx.wsPublicUrl, wsPrivateUrl: sbx.wsPrivateUrl },
    { importCredentials: sbx.credentialsPath, timeoutMs: 3000, lookupDelayMs: 50, ...proxyOpts },
  );
  return {
    sbx,
    t,
    sandboxLogs,
    async admin(path, body) {
      const res = await fetch(`${sbx.adminUrl}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await res.json()) as { success: boolean; data?: any };
    },
    async close() {
      await t.proxy.close();
      await sbx.close();
    },
  };
}
