// The relay delivers live-shaped private frames (pair at the top level, rows without symbol) unchanged
// and only to the browser sockets subscribed to the frame's account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIVE_MY_ASSET,
  LIVE_MY_ORDER,
  LIVE_MY_ORDER_UNTAGGED,
  LIVE_MY_TRADE,
} from '../../core/fixtures/live/ws.js';
import { type FakeUpstream, startFakeUpstream } from '../testing/fakeUpstream.js';
import { sleep, startTestProxy, type TestProxy } from '../testing/harness.js';

let fake: FakeUpstream;
let t: TestProxy;

beforeAll(async () => {
  fake = await startFakeUpstream();
  t = await startTestProxy(fake);
});
afterAll(async () => {
  await t.proxy.close();
  await fake.close();
});

describe('relay over live private frames', () => {
  it('passes myOrder / myTrade / myAsset frames through unchanged to their account only', async () => {
    const two = await t.ws('/ws/private');
    const one = await t.ws('/ws/private');
    two.send([
      { requestId: 1, method: 'subscribe', type: 'myOrder', accountSeqs: [2] },
      { requestId: 2, method: 'subscribe', type: 'myTrade', accountSeqs: [2] },
      { requestId: 3, method: 'subscribe', type: 'myAsset', accountSeqs: [2] },
    ]);
    one.send([{ requestId: 4, method: 'subscribe', type: 'myOrder' }]);
    await two.waitFor((m) => m.requestId === 3 && m.status === 'success');
    await one.waitFor((m) => m.requestId === 4 && m.status === 'success');

    fake.broadcastPrivate(LIVE_MY_ORDER);
    fake.broadcastPrivate(LIVE_MY_TRADE);
    fake.broadcastPrivate(LIVE_MY_ASSET);
    fake.broadcastPrivate(LIVE_MY_ORDER_UNTAGGED);
    expect(await two.waitFor((m) => m.channelType === 'myOrder')).toEqual(LIVE_MY_ORDER);
    expect(await two.waitFor((m) => m.channelType === 'myTrade')).toEqual(LIVE_MY_TRADE);
    expect(await two.waitFor((m) => m.channelType === 'myAsset')).toEqual(LIVE_MY_ASSET);
    expect(await one.waitFor((m) => m.channelType === 'myOrder')).toEqual(LIVE_MY_ORDER_UNTAGGED);
    await sleep(50);
    expect(two.messages.filter((m) => m.channelType === 'myOrder')).toHaveLength(1);
    expect(one.messages.filter((m) => m.channelType)).toHaveLength(1);
    two.close();
    one.close();
  });
});
