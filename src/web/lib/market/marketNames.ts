// Korean and English names of the coins. English comes from GET /v2/currencies (fullName) when it has one;
// this table fills Korean names (the endpoint has none) and English names for pairs it lacks.
export const COIN_NAMES: Record<string, { ko: string; en: string }> = {
  btc: { ko: '비트코인', en: 'Bitcoin' },
  eth: { ko: '이더리움', en: 'Ethereum' },
  xrp: { ko: '리플', en: 'XRP' },
  sol: { ko: '솔라나', en: 'Solana' },
  doge: { ko: '도지코인', en: 'Dogecoin' },
  usdt: { ko: '테더', en: 'Tether' },
  usdc: { ko: '유에스디코인', en: 'USD Coin' },
  ada: { ko: '에이다', en: 'Cardano' },
  trx: { ko: '트론', en: 'TRON' },
  link: { ko: '체인링크', en: 'Chainlink' },
  dot: { ko: '폴카닷', en: 'Polkadot' },
  avax: { ko: '아발란체', en: 'Avalanche' },
  pol: { ko: '폴리곤 에코시스템 토큰', en: 'POL (ex-MATIC)' },
  matic: { ko: '폴리곤', en: 'Polygon' },
  etc: { ko: '이더리움클래식', en: 'Ethereum Classic' },
  bch: { ko: '비트코인캐시', en: 'Bitcoin Cash' },
  ltc: { ko: '라이트코인', en: 'Litecoin' },
  xlm: { ko: '스텔라루멘', en: 'Stellar' },
  atom: { ko: '코스모스', en: 'Cosmos' },
  near: { ko: '니어프로토콜', en: 'NEAR Protocol' },
  aave: { ko: '에이브', en: 'Aave' },
  uni: { ko: '유니스왑', en: 'Uniswap' },
  sand: { ko: '샌드박스', en: 'The Sandbox' },
  mana: { ko: '디센트럴랜드', en: 'Decentraland' },
  shib: { ko: '시바이누', en: 'Shiba Inu' },
  apt: { ko: '앱토스', en: 'Aptos' },
  arb: { ko: '아비트럼', en: 'Arbitrum' },
  op: { ko: '옵티미즘', en: 'Optimism' },
  sui: { ko: '수이', en: 'Sui' },
  hbar: { ko: '헤데라', en: 'Hedera' },
  klay: { ko: '클레이튼', en: 'Klaytn' },
  kaia: { ko: '카이아', en: 'Kaia' },
  ton: { ko: '톤코인', en: 'Toncoin' },
  pepe: { ko: '페페', en: 'Pepe' },
  wld: { ko: '월드코인', en: 'Worldcoin' },
};

export interface CoinName {
  ko: string;
  en: string;
}

/** Names of a base currency: the table, then the endpoint's fullName, then the code itself. */
export function coinName(code: string, fullName?: string | null): CoinName {
  const c = code.toLowerCase();
  const known = COIN_NAMES[c];
  const en = fullName?.trim() || known?.en || c.toUpperCase();
  return { ko: known?.ko ?? en, en };
}
