/**
 * Debian's Chromium for the browser tests, driven by puppeteer-core (no browser download).
 * A test skips when there is none, unless REVERIFY_REQUIRE_BROWSER=1 (CI) makes that a failure.
 */
import { test } from '@jest/globals'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import puppeteer, { type Browser } from 'puppeteer-core'

/** The browser's executable: REVERIFY_CHROMIUM, else Debian's. */
export const CHROMIUM = process.env.REVERIFY_CHROMIUM || '/usr/bin/chromium'
const required = process.env.REVERIFY_REQUIRE_BROWSER === '1'
const available = existsSync(CHROMIUM)

if (!available && !required) {
  process.stderr.write(`browser test skipped: no Chromium at ${CHROMIUM} (install it, or set REVERIFY_CHROMIUM)\n`)
}

/** `test` when a browser test can run (or must), `test.skip` otherwise. */
export const browserTest = available || required ? test : test.skip

/** How to start the browser: variables added to its environment (a FONTCONFIG_FILE, say). */
export interface ChromiumOptions {
  env?: Record<string, string>
}

/** Runs `use` with a fresh headless browser and profile, closing both whatever happens. */
export async function withChromium<T>(use: (browser: Browser) => Promise<T>, options: ChromiumOptions = {}): Promise<T> {
  if (!available) throw new Error(`REVERIFY_REQUIRE_BROWSER=1 but there is no Chromium at ${CHROMIUM}`)
  const profile = mkdtempSync(join(tmpdir(), 'reverify-chromium-'))
  let browser: Browser | undefined
  try {
    // As root Chromium needs --no-sandbox; the rest keeps it from reaching for the network.
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      userDataDir: profile,
      ...(options.env !== undefined && { env: { ...process.env, ...options.env } }),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync'
      ]
    })
    return await use(browser)
  } finally {
    await browser?.close()
    rmSync(profile, { recursive: true, force: true })
  }
}
