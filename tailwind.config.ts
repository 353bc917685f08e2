import type { Config } from 'tailwindcss';

// Colors are CSS variables (see src/web/app/theme.css) so the dark/light theme and the
// up/down color convention switch at runtime without rebuilding.
export default {
  content: ['./index.html', './src/web/**/*.{ts,tsx}'],
  darkMode: 'class',
  theme: {
    extend: {
      colors: {
        bg: 'var(--bg)',
        panel: 'var(--panel)',
        panel2: 'var(--panel2)',
        line: 'var(--line)',
        fg: 'var(--fg)',
        dim: 'var(--dim)',
        accent: 'var(--accent)',
        up: 'var(--up)',
        down: 'var(--down)',
        warn: 'var(--warn)',
        danger: 'var(--danger)',
      },
      fontFamily: {
        mono: ['"JetBrains Mono"', 'ui-monospace', 'SFMono-Regular', 'Menlo', 'monospace'],
        sans: ['Inter', '"Noto Sans KR"', '"Noto Sans CJK KR"', 'system-ui', 'sans-serif'],
      },
    },
  },
} satisfies Config;
