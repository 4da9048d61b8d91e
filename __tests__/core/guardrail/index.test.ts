import fc from 'fast-check'
import { parse, quote } from 'shell-quote'
import { findDestructive } from '../../../src/core/guardrail/index.js'

// Each row: a command line that must be refused, and the rule it must name.
const destructive: Array<[string, string]> = [
  // rm: split, reordered, combined, long and abbreviated flags
  ['rm -rf /', 'rm -rf'],
  ['rm -rf build', 'rm -rf'],
  ['rm -fr build', 'rm -rf'],
  ['rm -Rf build', 'rm -rf'],
  ['rm -r -f build', 'rm -rf'],
  ['rm -f -R build', 'rm -rf'],
  ['rm --recursive --force build', 'rm -rf'],
  ['rm --force --rec build', 'rm -rf'],
  ['rm -rf -- build', 'rm -rf'],
  ['rm build -rf', 'rm -rf'],
  ['rm    -rf     build   ', 'rm -rf'],
  ['RM -RF build', 'rm -rf'],
  ['/bin/rm -rf build', 'rm -rf'],
  ['\\rm -rf build', 'rm -rf'],
  ['rm -rf ./build 2>&1 | tee log', 'rm -rf'],
  ['2>/dev/null rm -rf build', 'rm -rf'],
  // launchers and prefixes
  ['sudo rm -rf /', 'rm -rf'],
  ['sudo -u deploy -E rm -rf /srv/app', 'rm -rf'],
  ['env rm -rf build', 'rm -rf'],
  ['env VAR=1 rm -rf build', 'rm -rf'],
  ['env -i -u HOME PATH=/bin rm -rf build', 'rm -rf'],
  ["env -S 'rm -rf build'", 'rm -rf'],
  ['VAR=1 OTHER="a b" rm -rf build', 'rm -rf'],
  ['command rm -rf build', 'rm -rf'],
  ['exec rm -rf build', 'rm -rf'],
  ['nohup rm -rf build &', 'rm -rf'],
  ['time rm -rf build', 'rm -rf'],
  ['nice -n 10 rm -rf build', 'rm -rf'],
  ['timeout 10 git push -f', 'git push --force'],
  ['xargs rm -rf', 'rm -rf'],
  ['find . | xargs rm -rf', 'rm -rf'],
  ['find . -name node_modules -print0 | xargs -0 -n 1 -I {} rm -rf {}', 'rm -rf'],
  ['busybox rm -rf build', 'rm -rf'],
  ['find . -type d -exec rm -rf {} +', 'rm -rf'],
  // operators, lines, groups, substitutions
  ['make && rm -rf dist', 'rm -rf'],
  ['false || rm -rf dist', 'rm -rf'],
  ['ls; rm -rf dist', 'rm -rf'],
  ['yes | rm -rf dist', 'rm -rf'],
  ['sleep 1 & rm -rf dist', 'rm -rf'],
  ['ls\nrm -rf dist', 'rm -rf'],
  ["ls # it's a comment\nrm -rf dist", 'rm -rf'],
  ['ls \\\n && rm -r\\\nf dist', 'rm -rf'],
  ['(cd x && rm -rf y)', 'rm -rf'],
  ['{ rm -rf dist; }', 'rm -rf'],
  ['if true; then rm -rf dist; fi', 'rm -rf'],
  ['for d in a b; do rm -rf "$d"; done', 'rm -rf'],
  ['echo $(rm -rf /tmp/x)', 'rm -rf'],
  ['echo `rm -rf /tmp/x`', 'rm -rf'],
  ['echo "$(rm -rf /tmp/x)"', 'rm -rf'],
  ['x=$(git reset --hard)', 'git reset --hard'],
  ['diff <(rm -rf a) b', 'rm -rf'],
  // nested shells
  ['sh -c "rm -rf build"', 'rm -rf'],
  ["bash -c 'rm -rf build'", 'rm -rf'],
  ['zsh -c "rm -rf build"', 'rm -rf'],
  ['bash -euo pipefail -c "cd repo && git reset --hard"', 'git reset --hard'],
  ['sh -c "bash -c \'rm -rf build\'"', 'rm -rf'],
  ['bash -c "git clean -fdx"', 'git clean -fdx'],
  ["sudo sh -c 'kubectl delete ns prod'", 'kubectl delete'],
  ['eval "rm -rf build"', 'rm -rf'],
  ["ssh deploy@host 'rm -rf /srv/app'", 'rm -rf'],
  ['bash <<< "rm -rf build"', 'rm -rf'],
  ['cat <<EOF | sh\nrm -rf /\nEOF', 'rm -rf'],
  ['printf \'%s\\n\' "rm -rf build" | bash', 'rm -rf'],
  ['bash -s <<EOF\ngit push -f\nEOF', 'git push --force'],
  ['cat <<EOF > report.txt\n$(rm -rf build)\nEOF', 'rm -rf'],
  ['ssh -p 22 host -t "kubectl delete ns x"', 'kubectl delete'],
  ['f() { rm -rf build; }', 'rm -rf'],
  // git
  ['git push --force', 'git push --force'],
  ['git push -f', 'git push --force'],
  ['git  push   --force', 'git push --force'],
  ['git push -uf origin main', 'git push --force'],
  ['git push origin +main', 'git push --force'],
  ['git push origin +refs/heads/main:refs/heads/main', 'git push --force'],
  ['git push --force-with-lease', 'git push --force'],
  ['git push --force-with-lease=main:abc123 origin main', 'git push --force'],
  ['git push --force-if-includes --force-with-lease origin main', 'git push --force'],
  ['git push --mirror', 'git push --force'],
  ['git -C repo push -f', 'git push --force'],
  ['git -c user.name=x push origin main --force', 'git push --force'],
  ['/usr/bin/git push --FORCE', 'git push --force'],
  ['git reset --hard', 'git reset --hard'],
  ['cd x && git reset --hard HEAD~1', 'git reset --hard'],
  ['GIT RESET --HARD', 'git reset --hard'],
  ['git clean -fdx', 'git clean -fdx'],
  ['git clean -xfd', 'git clean -fdx'],
  ['git clean -f -d -x', 'git clean -fdx'],
  ['git clean -fd', 'git clean -fdx'],
  ['git clean -fdX', 'git clean -fdx'],
  ['git clean --force -d', 'git clean -fdx'],
  ['git branch -D feature', 'git branch -D'],
  ['git branch --delete --force feature', 'git branch -D'],
  ['git branch -d -f feature', 'git branch -D'],
  ['git branch -df feature', 'git branch -D'],
  ['GIT BRANCH -D feature', 'git branch -D'],
  // kubernetes
  ['kubectl delete pod x', 'kubectl delete'],
  ['kubectl -n ns delete ns y', 'kubectl delete'],
  ['kubectl --context prod delete deployment api', 'kubectl delete'],
  ['KUBECTL DELETE pod x', 'kubectl delete'],
  ['kubectl exec -it db -- psql -c "TRUNCATE events"', 'truncate'],
  ['helm uninstall rel', 'helm uninstall'],
  ['helm -n ns uninstall rel', 'helm uninstall'],
  ['helm delete --purge rel', 'helm uninstall'],
  // SQL
  ['psql -c "DROP TABLE users"', 'drop table'],
  ["mysql -e 'drop database prod'", 'drop database'],
  ['psql -c "BEGIN; TRUNCATE TABLE users; COMMIT"', 'truncate'],
  ['mysql -e "TRUNCATE logs"', 'truncate'],
  ['psql --command="drop table users"', 'drop table'],
  ['psql -c"DROP TABLE users"', 'drop table'],
  ['mysql <<< "drop database prod"', 'drop database'],
  ['mysql -e "DROP TEMPORARY TABLE t"', 'drop table'],
  ['psql -c "/* cleanup */ DROP TABLE IF EXISTS users"', 'drop table'],
  ["mysql -e 'DROP SCHEMA prod'", 'drop database'],
  ['docker compose exec db psql -c "DROP DATABASE app"', 'drop database'],
  ['echo "DROP TABLE users" | psql', 'drop table'],
  ['psql <<EOF\nDROP TABLE users;\nEOF', 'drop table'],
  ['DROP DATABASE prod', 'drop database'],
  ['TRUNCATE users', 'truncate'],
  ['truncate table users', 'truncate'],
  ['truncate -s 0 app.log', 'truncate']
]

