/**
 * URL credentials (docs/design.md §5 "Redaction"): the password of `scheme://user:password@host`
 * and a userinfo that is a lone token are redacted, whole and streamed, wherever the stream
 * cuts them; the scheme, the user and the host stay readable.
 */
import { createRedactor, type Redactor } from '../../../src/core/redaction/index.js'

// Assembled at run time so that no credential-looking literal sits in the source.
const PASSWORD = 'hun' + 'ter2-Xq9'
const TOKEN = 'tok' + '3nA1b2C3d4E5f6G7h8'
const MARKER = '[redacted:url-credential]'

const redactor = createRedactor({})

function streamed(redactor: Redactor, chunks: readonly string[]): string {
  const stream = redactor.stream()
  let out = ''
  for (const chunk of chunks) out += stream.push(chunk)
  return out + stream.end()
}

const CASES: ReadonlyArray<readonly [string, string]> = [
  [`postgres://ci:${PASSWORD}@db:5432/app`, `postgres://ci:${MARKER}@db:5432/app`],
  [`git clone https://deploy:${PASSWORD}@git.example.com/o/r.git`, `git clone https://deploy:${MARKER}@git.example.com/o/r.git`],
  [`https://x-access-token:${TOKEN}@github.com/o/r`, `https://x-access-token:${MARKER}@github.com/o/r`],
  [`https://${TOKEN}@github.com/o/r`, `https://${MARKER}@github.com/o/r`],
  // An empty user, a password holding `@` and `:` (the last `@` ends it), percent-escapes.
  [`redis://:${PASSWORD}@cache`, `redis://:${MARKER}@cache`],
  [`amqp://u:p@ss:w0rd@mq/vhost`, `amqp://u:${MARKER}@mq/vhost`],
  [`"mysql://root:${PASSWORD}%21@localhost"`, `"mysql://root:${MARKER}@localhost"`]
]

test.each(CASES)('redacts the credential of %s and keeps the rest', (text, expected) => {
  expect(redactor.redact(text)).toBe(expected)
  // Redacting again changes nothing.
  expect(redactor.redact(expected)).toBe(expected)
})

test.each([
  'https://github.com/o/r.git',
  'ssh://git@github.com:22/o/r.git',
  'https://user@example.com/path',
  'http://localhost:8080/a?b=c@d',
  'mailto:someone@example.com',
  'ssh://git@host:path/repo.git and later someone@example.com',
  '12:30:45 done'
])('leaves %s alone', text => {
  expect(redactor.redact(text)).toBe(text)
})

test('a URL cut anywhere across stream chunks is redacted as a whole one is', () => {
  const line = `before postgres://ci:${PASSWORD}@db/app and https://${TOKEN}@github.com/o after\n`
  const whole = redactor.redact(line)
  expect(whole).not.toContain(PASSWORD)
  expect(whole).not.toContain(TOKEN.slice(4))
  for (let cut = 1; cut < line.length; cut++) {
    expect(streamed(redactor, [line.slice(0, cut), line.slice(cut)])).toBe(whole)
  }
  for (let a = 1; a < line.length; a += 3) {
    for (let b = a + 1; b < line.length; b += 5) {
      expect(streamed(redactor, [line.slice(0, a), line.slice(a, b), line.slice(b)])).toBe(whole)
    }
  }
  // One character at a time.
  expect(streamed(redactor, [...line])).toBe(whole)
})

test('a stream holds back an unfinished userinfo only, and only up to a bound', () => {
  const stream = redactor.stream()
  expect(stream.push('ok: see https://ci:')).toBe('ok: see https')
  expect(stream.push(`${PASSWORD}`)).toBe('')
  expect(stream.push(`@db/x\n`)).toBe(`://ci:${MARKER}@db/x\n`)
  // A run of userinfo characters longer than the bound (2 KiB) is let out.
  const long = redactor.stream()
  const run = `https://${'a!'.repeat(2500)}`
  expect(long.push(run)).toBe(run)
  expect(long.push(`b`)).toBe('') // a token may be starting
  expect(long.end()).toBe('b')
})

test('a token shape or a redact value inside the userinfo is blanked as one URL credential', () => {
  const github = 'ghp' + '_' + 'a1B2c3D4'.repeat(5).slice(0, 36)
  expect(redactor.redact(`https://x-access-token:${github}@github.com`)).toBe(`https://x-access-token:${MARKER}@github.com`)
  const withValue = createRedactor({ values: [PASSWORD] })
  expect(withValue.redact(`postgres://ci:${PASSWORD}@db`)).toBe(`postgres://ci:${MARKER}@db`)
  expect(withValue.redact(`pw ${PASSWORD}`)).toBe('pw [redacted:redact-input]')
})
