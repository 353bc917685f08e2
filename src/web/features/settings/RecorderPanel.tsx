// Settings > Market recorder (issue 22 item 2): start and stop the proxy's session recorder for chosen
// pairs (optionally with the account's own events) and watch the file grow. GET /api/recorder is
// polled every second while recording.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, ErrorState, Panel } from '../../components/index.js';
import { proxyGet, proxyPost } from '../../lib/api.js';
import { useT } from '../../lib/i18n.js';
import { qk } from '../../lib/queryKeys.js';
import { clockText, sizeText } from '../../lib/replayText.js';

interface RecordingInfo {
  file: string;
  path: string;
  symbols: string[];
  bytes: number;
  frames: number;
  durationMs: number;
  error?: string;
}
interface RecorderAnswer {
  state: 'idle' | 'recording';
  current: RecordingInfo | null;
  last: RecordingInfo | null;
}

const parseSymbols = (s: string) => [
  ...new Set(
    s
      .split(/[\s,]+/)
      .map((x) => x.trim().toLowerCase())
      .filter(Boolean),
  ),
];

function Info({ r, testId }: { r: RecordingInfo; testId: string }) {
  const t = useT();
  return (
    <dl className="grid grid-cols-[6rem_1fr] gap-x-2 gap-y-0.5" data-testid={testId}>
      <dt className="text-dim">{t('rec.file')}</dt>
      <dd className="truncate" title={r.path}>
        {r.file}
      </dd>
      <dt className="text-dim">{t('rec.size')}</dt>
      <dd className="tabular-nums" data-testid={`${testId}-size`} data-bytes={r.bytes}>
        {sizeText(r.bytes)}
      </dd>
      <dt className="text-dim">{t('rec.frames')}</dt>
      <dd className="tabular-nums">{r.frames.toLocaleString()}</dd>
      <dt className="text-dim">{t('rec.duration')}</dt>
      <dd className="tabular-nums">{clockText(r.durationMs)}</dd>
    </dl>
  );
}

export function RecorderPanel() {
  const t = useT();
  const qc = useQueryClient();
  const [symbols, setSymbols] = useState('btc_krw, eth_krw');
  const [account, setAccount] = useState(false);
  const q = useQuery({
    queryKey: qk.recorder(),
    queryFn: () => proxyGet<RecorderAnswer>('/api/recorder'),
    refetchInterval: (s) => (s.state.data?.state === 'recording' ? 1000 : false),
  });
  const act = useMutation({
    mutationFn: (start: boolean) =>
      start
        ? proxyPost<RecorderAnswer>('/api/recorder/start', {
            symbols: parseSymbols(symbols),
            includeAccount: account,
          })
        : proxyPost<RecorderAnswer>('/api/recorder/stop'),
    onSuccess: (data) => qc.setQueryData(qk.recorder(), data),
  });
  const rec = q.data?.state === 'recording';
  return (
    <Panel title={t('rec.title')} testId="recorder-panel">
      <div className="flex flex-col gap-2.5 p-3 text-[12px]">
        <p className="text-dim">{t('rec.hint')}</p>
        <label className="flex items-center gap-2">
          <span className="w-24 text-dim">{t('rec.symbols')}</span>
          <input
            className="h-7 w-64 rounded border border-line bg-panel2 px-2"
            value={symbols}
            disabled={rec}
            onChange={(e) => setSymbols(e.target.value)}
            placeholder={t('rec.symbolsHint')}
            data-testid="recorder-symbols"
          />
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={account}
            disabled={rec}
            onChange={(e) => setAccount(e.target.checked)}
            data-testid="recorder-account"
          />
          <span>{t('rec.account')}</span>
        </label>
        <div className="flex items-center gap-2">
          <Button
            variant={rec ? 'danger' : 'primary'}
            disabled={act.isPending || q.isLoading}
            onClick={() => act.mutate(!rec)}
            data-testid="recorder-toggle"
          >
            {rec ? t('rec.stop') : t('rec.start')}
          </Button>
          <span className={rec ? 'text-down' : 'text-dim'} data-testid="recorder-state">
            {rec ? `● ${t('rec.recording')}` : t('rec.idle')}
          </span>
        </div>
        {act.error ? <ErrorState error={act.error} /> : null}
        {q.error ? <ErrorState error={q.error} /> : null}
        {q.data?.current ? <Info r={q.data.current} testId="recorder-current" /> : null}
        {!rec && q.data?.last ? (
          <div className="flex flex-col gap-1">
            <span className="text-dim">{t('rec.last')}</span>
            <Info r={q.data.last} testId="recorder-last" />
            {q.data.last.error ? <span className="text-danger">{t(`err.${q.data.last.error}`)}</span> : null}
            <code className="select-all text-[11px] text-dim">
              {t('rec.replayHint', { path: q.data.last.path })}
            </code>
          </div>
        ) : null}
      </div>
    </Panel>
  );
}