// Each row: an ordinary command line that must run.
const ordinary: string[] = [
  'git push',
  'git push origin main',
  'git push -u origin feature',
  'git push --tags',
  'git push origin feature+fix',
  'git push --no-force-with-lease',
  'git branch -d merged',
  'git branch --delete merged',
  'GIT BRANCH -d merged',
  'git branch -m old new',
  'git reset --soft HEAD~1',
  'git reset HEAD file.txt',
  'git clean -n -dx',
  'git clean -fdxn',
  'git clean --dry-run -fdx',
  'git clean -f',
  'git checkout -b feature',
  'git log --grep=force',
  'git commit -m "rm -rf build is gone"',
  'rm -r build',
  'rm -f file',
  'rm -rv build',
  'rm -- -rf',
  'rm -i -r build',
  'cp -rf a b',
  'ls -rf',
  'chmod -R 755 dist',
  'docker rm -f container',
  'grep -rf patterns.txt .',
  'grep -r "rm -rf" .',
  'echo rm -rf /',
  'echo "git push --force"',
  "echo '$(rm -rf /)'",
  'echo drop table',
  "printf 'DROP TABLE users\\n'",
  'echo "rm -rf /" > script.sh',
  "cat <<'EOF' > notes.txt\nrm -rf /\nit's data\nEOF\necho done",
  '# rm -rf /',
  'ls # git push --force',
  'ls # tidy up; rm -rf build',
  'pytest -k truncate',
  'pytest tests/test_truncate.py',
  'python test_truncate.py',
  './truncate_logs.sh --dry',
  'ls drop_table',
  'psql -c "SELECT 1"',
  'psql -f truncate.sql',
  "mysql -e 'select * from drop_table'",
  'psql -d truncate',
  'truncate --help',
  "cat <<'EOF' > report.txt\n$(rm -rf build)\nEOF",
  'docker ps',
  'helm list',
  'helm install rel ./chart',
  'helm upgrade --install rel ./chart',
  'helm uninstall --dry-run rel',
  'kubectl get pods',
  'kubectl apply -f deploy.yaml',
  'kubectl -n delete get pods',
  'kubectl describe pod delete',
  'kubectl delete --dry-run=client -f deploy.yaml',
  'bash -c "echo rm -rf /"',
  "sh -c 'ls -la'",
  'bash scripts/clean.sh',
  'find . -name "*.tmp" -print',
  'find . -exec rm {} \\;',
  'xargs rm -f',
  'command -v rm',
  'sudo apt-get install -y jq',
  'echo $(date)',
  'npm test -- --force',
  'make clean',
  'cargo test truncate',
  'ssh host uptime'
]

