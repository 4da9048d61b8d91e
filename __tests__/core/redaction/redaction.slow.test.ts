import { randomBytes } from 'node:crypto'
import fc from 'fast-check'
import { createRedactor, type Redactor } from '../../../src/core/redaction/index.js'

// Token-shaped fixtures are assembled at run time so that no credential-looking literal
// sits in the source.
const repeatTo = (seed: string, length: number) => seed.repeat(Math.ceil(length / seed.length)).slice(0, length)
const GITHUB_CLASSIC = 'ghp' + '_' + repeatTo('a1B2c3D4', 36)
const GITHUB_FINE = 'github' + '_pat_' + repeatTo('11ABCDEFG0_xyz', 82)
const GITLAB = 'glpat' + '-' + repeatTo('Zq8_xW', 20)
const SLACK = 'xox' + 'b-' + '1234567890-0987654321-' + repeatTo('AbCd', 24)
const AWS_KEY = 'AK' + 'IA' + repeatTo('Q7RX', 16)
const AWS_SESSION_KEY = 'AS' + 'IA' + repeatTo('M2KZ', 16)
const API_KEY = 'sk' + '-proj-' + repeatTo('T3BlbkFJ', 40)
const base64url = (text: string) => Buffer.from(text).toString('base64url')
const JWT = `${base64url('{"alg":"HS256","typ":"JWT"}')}.${base64url('{"sub":"1234567890","name":"x"}')}.${repeatTo('s1G_n-', 43)}`
const BASIC_CREDENTIAL = Buffer.from('x-access-token:' + GITHUB_CLASSIC).toString('base64')
const PEM = [
  '-----BEGIN RSA PRIVATE KEY-----',
  repeatTo('MIIEowIBAAKCAQEA', 64),
  repeatTo('b3BlbnNzaC1rZXk', 64),
  '-----END RSA PRIVATE KEY-----'
].join('\n')

const VALUE = 'correct horse battery staple'

function streamed(redactor: Redactor, chunks: readonly string[]): string {
  const stream = redactor.stream()
  let out = ''
  for (const chunk of chunks) out += stream.push(chunk)
  return out + stream.end()
}

function cutAt(text: string, points: readonly number[]): string[] {
  const chunks: string[] = []
  let previous = 0
  for (const point of points) {
    chunks.push(text.slice(previous, point))
    previous = point
  }
  chunks.push(text.slice(previous))
  return chunks
}

describe('createRedactor: the redact values', () => {
  const redactor = createRedactor({ values: [VALUE, '', '   ', 'second-secret'] })

  it('replaces each value with a marker and ignores blank entries', () => {
    expect(redactor.redact(`pw=${VALUE}; again ${VALUE}; also second-secret.`)).toBe(
      'pw=[redacted:redact-input]; again [redacted:redact-input]; also [redacted:redact-input].'
    )
    expect(redactor.redact('nothing   here')).toBe('nothing   here')
    expect(redactor.redact('')).toBe('')
  })

  it('says whether any value is configured', () => {
    expect(redactor.hasValues).toBe(true)
    expect(createRedactor({ values: ['', ' \t'] }).hasValues).toBe(false)
    expect(createRedactor({}).hasValues).toBe(false)
    expect(createRedactor({ env: { API_TOKEN: 'abcdef123' } }).hasValues).toBe(true)
  })

  it('catches the base64 forms at each byte alignment, standard and url-safe, padded or not', () => {
    const value = Buffer.from(VALUE)
    for (const shift of [0, 1, 2]) {
      for (const suffix of [Buffer.alloc(0), Buffer.from(' and more')]) {
        const bytes = Buffer.concat([randomBytes(shift), value, suffix])
        const standard = bytes.toString('base64')
        for (const blob of [standard, standard.replace(/=+$/, ''), bytes.toString('base64url')]) {
          const redacted = redactor.redact(`data: ${blob} end`)
          // The characters that depend on the value's bits alone must all be gone.
          const settled = blob.slice(Math.ceil((shift * 8) / 6), Math.floor(((shift + value.length) * 8) / 6))
          expect(redacted).toContain('[redacted:redact-input]')
          expect(redacted).not.toContain(settled)
          if (suffix.length === 0) expect(redacted).toMatch(/\[redacted:redact-input\] end$/)
        }
      }
    }
  })

  it('catches the percent-encoded form', () => {
    const redactor = createRedactor({ values: ['p@ss w0rd/&more'] })
    expect(redactor.redact(`GET /login?pw=${encodeURIComponent('p@ss w0rd/&more')}&x=1`)).toBe('GET /login?pw=[redacted:redact-input]&x=1')
  })
})

