// The exchange's WebSocket channels (spec 6): public ones by symbol, private ones by account. The
// sandbox serves them, the proxy relays them, the dashboard subscribes to them.

export const PUBLIC_CHANNELS = ['ticker', 'orderbook', 'trade'] as const;
export const PRIVATE_CHANNELS = ['myOrder', 'myTrade', 'myAsset'] as const;
export const WS_CHANNELS = [...PUBLIC_CHANNELS, ...PRIVATE_CHANNELS] as const;

export type PublicChannel = (typeof PUBLIC_CHANNELS)[number];
export type PrivateChannel = (typeof PRIVATE_CHANNELS)[number];

export function isPublicChannel(type: unknown): type is PublicChannel {
  return (PUBLIC_CHANNELS as readonly unknown[]).includes(type);
}

export function isPrivateChannel(type: unknown): type is PrivateChannel {
  return (PRIVATE_CHANNELS as readonly unknown[]).includes(type);
}
