// Settings › Paper mode: the mode the stack runs in, its market source, and the restart into the other
// mode (npm start restarts itself on the same ports: GET/POST /api/mode); otherwise the exact command.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ModeInfo } from '../../../core/proxyApi/mode.js';
import type { Session } from '../../../core/proxyApi/session.js';
import { Badge, Button, DetailRows, Panel } from '../../components/index.js';
import { proxyGet, proxyPost } from '../../lib/api.js';
import { useT } from '../../lib/i18n.js';

const FALLBACK: ModeInfo = {
  mode: 'other',
  canSwitch: false,
  commands: { sandbox: 'npm start', paper: 'npm start -- --paper' },
};

async function reloadWhen(upstream: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
    await new Promise((r) => setTimeout(r, 500));
    try {
      const s = await proxyGet<Session>('/session');
      if ((s.upstream.name === 'paper') === (upstream === 'paper')) {
        location.reload();
        return;
      }
    } catch {
      // the proxy is restarting
    }
  }
}

export function PaperModePanel() {
  const t = useT();
  const q = useQuery({
    queryKey: ['proxy', 'mode'],
    queryFn: () => proxyGet<ModeInfo>('/mode'),
    refetchInterval: 5000,
    retry: false,
  });
  const [switching, setSwitching] = useState(false);
  const info = q.data ?? FALLBACK;
  const next = info.mode === 'paper' ? 'sandbox' : 'paper';
  const go = async () => {
    setSwitching(true);
    try {
      await proxyPost('/mode', { mode: next });
      await reloadWhen(next);
    } catch {
      setSwitching(false);
    }
  };
  const src = info.source;
  return (
    <Panel title={t('paper.title')} testId="paper-panel">
      <div className="flex flex-col gap-2 p-3 text-[12px]">
        <p className="text-dim">{t('paper.explain')}</p>
        <DetailRows
          rows={[
            [
              t('paper.mode'),
              <span key="m" data-testid="paper-mode" data-mode={info.mode}>
                {info.mode === 'paper' ? <Badge tone="accent">PAPER</Badge> : null}{' '}
                {t(`paper.mode.${info.mode}`)}
              </span>,
            ],
            ...(src
              ? [
                  [
                    t('paper.source'),
                    <span
                      key="s"
                      data-testid="paper-source"
                      className={src.state === 'ready' ? '' : 'text-danger'}
                    >
                      {src.origin} · {t(`paper.state.${src.state}`)}
                      {src.code ? ` (${src.code})` : ''}
                    </span>,
                  ] as [string, React.ReactNode],
                ]
              : []),
          ]}
        />
        {info.canSwitch && (info.mode === 'sandbox' || info.mode === 'paper') ? (
          <div className="flex items-center gap-2">
            <Button variant="primary" onClick={go} disabled={switching} data-testid="paper-switch">
              {next === 'paper' ? t('paper.toPaper') : t('paper.toSandbox')}
            </Button>
            {switching ? <span className="text-dim">{t('paper.switching')}</span> : null}
          </div>
        ) : (
          <p className="text-dim">{t('paper.cannotSwitch')}</p>
        )}
        <div className="text-dim">
          {t('paper.command')}:{' '}
          <code className="select-all rounded bg-panel2 px-1.5 py-0.5 text-fg" data-testid="paper-command">
            {info.commands[next]}
          </code>
        </div>
      </div>
    </Panel>
  );
}