const RULES = [
  'rm -rf',
  'git push --force',
  'git reset --hard',
  'git clean -fdx',
  'git branch -D',
  'drop table',
  'drop database',
  'truncate',
  'kubectl delete',
  'helm uninstall'
]

describe('findDestructive flags destructive commands', () => {
  test('the corpus has at least 45 rows and covers every rule', () => {
    expect(destructive.length).toBeGreaterThanOrEqual(45)
    expect(new Set(destructive.map(([, rule]) => rule))).toEqual(new Set(RULES))
  })

  test.each(destructive)('%j → %s', (command, rule) => {
    expect(findDestructive(command)?.rule).toBe(rule)
  })
})

describe('findDestructive lets ordinary commands run', () => {
  test('the corpus has at least 45 rows', () => {
    expect(ordinary.length).toBeGreaterThanOrEqual(45)
  })

  test.each(ordinary)('%j', (command) => {
    expect(findDestructive(command)).toBeUndefined()
  })
})

describe('the excerpt', () => {
  test('is the offending simple command as written, trimmed', () => {
    expect(findDestructive('make build &&   rm  -rf   "dist"   ; ls')).toEqual({
      rule: 'rm -rf',
      excerpt: 'rm  -rf   "dist"'
    })
  })

  test('is the innermost command of a nested script', () => {
    expect(findDestructive('bash -c "cd repo && git reset --hard"')?.excerpt).toBe(
      'git reset --hard'
    )
    expect(findDestructive('echo "$(git clean -fdx)"')?.excerpt).toBe('git clean -fdx')
  })

  test('is capped at 200 characters', () => {
    const command = 'rm -rf ' + 'very/long/path/'.repeat(40)
    const hit = findDestructive(command)
    expect(hit?.rule).toBe('rm -rf')
    expect(hit?.excerpt.length).toBe(200)
    expect(command.startsWith(hit?.excerpt.slice(0, 199) ?? '-')).toBe(true)
  })

  test('names the first destructive command of the line', () => {
    expect(findDestructive('git push -f; rm -rf x')?.rule).toBe('git push --force')
    expect(findDestructive('rm -rf x; git push -f')?.rule).toBe('rm -rf')
  })
})

