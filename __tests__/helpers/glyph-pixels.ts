/**
 * Whether an emoji is drawn as the emoji or as a missing-glyph box (docs/design.md §5 "Job
 * summary": the summary's headings start with ❌ ✅ ⚠️ ⛔). A colour emoji font paints
 * saturated red, green or yellow pixels; a box, or a monochrome fallback glyph, paints
 * shades of grey only. The pixels come from a real screenshot of the element, decoded by a
 * canvas in a blank page of the same browser (no image library needed, and no page's
 * Content-Security-Policy in the way: the report's forbids data: images).
 */
import { spawnSync } from 'node:child_process'
import { test } from '@jest/globals'
import type { Page } from 'puppeteer-core'

/** How many of an element's screenshot pixels are strongly coloured, by hue. */
export interface GlyphColours {
  /** Every pixel of the element's screenshot. */
  pixels: number
  /** Pixels whose brightest and dimmest channels differ by more than 100 of 255. */
  saturated: number
  /** Saturated pixels that are red (❌, ⛔), green (✅) or yellow and orange (⚠️). */
  red: number
  green: number
  yellow: number
}

/** Photographs the first element `selector` matches and counts its coloured pixels. */
export async function glyphColours(page: Page, selector: string): Promise<GlyphColours> {
  const element = await page.$(selector)
  if (element === null) throw new Error(`no element matches ${selector}`)
  const png = await element.screenshot({ encoding: 'base64' })
  const blank = await page.browser().newPage()
  try {
    return await countColours(blank, png)
  } finally {
    await blank.close()
  }
}

/** Decodes a base64 PNG in `page` and counts its coloured pixels. */
function countColours(page: Page, png: string): Promise<GlyphColours> {
  return page.evaluate(async (data: string) => {
    const image = new Image()
    image.src = `data:image/png;base64,${data}`
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = image.width
    canvas.height = image.height
    const context = canvas.getContext('2d')!
    context.drawImage(image, 0, 0)
    const rgba = context.getImageData(0, 0, canvas.width, canvas.height).data
    const counts = { pixels: rgba.length / 4, saturated: 0, red: 0, green: 0, yellow: 0 }
    for (let i = 0; i < rgba.length; i += 4) {
      const [r, g, b] = [rgba[i]!, rgba[i + 1]!, rgba[i + 2]!]
      if (Math.max(r, g, b) - Math.min(r, g, b) <= 100) continue
      counts.saturated++
      if (r > 150 && g > 120 && b < 100) counts.yellow++
      else if (r > 150 && g < 100 && b < 100) counts.red++
      else if (g > 120 && r < 150 && b < 150) counts.green++
    }
    return counts
  }, png)
}

/** The families of the colour fonts fontconfig knows (`fc-list :color=true`), empty without one or without fc-list. */
export function colourFonts(): string[] {
  const listed = spawnSync('fc-list', [':color=true', 'family'], { encoding: 'utf8' })
  return listed.status === 0 ? listed.stdout.split('\n').filter(line => line.trim() !== '') : []
}

/**
 * `test` when the colour emoji font is installed or REVERIFY_REQUIRE_BROWSER=1 asks for every
 * browser test (CI: a missing font then fails the test, it does not skip it); `test.skip`
 * otherwise, with a line that says what to install.
 */
export function emojiTest(): typeof test | typeof test.skip {
  if (colourFonts().length > 0 || process.env.REVERIFY_REQUIRE_BROWSER === '1') return test
  process.stderr.write('emoji test skipped: no colour emoji font (install fonts-noto-color-emoji)\n')
  return test.skip
}

/**
 * A fontconfig file that is the system's own without any colour font: Chromium started with
 * it as FONTCONFIG_FILE draws emoji as a machine without the emoji font does.
 */
export const NO_COLOUR_FONTS_CONFIG = `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <include>/etc/fonts/fonts.conf</include>
  <selectfont><rejectfont><pattern><patelt name="color"><bool>true</bool></patelt></pattern></rejectfont></selectfont>
</fontconfig>
`
