/**
 * The job summary's icons (docs/design.md §5 "Job summary": ❌ failed, ✅ passed, ⚠️ flaky or
 * quarantined, ⛔ blocked) are drawn as emoji in a real headless Chromium, not as the empty
 * boxes of a missing glyph: each one photographed alone holds its colour. Needs a colour
 * emoji font (Debian's fonts-noto-color-emoji, which .ci/run installs); without one the test
 * skips, unless REVERIFY_REQUIRE_BROWSER=1, where a missing font fails it. The second test
 * shows that the check tells the two apart: Chromium started with a fontconfig that hides
 * every colour font draws the same icons without a coloured pixel.
 */
import { expect } from '@jest/globals'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'puppeteer-core'
import { browserTest, withChromium } from '../helpers/chromium.js'
import { emojiTest, glyphColours, NO_COLOUR_FONTS_CONFIG, type GlyphColours } from '../helpers/glyph-pixels.js'

/** Each icon the summary's heading starts with, and the colour it is drawn in. */
const ICONS = [
  { icon: '❌', hue: 'red' },
  { icon: '✅', hue: 'green' },
  { icon: '⚠️', hue: 'yellow' },
  { icon: '⛔', hue: 'red' }
] as const

/** The font the summary screenshot's page uses, GitHub's stack (see summary-screenshot.slow.test.ts). */
const FONT = `font:32px -apple-system,"Segoe UI",Helvetica,Arial,sans-serif`

/** Every icon in a span of its own on a white page, photographed and counted. */
async function iconColours(browser: Browser): Promise<GlyphColours[]> {
  const page = await browser.newPage()
  const spans = ICONS.map(({ icon }, index) => `<span id="icon-${index}">${icon}</span>`).join(' ')
  await page.setContent(`<!doctype html><meta charset=utf-8><body style='${FONT};background:#fff;color:#1f2328'>${spans}</body>`)
  const counted: GlyphColours[] = []
  for (const index of ICONS.keys()) counted.push(await glyphColours(page, `#icon-${index}`))
  return counted
}

emojiTest()('the summary’s icons are drawn as colour emoji, not missing-glyph boxes', async () => {
  const counted = await withChromium(iconColours)
  ICONS.forEach(({ icon, hue }, index) => {
    const colours = counted[index]!
    // A colour emoji fills a good part of its box with its colour (❌ about a sixth of the
    // span's pixels at 32 px); a box or a monochrome glyph has none.
    expect({ icon, share: colours[hue] / colours.pixels > 0.05 }).toEqual({ icon, share: true })
  })
})

browserTest('without a colour emoji font, the same check finds no colour: it catches a missing glyph', async () => {
  const config = join(mkdtempSync(join(tmpdir(), 'reverify-fonts-')), 'fonts.conf')
  writeFileSync(config, NO_COLOUR_FONTS_CONFIG)
  const counted = await withChromium(iconColours, { env: { FONTCONFIG_FILE: config } })
  ICONS.forEach(({ icon }, index) => expect({ icon, saturated: counted[index]!.saturated }).toEqual({ icon, saturated: 0 }))
})
