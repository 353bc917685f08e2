import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { usePrefs } from '../store/prefs.js';
import { createQueryClient } from './queryClient.js';
import { startEarly } from './startup.js';

/** Applies theme / color convention / language to <html> so CSS variables switch at runtime. */
function ThemeSync() {
  const theme = usePrefs((s) => s.theme);
  const colors = usePrefs((s) => s.colorScheme);
  const lang = usePrefs((s) => s.language);
  useEffect(() => {
    const html = document.documentElement;
    html.classList.toggle('dark', theme === 'dark');
    html.classList.toggle('light', theme === 'light');
    html.dataset.colors = colors;
    html.lang = lang;
  }, [theme, colors, lang]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(() => {
    const c = createQueryClient();
    startEarly(c);
    return c;
  });
  return (
    <QueryClientProvider client={client}>
      <ThemeSync />
      {children}
    </QueryClientProvider>
  );
}
