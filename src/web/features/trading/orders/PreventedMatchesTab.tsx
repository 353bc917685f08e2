import { useQuery } from '@tanstack/react-query';
import { preventedMatchSchema } from '../../../../core/schemas/orders.js';
import { tolerantArray } from '../../../../core/schemas/tolerant.js';
import { Button } from '../../../components/Button.js';
import type { Column } from '../../../components/Table.js';
import { apiGet } from '../../../lib/api.js';
import { useT } from '../../../lib/i18n.js';
import { qk } from '../../../lib/queryKeys.js';
import type { PreventedMatch } from '../../../lib/types.js';
import { downloadCsv, toCsv } from './csv.js';
import { ListTab } from './ListTab.js';
import { useTradeColumns } from './tradeColumns.js';

/** Self-trade prevention events (GET /v2/myPreventedMatches, accountSeq required). No stream: loaded on view. */
export function PreventedMatchesTab(props: { profileId: string | null; accountSeq: number; symbol: string }) {
  const t = useT();
  const col = useTradeColumns();
  const q = useQuery<PreventedMatch[]>({
    queryKey: qk.preventedMatches(props.profileId, props.accountSeq, props.symbol),
    queryFn: () =>
      apiGet(
        '/v2/myPreventedMatches',
        { symbol: props.symbol, accountSeq: props.accountSeq, limit: 500 },
        { profileId: props.profileId, schema: tolerantArray(preventedMatchSchema, 'prevented match') },
      ),
    enabled: !!props.profileId,
    staleTime: 5_000,
  });
  const rows = q.data ?? [];
  const cols: Column<PreventedMatch>[] = [
    col.time((r) => r.createdAt),
    col.side(t('pm.takerSide'), (r) => r.takerSide),
    col.price(),
    col.qty(),
    col.orderId('taker', t('pm.takerOrder'), (r) => r.takerOrderId),
    col.orderId('maker', t('pm.makerOrder'), (r) => r.makerOrderId),
  ];
  const exportCsv = () =>
    downloadCsv(
      `prevented-matches-${props.symbol}.csv`,
      toCsv(
        [
          { header: 'preventedMatchId', value: (r: PreventedMatch) => r.preventedMatchId },
          { header: 'createdAt', value: (r) => new Date(r.createdAt).toISOString() },
          { header: 'symbol', value: (r) => r.symbol },
          { header: 'takerSide', value: (r) => r.takerSide },
          { header: 'price', value: (r) => r.price },
          { header: 'qty', value: (r) => r.qty },
          { header: 'takerOrderId', value: (r) => r.takerOrderId },
          { header: 'makerOrderId', value: (r) => r.makerOrderId },
        ],
        rows,
      ),
    );
  return (
    <ListTab
      toolbar={
        <>
          {t('pm.help')}
          <Button size="xs" variant="ghost" onClick={() => q.refetch()} data-testid="prevented-refresh">
            ⟳
          </Button>
        </>
      }
      onCsv={exportCsv}
      csvTestId="prevented-csv"
      query={q}
      loading={q.isLoading}
      columns={cols}
      rowKey={(r) => r.preventedMatchId}
      testId="prevented-matches"
      rowTestId="prevented-row"
      empty={t('pm.none')}
    />
  );
}