describe('createRedactor: secret-looking environment variables', () => {
  it.each([
    ['GITHUB_TOKEN'],
    ['ACTIONS_RUNTIME_TOKEN'],
    ['npm_token'],
    ['CLIENT_SECRET_VALUE'],
    ['DB_PASSWORD'],
    ['FTP_PASSWD'],
    ['DEPLOY_KEY'],
    ['npm_config__auth'],
    ['AUTHORIZATION'],
    ['Cookie']
  ])('redacts the value of %s with a marker naming it', name => {
    const redactor = createRedactor({ env: { [name]: 'v4lue-0f-the-var' } })
    expect(redactor.redact('got v4lue-0f-the-var!')).toBe(`got [redacted:env:${name}]!`)
  })

  it('leaves other names, harmless runner variables and short values alone', () => {
    const env = {
      PATH: '/usr/local/bin:/usr/bin',
      KEYBOARD_LAYOUT: 'british-english',
      ACTIONS_ID_TOKEN_REQUEST_URL: 'https://token.example/request',
      ACTIONS_CACHE_SERVICE_V2: 'true',
      SHORT_TOKEN: 'abc12',
      BLANK_TOKEN: '         ',
      UNSET_TOKEN: undefined
    }
    const redactor = createRedactor({ env })
    const text = 'PATH=/usr/local/bin:/usr/bin british-english https://token.example/request true abc12'
    expect(redactor.redact(text)).toBe(text)
    expect(redactor.redact('a          b')).toBe('a          b')
    expect(redactor.hasValues).toBe(false)
  })

  it('also redacts each line of a multi-line secret', () => {
    const redactor = createRedactor({ env: { SIGNING_KEY: 'first-line-of-it\nsecond-line-of-it' } })
    expect(redactor.redact('>> second-line-of-it <<')).toBe('>> [redacted:env:SIGNING_KEY] <<')
  })
})

describe('createRedactor: well-known token shapes', () => {
  const redactor = createRedactor({})

  it.each([
    ['a classic GitHub token', GITHUB_CLASSIC, 'github-token'],
    ['a GitHub app token', 'ghs' + GITHUB_CLASSIC.slice(3), 'github-token'],
    ['a fine-grained GitHub token', GITHUB_FINE, 'github-token'],
    ['a GitLab token', GITLAB, 'gitlab-token'],
    ['a Slack token', SLACK, 'slack-token'],
    ['an AWS access key id', AWS_KEY, 'aws-key'],
    ['an AWS session key id', AWS_SESSION_KEY, 'aws-key'],
    ['an sk- API key', API_KEY, 'api-key'],
    ['a JWT', JWT, 'jwt']
  ])('replaces %s', (_label, token, kind) => {
    expect(redactor.redact(`token=${token}\n`)).toBe(`token=[redacted:${kind}]\n`)
    expect(redactor.redact(`"${token}"`)).toBe(`"[redacted:${kind}]"`)
    expect(redactor.redact(token)).toBe(`[redacted:${kind}]`)
  })

  it('leaves look-alikes alone', () => {
    const text = [
      'ghp' + '_tooShort',
      'the task' + '-' + repeatTo('abcdefgh', 30),
      'AK' + 'IA' + 'SHORT',
      'eyJ' + 'notAToken',
      'xox' + 'b-1',
      'git' + 'hub_pat_short',
      'Bearer of bad news',
      'Basic setup completed',
      'a bearer token is sent; basic auth works'
    ].join(' ')
    expect(redactor.redact(text)).toBe(text)
  })

  it('keeps the Bearer/Basic word and redacts the credential', () => {
    expect(redactor.redact(`> Authorization: Bearer ${API_KEY.slice(3)}\n`)).toBe('> Authorization: Bearer [redacted:auth-header]\n')
    expect(redactor.redact(`Authorization: Basic ${BASIC_CREDENTIAL}`)).toBe('Authorization: Basic [redacted:auth-header]')
    expect(redactor.redact(`-H 'authorization: BEARER Xy9.z0-w~v+u/t='`)).toBe(`-H 'authorization: BEARER [redacted:auth-header]'`)
  })

  it('redacts lower-case auth words after an Authorization header name (git extraheader)', () => {
    const line = `http.https://github.com/.extraheader=AUTHORIZATION: basic ${BASIC_CREDENTIAL}`
    expect(redactor.redact(line)).toBe('http.https://github.com/.extraheader=AUTHORIZATION: basic [redacted:auth-header]')
    expect(redactor.redact(`{"authorization": "bearer ${API_KEY}"}`)).toBe('{"authorization": "bearer [redacted:auth-header]"}')
  })

  it('replaces a whole private key block', () => {
    expect(redactor.redact(`key:\n${PEM}\ndone`)).toBe('key:\n[redacted:private-key]\ndone')
    const openssh = PEM.replace(/RSA/g, 'OPENSSH')
    expect(redactor.redact(`${openssh}\n${openssh}`)).toBe('[redacted:private-key]\n[redacted:private-key]')
  })

  it('drops at most 64 KiB after a BEGIN line whose END never comes', () => {
    const body = repeatTo('QUJDREVGR0g\n', 64 * 1024)
    const text = `head\n-----BEGIN PRIVATE KEY-----${body}after the cap`
    expect(redactor.redact(text)).toBe('head\n[redacted:private-key]after the cap')
    expect(redactor.redact('x -----BEGIN EC PRIVATE KEY-----\nMHcCAQEE')).toBe('x [redacted:private-key]')
  })
})

