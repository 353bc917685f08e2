import { AmendDialog } from '../amend/AmendDialog.js';
import { AmendGroupDialog } from '../amend/AmendGroupDialog.js';
import { WorkspaceKeys } from '../hotkeys/WorkspaceKeys.js';

/** The trading screen's pieces that belong to no panel: the amendment dialogs that rows and chart lines
 *  open, and the keys with their palette and help. Their own chunk, so they never wait for the chart. */
export function ScreenWide() {
  return (
    <>
      <AmendDialog />
      <AmendGroupDialog />
      <WorkspaceKeys />
    </>
  );
}
