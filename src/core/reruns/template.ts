/**
 * Rerun templates (docs/design.md §1 "Rerunning only the failed tests", the contract's §11):
 * a command with placeholders that a retry fills from the tests that failed in the attempt
 * before. Test names come from the runner's JUnit file and are untrusted: each value is
 * quoted for the run's shell, so no name can end its quoting, start a command or become an
 * option, whatever it holds (quotes, `$( )`, backticks, newlines, a leading `-`).
 */
import { escapeRegExp } from '../base/regexp.js'
import type { ShellSpec } from '../shell/script-shell.js'

/** The placeholders a template may use. */
export const PLACEHOLDERS = ['files', 'names', 'pattern', 'titles', 'ids', 'packages'] as const

/** The placeholders in words, for messages. */
export const PLACEHOLDER_LIST = '{files}, {names}, {pattern}, {titles}, {ids} or {packages}'

/** One placeholder. */
export type Placeholder = (typeof PLACEHOLDERS)[number]

/** A failed test as a rerun needs it. */
export interface RerunTarget {
  /** The name reverify knows it by (`classname › name`, as in the summary and receipts). */
  name: string
  /** The test case's own name, as the runner wrote it in `name`. */
  caseName: string
  /** Its class name in the JUnit file ('' when none). */
  classname: string
  /** Its file, relative to the working directory and `/`-separated, when the results say it. */
  file?: string
}

// `{word}` not preceded by `$` (so `${HOME}` stays the shell's).
const PLACEHOLDER = /(?<!\$)\{([a-z]+)\}/g

/** The placeholders a template uses, in order of first use; throws a one-line message for an unknown one or none. */
export function templatePlaceholders(template: string): Placeholder[] {
  const used: Placeholder[] = []
  for (const match of template.matchAll(PLACEHOLDER)) {
    const word = match[1]!
    if (!(PLACEHOLDERS as readonly string[]).includes(word)) {
      throw new Error(`{${word}} is not a placeholder; use ${PLACEHOLDER_LIST}`)
    }
    if (!used.includes(word as Placeholder)) used.push(word as Placeholder)
  }
  if (used.length === 0) throw new Error(`the template has no placeholder; use ${PLACEHOLDER_LIST}`)
  return used
}

/** Shells whose quoting a template's values can be given. */
export function quotingFor(shell: ShellSpec): ((value: string) => string) | undefined {
  if (shell.kind === 'bash' || shell.kind === 'sh') return posixQuote
  if (shell.kind === 'pwsh' || shell.kind === 'powershell') return powershellQuote
  return undefined
}

/**
 * One word for a POSIX shell: inside single quotes nothing is special but the quote itself,
 * which is closed, escaped and reopened. Newlines stay inside the quotes.
 */
export function posixQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`
}

/** One word for PowerShell: single quotes, each quote doubled (its typographic quotes too). */
export function powershellQuote(value: string): string {
  return `'${value.replace(/['\u2018\u2019\u201a\u201b]/g, quote => `${quote}${quote}`)}'`
}

/**
 * One anchored expression that matches exactly these names and nothing else, in each way a
 * runner's filter may spell them. vitest writes a test's name as its describe blocks and
 * title joined by ` > ` but its `-t` matches them joined by spaces, so a name holding ` > `
 * also matches with spaces in their place. jest-junit writes a test outside any describe
 * block as its (empty) describe path and title joined by a space, ` title`, which jest's `-t`
 * sees as `title`, so a name starting with a space also matches without it.
 */
export function exactPattern(names: readonly string[]): string {
  const spellings = names.flatMap(name => {
    const forms = name.includes(' > ') ? [name, name.split(' > ').join(' ')] : [name]
    return forms.flatMap(form => (form.startsWith(' ') && form.trim() !== '' ? [form, form.slice(1)] : [form]))
  })
  return `^(?:${[...new Set(spellings)].map(escapeRegExp).join('|')})$`
}

/**
 * One expression that matches a test whose full title ends with one of these names, after a
 * space or at the start: Playwright's `-g` searches (unanchored) the project, file, describe
 * blocks and title joined by spaces, while its JUnit name joins the describe blocks and
 * title with ` › `. A test elsewhere whose title path ends with the same words matches too
 * (it is rerun as well; the verdict still asks for every target).
 */
export function titlesPattern(names: readonly string[]): string {
  const spellings = names.map(name => name.split(' › ').join(' ').trim())
  return `(?:^| )(?:${[...new Set(spellings)].map(escapeRegExp).join('|')})$`
}

/** A test's file as a word that cannot be read as an option (`-x.test.js` becomes `./-x.test.js`). */
function fileWord(file: string): string {
  return file.startsWith('-') ? `./${file}` : file
}

