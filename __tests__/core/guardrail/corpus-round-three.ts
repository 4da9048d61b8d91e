/**
 * The guardrail's corpus, third review: brace expansion around the program, launchers it did
 * not know, git running a destructive command in every submodule or without `-f`, and SQL
 * carried by tools that are not database clients by name. Data only; index.slow.test.ts runs
 * these rows with the others, and __tests__/security/guardrail-cli.slow.test.ts through the CLI.
 */

// Each row: a command line that must be refused, and the rule it must name.
export const destructiveRoundThree: Array<[string, string]> = [
  // brace expansion: bash makes separate words of a list in braces
  ['{rm,-rf,victim}', 'rm -rf'],
  ['rm {-rf,victim}', 'rm -rf'],
  ['rm -{r,f} victim', 'rm -rf'],
  ['r{m,x} -rf victim', 'rm -rf'],
  ['{git,reset,--hard}', 'git reset --hard'],
  ['git push origin {main,--force}', 'git push --force'],
  ['sudo {rm,-rf,/tmp/x}', 'rm -rf'],
  ['echo {rm,-rf,victim} | sh', 'rm -rf'],
  ['{rm,-rf,victim}{,a}{,a}{,a}{,a}{,a}{,a}{,a}{,a}{,a}{,a}', 'rm -rf'],
  ['rm {1..5000} {-rf,victim}', 'rm -rf'],
  // launchers that run the rest of their words
  ['fakeroot rm -rf /', 'rm -rf'],
  ['fakeroot -s state.db -- rm -rf x', 'rm -rf'],
  ['xvfb-run -a rm -rf x', 'rm -rf'],
  ['xvfb-run --server-args "-screen 0 1x1x8" rm -rf x', 'rm -rf'],
  ['chrt 10 rm -rf x', 'rm -rf'],
  ['chrt -o 0 git reset --hard', 'git reset --hard'],
  ['chrt --rr 5 rm -rf x', 'rm -rf'],
  ['prlimit --nofile=10 rm -rf x', 'rm -rf'],
  ['prlimit -n10 --as=100000000 rm -rf x', 'rm -rf'],
  ['setpriv --reuid=1000 rm -rf x', 'rm -rf'],
  ['setpriv --reuid 1000 --regid 1000 --clear-groups rm -rf x', 'rm -rf'],
  ['runuser -u bob -- rm -rf x', 'rm -rf'],
  ["runuser -l bob -c 'rm -rf x'", 'rm -rf'],
  ["su - deploy -c 'git push --force'", 'git push --force'],
  ['strace -f rm -rf victim', 'rm -rf'],
  ['strace -o trace.log -e trace=file rm -rf x', 'rm -rf'],
  // git: a command in every submodule, and clean without -f once git no longer asks for it
  ['git submodule foreach git clean -fdx', 'git clean -fdx'],
  ["git submodule foreach 'git clean -fdx'", 'git clean -fdx'],
  ["git submodule foreach --recursive 'git clean -fdx'", 'git clean -fdx'],
  ['git submodule --quiet foreach --recursive git reset --hard', 'git reset --hard'],
  ['git -c clean.requireForce=false clean -dx', 'git clean -fdx'],
  ['git -c clean.requireforce=0 clean -x', 'git clean -fdx'],
  // SQL carried by ORM tools, framework runners and HTTP clients
  ['npx knex raw "TRUNCATE users"', 'truncate'],
  ['npx knex raw "DROP TABLE users"', 'drop table'],
  ["npx typeorm query 'DROP DATABASE app'", 'drop database'],
  ["npx wrangler d1 execute app --command='DROP TABLE users'", 'drop table'],
  [`rails runner "ActiveRecord::Base.connection.execute('DROP TABLE users')"`, 'drop table'],
  [`bundle exec rails runner "ActiveRecord::Base.connection.execute('TRUNCATE jobs')"`, 'truncate'],
  [`ruby bin/rails r "DB.execute('DROP TABLE users')"`, 'drop table'],
  ["echo 'DROP DATABASE app' | bin/rails dbconsole", 'drop database'],
  [`python manage.py shell -c "from django.db import connection; connection.cursor().execute('DROP TABLE x')"`, 'drop table'],
  ['curl -X POST http://db/query -d "DROP TABLE users"', 'drop table'],
  ["curl -sS 'http://clickhouse:8123/' --data-binary 'TRUNCATE TABLE events'", 'truncate'],
  ["curl -d 'query=DROP TABLE users' http://db/exec", 'drop table'],
  ['curl --data-urlencode "query=DROP DATABASE app" http://db/exec', 'drop database'],
  [`curl --json '{"sql": "DROP TABLE users"}' http://db/v1/sql`, 'drop table'],
  ["echo 'DROP TABLE users' | curl --data-binary @- http://db/query", 'drop table'],
  ["wget -qO- --post-data='DROP TABLE users' http://db/query", 'drop table']
]

// Command lines that must run.
export const ordinaryRoundThree: string[] = [
  // brace expansion that destroys nothing, and braces bash does not expand
  'echo {rm,-rf,victim}',
  'cp -r victim{,.bak}',
  "echo '{rm,-rf,victim}'",
  "rm '{-rf,victim}'",
  'rm \\{-rf,victim}',
  'mkdir -p build/{debug,release}',
  'touch file{1..3}.txt',
  'find . -name "*.tmp" -exec ls {} +',
  'echo ${HOME:-{a,b}}',
  // the new launchers around ordinary commands, or running nothing
  'fakeroot dpkg-deb --build pkg',
  'xvfb-run -a npm test',
  'chrt -p 1234',
  'chrt -m',
  'prlimit --pid 1234 --nofile=1024',
  'setpriv --dump',
  'strace -c ls',
  'runuser -u bob -- npm test',
  "su - bob -c 'npm test'",
  // git: submodules doing harmless things, and clean that still needs -f or only says what it would do
  'git submodule foreach git pull',
  "git submodule foreach --recursive 'git clean -n -fdx'",
  'git submodule update --init --recursive',
  'git -c clean.requireForce=false clean -n -dx',
  'git -c clean.requireForce=true clean -dx',
  'git clean -dx',
  // SQL words that are data, and carriers carrying nothing destructive
  'grep -r "DROP TABLE" migrations/',
  'cat truncate_test.py',
  'git commit -m "Drop table users from the fixtures"',
  'npx knex migrate:latest',
  'npx typeorm query "SELECT 1"',
  'rails runner "puts User.count"',
  'bundle exec rspec',
  'rails db:migrate',
  'curl -X POST http://db/query -d "SELECT 1"',
  'curl -d "name=x&drop=table" http://api/form',
  'curl -d @payload.json http://api/items',
  'wget --post-data="a=1" http://api/form'
]
