// How a firing price alert is delivered: toast, sound, browser notification (each on or off, localStorage).
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface AlertPrefsState {
  toast: boolean;
  sound: boolean;
  notify: boolean;
  set: (p: Partial<Omit<AlertPrefsState, 'set'>>) => void;
}

export const useAlertPrefs = create<AlertPrefsState>()(
  persist((set) => ({ toast: true, sound: true, notify: false, set: (p) => set(p) }), {
    name: 'kapi-alert-prefs',
    version: 1,
    storage: createJSONStorage(() => localStorage),
    partialize: ({ set: _s, ...rest }) => rest,
  }),
);

export type NotifyPermission = NotificationPermission | 'unsupported';

export function notifyPermission(): NotifyPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks for notification permission; call only from a user gesture (a click on the switch). */
export async function askNotifyPermission(): Promise<NotifyPermission> {
  if (typeof Notification === 'undefined') return 'unsupported';
  if (Notification.permission !== 'default') return Notification.permission;
  try {
    return await Notification.requestPermission();
  } catch {
    return Notification.permission;
  }
}
