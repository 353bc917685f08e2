// The door of the keyboard feature (issue 19 item 2): the workspace keys with their palette and help, and
// the cancel-all confirmation. Keys pressed before this loads are held by lib/earlyKeys.ts.
export { CancelAllDialog } from './CancelAllDialog.js';
export { WorkspaceKeys } from './WorkspaceKeys.js';