const PYTEST_CLASS = /^[A-Z]/

/**
 * A pytest-style id, `file::Class::name`. pytest's class name is the test's node id with
 * `/` and `::` turned into dots and `.py` dropped (`tests/test_api.py::TestUser` is
 * `tests.test_api.TestUser`), relative to its rootdir; classes are the trailing parts
 * starting with an uppercase letter. The file is the target's own when the class name
 * spells it (or its tail, when pytest ran below the working directory), else the module
 * path the class name spells: a failure's stack may end in a helper module, not the test's.
 */
export function testId(target: RerunTarget): string | undefined {
  const { file, caseName } = target
  const parts = target.classname.split('.')
  const dotted = target.classname !== '' && parts.every(part => /^\w+$/.test(part))
  if (file !== undefined && !(dotted && file.endsWith('.py'))) {
    const className = parts.at(-1)!
    return [fileWord(file), ...(PYTEST_CLASS.test(className) ? [className] : []), caseName].join('::')
  }
  if (!dotted) return undefined
  const known = file === undefined ? [] : file.slice(0, -3).split('/')
  for (let take = known.length; take >= 1; take--) {
    const module = known.slice(-take).join('.')
    const classes =
      target.classname === module ? [] : target.classname.startsWith(`${module}.`) ? parts.slice(module.split('.').length) : undefined
    if (classes?.every(part => PYTEST_CLASS.test(part))) return [fileWord(file!), ...classes, caseName].join('::')
  }
  const firstClass = parts.findIndex((part, index) => index > 0 && PYTEST_CLASS.test(part))
  const modules = firstClass === -1 ? parts : parts.slice(0, firstClass)
  return [fileWord(`${modules.join('/')}.py`), ...parts.slice(modules.length), caseName].join('::')
}

const GO_PACKAGE = /^[\w.~+-]+(?:\/[\w.~+-]+)*$/

/**
 * A Go package, for `go test`: the class name, which gotestsum writes as the test's import
 * path (`example.com/demo/api`) unless told `--junitfile-testcase-classname short`. Only a
 * path of import-path characters that does not start with `-` or `.` qualifies: anything
 * else would be read as a flag or a file.
 */
export function goPackage(target: RerunTarget): string | undefined {
  const { classname } = target
  return GO_PACKAGE.test(classname) && !/^[-.]/.test(classname) && !classname.includes('..') ? classname : undefined
}

/** Why these targets cannot fill the template, or undefined when they can. */
export function missingFor(template: string, targets: readonly RerunTarget[]): string | undefined {
  const used = templatePlaceholders(template)
  const without = used.includes('files') ? targets.find(target => target.file === undefined) : undefined
  if (without !== undefined) return `the test "${without.name}" has no file in the results, which {files} needs`
  const noId = used.includes('ids') ? targets.find(target => testId(target) === undefined) : undefined
  if (noId !== undefined) return `the test "${noId.name}" has no file in the results, which {ids} needs`
  const noPackage = used.includes('packages') ? targets.find(target => goPackage(target) === undefined) : undefined
  if (noPackage !== undefined) return `the test "${noPackage.name}" has no Go import path as its class name, which {packages} needs`
  return undefined
}

/** The values of each placeholder for these targets, unquoted. */
export function placeholderValues(targets: readonly RerunTarget[]): Record<Placeholder, string[]> {
  const files = [...new Set(targets.flatMap(target => (target.file === undefined ? [] : [fileWord(target.file)])))]
  const caseNames = [...new Set(targets.map(target => target.caseName))]
  return {
    files,
    names: caseNames,
    pattern: [exactPattern(caseNames)],
    titles: [titlesPattern(caseNames)],
    ids: [...new Set(targets.flatMap(target => testId(target) ?? []))],
    packages: [...new Set(targets.flatMap(target => goPackage(target) ?? []))]
  }
}

/**
 * The rerun command: the template with each placeholder replaced by its values, each quoted
 * for the shell and joined by spaces. Throws a one-line message when the shell has no
 * quoting reverify can vouch for or a target lacks what the template needs.
 */
export function expandTemplate(template: string, targets: readonly RerunTarget[], shell: ShellSpec): string {
  const quote = quotingFor(shell)
  if (quote === undefined) throw new Error(`a rerun template needs bash, sh or pwsh to quote test names for, not ${shell.kind}`)
  const missing = missingFor(template, targets)
  if (missing !== undefined) throw new Error(missing)
  const values = placeholderValues(targets)
  return template.replace(PLACEHOLDER, (_, word: Placeholder) => values[word].map(quote).join(' '))
}