describe('createRedactor: overlaps, markers and idempotence', () => {
  it('lets the longest value win and blanks overlapping values as one span', () => {
    const redactor = createRedactor({ values: ['alpha-beta', 'alpha-beta-gamma', 'gamma-delta'] })
    expect(redactor.redact('[alpha-beta-gamma]')).toBe('[[redacted:redact-input]]')
    expect(redactor.redact('[alpha-beta-gamma-delta]')).toBe('[[redacted:redact-input]]')
    expect(redactor.redact('[alpha-beta]')).toBe('[[redacted:redact-input]]')
  })

  it('names a span after the longest secret in it', () => {
    const redactor = createRedactor({ env: { GH_TOKEN: GITHUB_CLASSIC.slice(0, 20) } })
    expect(redactor.redact(`x ${GITHUB_CLASSIC} y`)).toBe('x [redacted:github-token] y')
    expect(redactor.redact(`x ${GITHUB_CLASSIC.slice(0, 20)} y`)).toBe('x [redacted:env:GH_TOKEN] y')
  })

  it('leaves markers alone even when a value occurs inside them', () => {
    const redactor = createRedactor({ values: ['redacted', 'input'], env: { API_TOKEN: 'API_TOKEN]' } })
    const once = redactor.redact('redacted input')
    expect(once).toBe('[redacted:redact-input] [redacted:redact-input]')
    expect(redactor.redact(once)).toBe(once)
  })

  it('is idempotent', () => {
    const redactor = createRedactor({ values: [VALUE, 'redacted'], env: { DEPLOY_TOKEN: 'tok-2f9c-secret' } })
    const pieces = fc.constantFrom(
      VALUE,
      'redacted',
      'tok-2f9c-secret',
      GITHUB_CLASSIC,
      AWS_KEY,
      JWT,
      PEM,
      `Bearer ${API_KEY}`,
      'abc',
      ' ',
      '\n',
      'é✓😀'
    )
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string({ maxLength: 5 })), { maxLength: 30 }), parts => {
        const once = redactor.redact(parts.join(''))
        expect(redactor.redact(once)).toBe(once)
      }),
      { numRuns: 300 }
    )
  })
})

