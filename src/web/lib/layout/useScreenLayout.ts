import { useCallback } from 'react';
import { useViewport } from '../useViewport.js';
import { type ScreenLayout, sizeClass, useWorkspaceLayouts } from './workspaceLayout.js';

/** The layout of the current screen size and a setter that stores into that size only. */
export function useScreenLayout() {
  const cls = sizeClass(useViewport().width);
  const layout = useWorkspaceLayouts((s) => s.byClass[cls]);
  const updateAll = useWorkspaceLayouts((s) => s.update);
  const update = useCallback((patch: Partial<ScreenLayout>) => updateAll(cls, patch), [updateAll, cls]);
  return { cls, layout, update };
}

/** Current stored layout of a size class, for drag handlers that must read the latest value. */
export const layoutOf = (cls: ReturnType<typeof sizeClass>) => useWorkspaceLayouts.getState().byClass[cls];