describe('limits', () => {
  const nest = (command: string, levels: number): string => {
    let script = command
    for (let level = 0; level < levels; level++) script = quote(['sh', '-c', script])
    return script
  }

  test('follows sh -c nesting five levels deep', () => {
    expect(findDestructive(nest('rm -rf build', 5))?.rule).toBe('rm -rf')
  })

  test('does not inspect scripts nested deeper than five levels (documented)', () => {
    expect(findDestructive(nest('rm -rf build', 6))).toBeUndefined()
  })

  test('falls back to whitespace words when shell-quote cannot parse the command', () => {
    const command = 'rm -rf ${'
    expect(() => parse(command)).toThrow()
    expect(findDestructive(command)?.rule).toBe('rm -rf')
  })

  test('carriage returns do not hide a flag', () => {
    expect(findDestructive('git reset --hard\r\nls\r\n')?.rule).toBe('git reset --hard')
  })
})

describe('a 1 MB command line', () => {
  const megabyte = (unit: string): string => unit.repeat(Math.ceil((1 << 20) / unit.length))

  test.each([
    ['many short commands', megabyte('ls -la; ')],
    ['many && links', megabyte('true && ')],
    ['a long pipeline feeding shells', megabyte('echo a | sh | ')],
    ['a long launcher chain', megabyte('sudo ')]
  ])('is answered through %s', (_shape, prefix) => {
    expect(findDestructive(prefix + 'rm -rf build')?.rule).toBe('rm -rf')
    expect(findDestructive(prefix + 'rm -r build')).toBeUndefined()
  })

  test.each([
    ['one word', megabyte('x')],
    ['an unterminated quote', '"' + megabyte('a ')],
    ['unclosed substitutions', megabyte('$(')],
    ['deeply nested substitutions', megabyte('$(') + megabyte(')')],
    ['backticks', megabyte('`a` ')],
    ['heredocs that never close', megabyte('cat <<A\n')],
    ['repeated env -S', megabyte('env -S a ')],
    ['echo options piped to a shell', 'echo ' + megabyte('-n ') + '| sh'],
    ['a quoted script', 'bash -c ' + JSON.stringify(megabyte('ls; '))],
    ['comments with quotes', megabyte("# it's\n")]
  ])('of %s is handled', (_shape, command) => {
    expect(findDestructive(command)).toBeUndefined()
  })
})

describe('properties', () => {
  const singleLine = destructive.filter(([command]) => !command.includes('\n'))
  const safeSingleLine = ordinary.filter(
    (command) => !command.includes('\n') && !command.includes('#')
  )

  test('never throws, and names only known rules with a short excerpt', () => {
    const shellish = fc.string({
      unit: fc.constantFrom(...'rm -rf git push --force $()`\'"\\;&|<>\n#{}'.split('')),
      maxLength: 60
    })
    fc.assert(
      fc.property(fc.oneof(fc.string(), shellish), (command) => {
        const hit = findDestructive(command)
        if (hit === undefined) return
        expect(RULES).toContain(hit.rule)
        expect(hit.excerpt.length).toBeLessThanOrEqual(200)
      })
    )
  })

  test('an ordinary command before a destructive one does not hide it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...safeSingleLine),
        fc.constantFrom('&&', '||', ';', '|', '&', '\n'),
        fc.constantFrom(...singleLine),
        (safe, operator, [command, rule]) => {
          expect(findDestructive(`${safe} ${operator} ${command}`)?.rule).toBe(rule)
        }
      )
    )
  })

  test('a destructive command handed to bash -c is still flagged, and echoed it is not', () => {
    fc.assert(
      fc.property(fc.constantFrom(...singleLine), ([command, rule]) => {
        expect(findDestructive(quote(['bash', '-c', command]))?.rule).toBe(rule)
        expect(findDestructive(quote(['echo', command]))).toBeUndefined()
      })
    )
  })
})
