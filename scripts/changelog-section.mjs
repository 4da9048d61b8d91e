// Prints one version's section of CHANGELOG.md, without its heading: the text of that
// version's GitHub release (.github/workflows/release.yml).
//
//   node scripts/changelog-section.mjs v1.2.3 [CHANGELOG.md] > notes.md
//
// A version without a section, or with an empty one, is one line on stderr and exit 1, so a
// release never goes out without its notes.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** A version section's heading: `## [1.2.3] - 2026-12-01`, or `## [Unreleased]`. */
const HEADING = /^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?[ \t]*$/

/** A link reference at the bottom: `[1.2.3]: <target>`. */
const LINK = /^\[([^\]]+)\]: (\S+)[ \t]*$/

/**
 * The changelog's version sections in file order ({ name, date, body, headings }), and its
 * link references (name to target). body is the section's text without its heading or the
 * link references, trimmed; headings are its `###` headings.
 */
export function parseChangelog(text) {
  const sections = []
  const links = new Map()
  let current
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const heading = HEADING.exec(line)
    const link = LINK.exec(line)
    if (heading) {
      current = { name: heading[1], date: heading[2], lines: [] }
      sections.push(current)
    } else if (link) {
      links.set(link[1], link[2])
    } else if (/^## /.test(line)) {
      current = undefined
    } else if (current) {
      current.lines.push(line)
    }
  }
  return {
    sections: sections.map(({ name, date, lines }) => {
      const body = lines.join('\n').trim()
      const headings = [...body.matchAll(/^### (.+?)[ \t]*$/gm)].map(match => match[1])
      return { name, date, body, headings }
    }),
    links
  }
}

/** The body of `version`'s section (a leading `v` is dropped), or undefined when there is none. */
export function changelogSection(text, version) {
  const name = version.replace(/^v(?=\d)/, '')
  const section = parseChangelog(text).sections.find(candidate => candidate.name === name)
  return section?.body || undefined
}

function main(args) {
  const [version, path = 'CHANGELOG.md'] = args
  if (!version) {
    process.stderr.write('usage: node scripts/changelog-section.mjs <version|vX.Y.Z> [CHANGELOG.md]\n')
    return 2
  }
  let text
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    process.stderr.write(`changelog-section: cannot read ${path}: ${error.code ?? error.message}\n`)
    return 1
  }
  const body = changelogSection(text, version)
  if (body === undefined) {
    process.stderr.write(`changelog-section: ${path} has no section, or an empty one, for ${version}\n`)
    return 1
  }
  process.stdout.write(`${body}\n`)
  return 0
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = main(process.argv.slice(2))
}
