import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

const executablePath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

// The specs that run a second time against the sandbox's live-strict profile (docs/sandbox.md,
// "Profiles"): trading, assets (funding lists), desk and the strict kill switch. The fixture reads the
// project's `sandboxProfile`; a spec's own `stackOptions.profile` still wins.
const STRICT_SPECS = [
  /[\\/]trading\.spec\.ts$/,
  /[\\/]accounts-funding\.spec\.ts$/,
  /[\\/]desk\.spec\.ts$/,
  /[\\/]killswitch-strict\.spec\.ts$/,
];
// Specs written for the strict profile only run in the live-strict project.
const STRICT_ONLY = [/[\\/]killswitch-strict\.spec\.ts$/];

export default defineConfig<object, { sandboxProfile: 'standard' | 'live-strict' }>({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  outputDir: 'test-results',
  projects: [
    { name: 'standard', testIgnore: STRICT_ONLY, use: { sandboxProfile: 'standard' } },
    { name: 'live-strict', testMatch: STRICT_SPECS, use: { sandboxProfile: 'live-strict' } },
  ],
  use: {
    viewport: { width: 1600, height: 1000 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
