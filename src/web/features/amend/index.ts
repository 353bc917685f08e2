// The door of the order-amendment feature (issue 19 item 2): the dialogs, and the calls that open them
// from order rows and chart lines.
export { AmendDialog } from './AmendDialog.js';
export { AmendGroupDialog } from './AmendGroupDialog.js';
export { type AmendTarget, openAmend, openGroupAmend } from './amendStore.js';
