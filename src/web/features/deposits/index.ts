// The door of the deposits feature (issue 19 item 2): the pieces withdrawals reuse.
export { CopyButton } from './CopyButton.js';
export { CurrencyNetworkPicker } from './CurrencyNetworkPicker.js';
