// Ready-made freshness marks for the common cases, so a panel adds one element to its header.
import type { Stream } from '../ws.js';
import { publicStream } from '../ws.js';
import { StaleMark } from './StaleMark.js';
import { type QueryLike, useQueryFreshness, useStreamFreshness } from './useFreshness.js';

/** Mark of a panel fed by the public market stream (header price, chart, tape, book). */
export function MarketMark({ testId }: { testId?: string }) {
  return <StaleMark f={useStreamFreshness(publicStream)} testId={testId} />;
}

/** Mark of a REST panel, optionally kept live by a (private) stream. */
export function QueryMark(props: {
  q: QueryLike;
  stream?: Stream | null;
  budgetMs?: number;
  testId?: string;
}) {
  const f = useQueryFreshness(props.q, { stream: props.stream, budgetMs: props.budgetMs });
  return <StaleMark f={f} testId={props.testId} />;
}
