import { AmendDialog, AmendGroupDialog } from '../amend/index.js';
import { WorkspaceKeys } from '../hotkeys/index.js';

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
