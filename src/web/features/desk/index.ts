// The door of the desk feature for other features (older imports still reach files directly; see
// scripts/architecture-baseline.json).
export { PnlUncertainMark } from './PnlUncertainMark.js';
