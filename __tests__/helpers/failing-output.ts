/**
 * Outputs of failing test runners as they print them (colours included), for the excerpt,
 * locator and annotation tests: a jest run with 40 passing tests and one failure, pytest,
 * go test and tsc.
 */

const ESC = '\u001b'
const red = (text: string): string => `${ESC}[31m${text}${ESC}[39m`
const green = (text: string): string => `${ESC}[32m${text}${ESC}[39m`
const bold = (text: string): string => `${ESC}[1m${text}${ESC}[22m`
const dim = (text: string): string => `${ESC}[2m${text}${ESC}[22m`

/** jest, coloured: a FAIL header, 40 passing tests, one failing with Expected/Received and its stack. */
export function jestOutput(): string {
  const passing = Array.from({ length: 40 }, (_, index) => `    ${green('✓')} ${dim(`handles case ${index + 1} (${index % 7} ms)`)}`)
  return [
    `${ESC}[0m${ESC}[7m${bold(red(' FAIL '))}${ESC}[27m ${dim('src/')}${bold('api.test.js')}`,
    '  api',
    ...passing,
    `    ${red('✕')} ${dim('returns the user (12 ms)')}`,
    '',
    `${bold(red('  ● api › returns the user'))}`,
    '',
    `    ${dim('expect(')}${red('received')}${dim(').')}toBe${dim('(')}${green('expected')}${dim(') // Object.is equality')}`,
    '',
    `    Expected: ${green('200')}`,
    `    Received: ${red('500')}`,
    '',
    `      ${dim('12 |')}   const res = await get('/user')`,
    `      ${dim('13 |')}   expect(res.status)`,
    `    ${red(bold('>'))} ${dim('14 |')}     .toBe(200)`,
    `         ${dim('|')}      ${red(bold('^'))}`,
    `      ${dim('15 |')} })`,
    '',
    `      ${dim('at Object.<anonymous> (')}src/api.test.js${dim(':14:23)')}`,
    `      ${dim('at Promise.then.completed (node_modules/jest-circus/build/utils.js:298:28)')}`,
    '',
    `${bold('Test Suites:')} ${bold(red('1 failed'))}, 1 total`,
    `${bold('Tests:')}       ${bold(red('1 failed'))}, ${bold(green('40 passed'))}, 41 total`,
    `${bold('Time:')}        1.234 s`,
    dim('Ran all test suites.'),
    ''
  ].join('\n')
}

/** pytest: one failing test among passing ones. */
export function pytestOutput(): string {
  return [
    '============================= test session starts ==============================',
    'collected 3 items',
    '',
    'tests/test_math.py .F.                                                   [100%]',
    '',
    '=================================== FAILURES ===================================',
    '___________________________________ test_add ___________________________________',
    '',
    '    def test_add():',
    '>       assert add(1, 2) == 4',
    'E       assert 3 == 4',
    'E        +  where 3 = add(1, 2)',
    '',
    'tests/test_math.py:5: AssertionError',
    '=========================== short test summary info ============================',
    'FAILED tests/test_math.py::test_add - assert 3 == 4',
    '========================= 1 failed, 2 passed in 0.03s ==========================',
    ''
  ].join('\n')
}

/** go test -v: one failing test with its t.Errorf line. */
export function goOutput(): string {
  return [
    '=== RUN   TestParse',
    '--- PASS: TestParse (0.00s)',
    '=== RUN   TestAdd',
    '    math_test.go:12: add(1, 2) = 3, want 4',
    '--- FAIL: TestAdd (0.00s)',
    'FAIL',
    'FAIL\texample.com/calc\t0.002s',
    ''
  ].join('\n')
}

/** tsc: two type errors. */
export function tscOutput(): string {
  return [
    "src/a.ts(3,5): error TS2322: Type 'string' is not assignable to type 'number'.",
    "src/b.ts(10,1): error TS2304: Cannot find name 'foo'.",
    ''
  ].join('\n')
}
