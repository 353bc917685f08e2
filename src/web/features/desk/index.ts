// The door of the desk feature (issue 19 item 2): the desk header, the kill switch and the account-card
// pieces the monitor composes. The desk's settings and reports store is lib/deskState.ts.
export { DeskHeader, HeaderButton, useKillHotkey } from './DeskHeader.js';
export { ExposureBar, exposureColor } from './ExposureBar.js';
export { KillSwitchDialog } from './KillSwitchDialog.js';
export { PnlUncertainMark } from './PnlUncertainMark.js';
export { Sparkline } from './Sparkline.js';
export { useAccountDay } from './useDeskEquity.js';