describe('RedactingStream', () => {
  const env = { DEPLOY_TOKEN: 'tok-2f9c-secret' }
  const redactor = createRedactor({ values: [VALUE], env })

  it.each([
    ['a redact value', `pw ${VALUE} ok`],
    ['its base64 form', `b64 ${Buffer.from(VALUE).toString('base64')} ok`],
    ['an env secret', 'x tok-2f9c-secret y'],
    ['a GitHub token', `t ${GITHUB_CLASSIC} t`],
    ['a JWT', `jwt ${JWT}`],
    ['a Bearer header', `Authorization: Bearer ${API_KEY.slice(3)}\n`],
    ['a lower-case auth header', `AUTHORIZATION: basic ${BASIC_CREDENTIAL} `],
    ['a private key block', `a\n${PEM}\nb`]
  ])('catches %s cut at every position', (_label, text) => {
    const whole = redactor.redact(text)
    expect(whole).toContain('[redacted:')
    for (let i = 0; i <= text.length; i++) {
      expect(streamed(redactor, [text.slice(0, i), text.slice(i)])).toBe(whole)
    }
    expect(streamed(redactor, [...text])).toBe(whole)
  })

  it('gives the same text as redacting it whole, however it is cut', () => {
    const pieces = fc.constantFrom(
      VALUE,
      Buffer.from(`user:${VALUE}`).toString('base64'),
      'tok-2f9c-secret',
      GITHUB_CLASSIC,
      GITLAB,
      AWS_KEY,
      JWT,
      PEM,
      `Bearer ${API_KEY}`,
      `authorization: basic ${BASIC_CREDENTIAL}`,
      '-----BEGIN PRIVATE KEY-----\n',
      '[redacted:env:DEPLOY_TOKEN]',
      repeatTo('wxyz', 3000),
      ' ',
      '\n',
      'é✓😀'
    )
    const text = fc.array(fc.oneof(pieces, fc.string({ maxLength: 8 })), { maxLength: 40 }).map(parts => parts.join(''))
    fc.assert(
      fc.property(text, fc.array(fc.nat(), { maxLength: 12 }), (whole, cuts) => {
        const points = [...new Set(cuts.map(cut => cut % (whole.length + 1)))].sort((a, b) => a - b)
        expect(streamed(redactor, cutAt(whole, points))).toBe(redactor.redact(whole))
      }),
      { numRuns: 400 }
    )
  })

  it('keeps multi-byte text around secrets intact and never cuts a surrogate pair', () => {
    const text = `😀 ${VALUE}✓ é ${GITHUB_CLASSIC}😀\n🎉 tok-2f9c-secret 🎉`
    const expected = '😀 [redacted:redact-input]✓ é [redacted:github-token]😀\n🎉 [redacted:env:DEPLOY_TOKEN] 🎉'
    expect(redactor.redact(text)).toBe(expected)
    const stream = redactor.stream()
    const outputs = [...text].map(char => stream.push(char)).concat(stream.end())
    expect(outputs.join('')).toBe(expected)
    // Chunks cut inside a pair still come out whole.
    const units = text.split('')
    const unitStream = redactor.stream()
    const unitOutputs = units.map(unit => unitStream.push(unit)).concat(unitStream.end())
    expect(unitOutputs.join('')).toBe(expected)
    for (const output of unitOutputs) expect(output).not.toMatch(/[\ud800-\udbff]$/)
  })

  it('drops the rest of a token longer than the window as it streams', () => {
    const long = `${base64url('{"alg":"none"}')}.${base64url('{}')}.${repeatTo('Zz9-', 20000)}`
    const text = `before ${long} after`
    const chunks = cutAt(
      text,
      Array.from({ length: 25 }, (_, i) => (i + 1) * 1000)
    )
    expect(streamed(redactor, chunks)).toBe('before [redacted:jwt] after')
  })

  it('suppresses a key block from its BEGIN line and resumes after the cap', () => {
    const stream = redactor.stream()
    let out = stream.push('start\n-----BEGIN OPENSSH PRIVATE KEY-----')
    out += stream.push('\nb3BlbnNzaC1rZXktdjEAAAAA\n')
    expect(out).toBe('start\n[redacted:private-key]')
    let body = '\nb3BlbnNzaC1rZXktdjEAAAAA\n'.length
    for (let i = 0; i < 100; i++) {
      const chunk = `${i}`.padStart(1024, '.')
      body += chunk.length
      out += stream.push(chunk)
    }
    out += stream.end()
    // Everything after the first 64 Ki characters of the body comes back.
    expect(out.length).toBe('start\n[redacted:private-key]'.length + body - 64 * 1024)
    expect(out.endsWith(`${'99'.padStart(1024, '.')}`)).toBe(true)
  })

  it('streams 50 MB in bounded memory', () => {
    const marker = '[redacted:redact-input]'
    const stream = redactor.stream()
    const line = '2024-05-01T12:00:00Z [INFO] compiled src/some_module.ts in 12ms ✓ -- ok\n'
    const plain = repeatTo(line, 64 * 1024)
    const unbroken = repeatTo('QUJDREVGR0hJSktMTU5P', 64 * 1024)
    let pushed = 0
    let emitted = 0
    let inserted = 0
    let found = 0
    let maxHeld = 0
    // 810 chunks of about 64 Ki characters: a little over 50 MB.
    for (let i = 0; i < 810; i++) {
      let chunk = i % 7 === 3 ? unbroken : plain
      if (i % 5 === 0) {
        // A value split across this chunk and the next.
        chunk = `${chunk.slice(0, -10)} ${VALUE.slice(0, 9)}`
        inserted++
      } else if (i % 5 === 1) {
        chunk = `${VALUE.slice(9)} ${chunk.slice(VALUE.length - 7)}`
      }
      pushed += chunk.length
      const out = stream.push(chunk)
      expect(out).not.toContain(VALUE)
      const markers = out.split(marker).length - 1
      found += markers
      emitted += out.length - markers * (marker.length - VALUE.length)
      maxHeld = Math.max(maxHeld, pushed - emitted)
    }
    const last = stream.end()
    found += last.split(marker).length - 1
    expect(pushed).toBeGreaterThan(50 * 1024 * 1024)
    expect(found).toBe(inserted)
    expect(maxHeld).toBeLessThanOrEqual(8 * 1024)
  })
})
