/**
 * Where a failed test is (docs/design.md §1 "Test results"): the file and line a reviewer should look at,
 * from the test case's attributes, its failure's stack, or the conventions of the tool that
 * wrote it (a Java class name is a path under src/test/java, a Go failure names a file of
 * the package the class name spells). Only regular files inside the base directory count.
 */
import { findWorkspaceFile, locateInText, type LocationBase } from '../output/source-location.js'
import type { ParsedTestCase } from './junit-parser.js'

/** A test's place, relative to the base's workspace; either part may be unknown. */
export interface TestPlace {
  file?: string
  line?: number
  /** Only from a stack frame that gives one, on the line it gives. */
  column?: number
}

const JAVA_ROOTS = [
  'src/test/java',
  'src/test/kotlin',
  'src/test/scala',
  'src/test/groovy',
  'src/it/java',
  'src/main/java',
  'src/main/kotlin',
  ''
]
/** A frame, after the class loader or module Java 9 and later may name first (`at app//com.example.…`, Gradle's). */
const JAVA_FRAME = /\bat (?:[\w.-]*(?:@[\w.-]+)?\/{1,2})?([\w$.]+)\.[\w$<>]+\(([\w$]+\.(?:java|kt|scala|groovy)):(\d+)\)/g
const GO_LINE = /^\s*([\w.-]+\.go):(\d+):/m

/** A Java frame `at com.example.ApiTest.method(ApiTest.java:15)` of the test's own class. */
function javaPlace(test: ParsedTestCase, base: LocationBase): TestPlace | undefined {
  if (!/^[\w$]+(\.[\w$]+)+$/.test(test.classname) || test.detail === undefined) return undefined
  for (const match of test.detail.matchAll(JAVA_FRAME)) {
    const frameClass = match[1]!.replace(/\$.*$/, '')
    if (frameClass !== test.classname.replace(/\$.*$/, '')) continue
    const packagePath = frameClass.split('.').slice(0, -1).join('/')
    for (const root of JAVA_ROOTS) {
      const file = findWorkspaceFile([root, packagePath, match[2]!].filter(part => part !== '').join('/'), base)
      if (file !== undefined) return { file, line: Number(match[3]) }
    }
    return undefined
  }
  return undefined
}

/** A Go failure's `api_test.go:7:` in the package the class name (its import path) ends in. */
function goPlace(test: ParsedTestCase, base: LocationBase): TestPlace | undefined {
  const match = test.detail === undefined ? null : GO_LINE.exec(test.detail)
  if (match === null) return undefined
  const segments = test.classname.split('/').filter(segment => segment !== '' && segment !== '.' && segment !== '..')
  // The module's root is unknown: try the import path's shortest tails first.
  for (let take = 1; take <= segments.length; take++) {
    const file = findWorkspaceFile([...segments.slice(-take), match[1]!].join('/'), base)
    if (file !== undefined) return { file, line: Number(match[2]) }
  }
  const bare = findWorkspaceFile(match[1]!, base)
  return bare === undefined ? undefined : { file: bare, line: Number(match[2]) }
}

/** A class name that is a file (vitest), or a dotted module (pytest: `tests.test_api.TestUsers`). */
function fileFromClassname(classname: string, base: LocationBase): string | undefined {
  if (classname === '' || classname.length > 1_000) return undefined
  if (/[\\/]/.test(classname) || /\.\w+$/.test(classname)) {
    const file = findWorkspaceFile(classname, base)
    if (file !== undefined) return file
  }
  if (!/^[\w.]+$/.test(classname)) return undefined
  const parts = classname.split('.')
  for (let take = parts.length; take >= 1; take--) {
    const file = findWorkspaceFile(`${parts.slice(0, take).join('/')}.py`, base)
    if (file !== undefined) return file
  }
  return undefined
}

/** The file and line of a test: attributes first, then the stack, then the tool's conventions. */
export function locateTest(test: ParsedTestCase, base: LocationBase): TestPlace {
  const fromAttribute = test.file === undefined ? undefined : findWorkspaceFile(test.file, base)
  // pytest writes `line` 0-based (its suite is named "pytest" unless configured otherwise).
  const attributeLine = test.line === undefined ? undefined : test.suite === 'pytest' ? test.line + 1 : test.line
  const fromStack = test.detail === undefined ? undefined : locateInText(test.detail, base)
  const convention = fromStack === undefined ? (javaPlace(test, base) ?? goPlace(test, base)) : undefined
  const file = fromAttribute ?? fromStack?.file ?? convention?.file ?? fileFromClassname(test.classname, base)
  if (file === undefined) return {}
  const line =
    fromStack !== undefined && fromStack.file === file
      ? fromStack.line
      : convention !== undefined && convention.file === file
        ? convention.line
        : fromAttribute !== undefined
          ? attributeLine
          : undefined
  const column = fromStack !== undefined && fromStack.file === file && line === fromStack.line ? fromStack.column : undefined
  return { file, ...(line !== undefined && line >= 1 && { line, ...(column !== undefined && { column }) }) }
}
