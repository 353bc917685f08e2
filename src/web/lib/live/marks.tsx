// A ready-made freshness mark for panels fed by the public market stream: one element in the header.
import { publicStream } from '../ws.js';
import { StaleMark } from './StaleMark.js';
import { useStreamFreshness } from './useFreshness.js';

/** Mark of a panel fed by the public market stream (header price, chart, tape, book). */
export function MarketMark({ testId }: { testId?: string }) {
  return <StaleMark f={useStreamFreshness(publicStream)} testId={testId} />;
}
