import { after } from 'node:test';
import { chromium, type Page } from 'playwright-core';

export interface Chromium {
  /** A fresh browser profile (cookies and all) with one page. */
  newPage(viewport?: { width: number; height: number }, colorScheme?: 'light' | 'dark'): Promise<Page>;
}

/** Debian's Chromium, headless; call at the top of a suite: it closes after the file. */
export async function startChromium(): Promise<Chromium> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  after(() => browser.close());
  return {
    async newPage(viewport = { width: 1024, height: 800 }, colorScheme = 'light') {
      const context = await browser.newContext({ viewport, colorScheme });
      return context.newPage();
    },
  };
}
