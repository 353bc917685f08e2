// The door of the market list (issue 19 item 2). The trading screen imports it only dynamically, so the
// list (with its Hangul search) stays in its own chunk; its rows and sort store are in lib/market/.
export { MarketSidebar } from './MarketSidebar.js';
