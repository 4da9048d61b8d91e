/**
 * The data the guardrail's launchers and rules read: which programs run other commands and
 * how their options are spelled, which options of the judged programs take a value, and
 * which programs are shells or database clients. Kept apart from the code so that adding a
 * program or an option is a one-line change here.
 */

/** How a launcher's options are spelled, so the command after them can be found. */
export interface OptionSpec {
  /** Short options that take a value (attached or as the next word). */
  valued?: string
  /** Short options whose value can only be attached: they end the cluster. */
  attached?: string
  /** Long options that take the next word as their value when written without `=`. */
  longValued?: string[]
  /** Operands to skip after the options (the duration of `timeout`). */
  operands?: number
}

/** Launchers that run the words after their options (and operands) as a command. */
export const LAUNCHER_OPTIONS: ReadonlyMap<string, OptionSpec> = new Map<string, OptionSpec>([
  [
    'sudo',
    {
      valued: 'CDghprRtTuU',
      longValued: ['user', 'group', 'host', 'prompt', 'role', 'type', 'close-from', 'chdir', 'chroot', 'command-timeout', 'other-user']
    }
  ],
  ['doas', { valued: 'uC' }],
  ['builtin', {}],
  ['exec', { valued: 'a' }],
  ['nohup', {}],
  ['setsid', {}],
  ['busybox', {}],
  ['time', { valued: 'fo', longValued: ['format', 'output'] }],
  ['nice', { valued: 'n', longValued: ['adjustment'] }],
  ['ionice', { valued: 'cnp', longValued: ['class', 'classdata', 'pid'] }],
  ['timeout', { valued: 'ks', longValued: ['kill-after', 'signal'], operands: 1 }],
  ['stdbuf', { valued: 'eio', longValued: ['error', 'input', 'output'] }],
  ['chroot', { longValued: ['userspec', 'groups'], operands: 1 }],
  [
    'unshare',
    {
      valued: 'SGRw',
      longValued: ['setuid', 'setgid', 'root', 'wd', 'map-user', 'map-group', 'map-users', 'map-groups', 'propagation', 'setgroups']
    }
  ],
  [
    'xargs',
    {
      valued: 'adEIJLnPRsS',
      attached: 'eil',
      longValued: ['arg-file', 'delimiter', 'max-args', 'max-chars', 'max-procs', 'process-slot-var']
    }
  ],
  ['fakeroot', { valued: 'lsib', longValued: ['lib', 'faked'] }],
  ['xvfb-run', { valued: 'efnpsw', longValued: ['error-file', 'auth-file', 'server-num', 'xauth-protocol', 'server-args', 'wait'] }],
  // prlimit's resource options take a value only when it is attached (`-n10`, `--nofile=10`)
  ['prlimit', { valued: 'op', attached: 'cdefilmnqrstuvxy', longValued: ['output', 'pid'] }],
  [
    'setpriv',
    {
      longValued: [
        ...['ruid', 'euid', 'rgid', 'egid', 'reuid', 'regid', 'groups', 'inh-caps', 'ambient-caps', 'bounding-set'],
        ...['securebits', 'pdeathsig', 'selinux-label', 'apparmor-profile', 'landlock-access', 'landlock-rule']
      ]
    }
  ],
  [
    'strace',
    {
      valued: 'abeEIoOpPsSuUX',
      longValued: [
        ...['columns', 'trace', 'trace-fds', 'abbrev', 'verbose', 'raw', 'read', 'write', 'fault', 'inject', 'kvm', 'signal'],
        ...['status', 'env', 'interruptible', 'output', 'attach', 'trace-path', 'string-limit', 'summary-sort-by', 'user'],
        ...['summary-columns', 'const-print-style', 'argv0', 'syscall-limit']
      ]
    }
  ]
])

/** `chrt`'s options: three take a value; `-p` (a running process) and `-m` (print the limits) run nothing. */
export const CHRT_OPTIONS: OptionSpec = { valued: 'TPD', longValued: ['sched-runtime', 'sched-period', 'sched-deadline'] }

/** `su`'s and `runuser`'s short options that take a value (`-c` a shell line, `-u` the user to run a command as). */
export const SWITCH_USER_VALUED = 'cgGsuw'
/** Their long options that take a value. */
export const SWITCH_USER_LONG_VALUED = ['command', 'session-command', 'group', 'supp-group', 'shell', 'user', 'whitelist-environment']

/** `env`'s short options that take a value; `-S` splits its value into a command. */
export const ENV_VALUED = 'SuCP'
/** `env`'s long options that take the next word when written without `=`. */
export const ENV_LONG_VALUED = ['split-string', 'unset', 'chdir']

/** Container tools whose `exec` runs a command in a container. */
export const CONTAINER_TOOLS = ['docker', 'podman', 'docker-compose']
/** Options of `docker compose` before its subcommand. */
export const COMPOSE_OPTIONS: OptionSpec = {
  valued: 'fp',
  longValued: ['file', 'project-name', 'profile', 'env-file', 'project-directory', 'ansi', 'progress']
}
/** Options of `docker exec` before the container name. */
export const CONTAINER_EXEC_OPTIONS: OptionSpec = {
  valued: 'euw',
  longValued: ['env', 'env-file', 'user', 'workdir', 'detach-keys', 'index']
}

/** `docker run`'s (and `compose run`'s) long options that take no value; every other one does. */
export const CONTAINER_RUN_FLAGS: ReadonlySet<string> = new Set([
  'rm',
  'detach',
  'interactive',
  'tty',
  'privileged',
  'init',
  'read-only',
  'publish-all',
  'sig-proxy',
  'oom-kill-disable',
  'no-healthcheck',
  'quiet',
  'disable-content-trust',
  'service-ports',
  'use-aliases',
  'no-deps',
  'build',
  'remove-orphans',
  'no-TTY',
  'help'
])
/** `docker run`'s short options that take a value (a cluster ending in one takes the next word). */
export const CONTAINER_RUN_VALUED = 'aceEhlmpuvw'

/** Words a command may start with that are grammar, not the program. */
export const SHELL_KEYWORDS: ReadonlySet<string> = new Set(['!', '{', '}', 'if', 'then', 'else', 'elif', 'do', 'while', 'until'])

/** Operators after which the next word is a redirection target, not an argument. */
export const REDIRECTIONS: ReadonlySet<string> = new Set(['<', '>', '>>', '>&', '<&', '&>', '&>>', '>|', '<<', '<<-', '<>'])

/** git's global options that take the next word. */
export const GIT_VALUED: ReadonlySet<string> = new Set([
  '-C',
  '-c',
  '--git-dir',
  '--work-tree',
  '--namespace',
  '--config-env',
  '--super-prefix'
])
/** `git push` options that take the next word. */
export const PUSH_VALUED: ReadonlySet<string> = new Set(['--repo', '--receive-pack', '--exec', '--push-option'])

/** kubectl's global options that take the next word. */
export const KUBECTL_VALUED: ReadonlySet<string> = new Set([
  '-n',
  '--namespace',
  '--context',
  '--cluster',
  '--user',
  '-s',
  '--server',
  '--kubeconfig',
  '--token',
  '--as',
  '--as-group',
  '--as-uid',
  '--request-timeout',
  '--certificate-authority',
  '--client-certificate',
  '--client-key',
  '--tls-server-name',
  '--cache-dir',
  '--profile',
  '--profile-output',
  '-v',
  '--v',
  '--vmodule',
  '--log-file',
  '--username',
  '--password'
])

/** helm's global options that take the next word. */
export const HELM_VALUED: ReadonlySet<string> = new Set([
  '-n',
  '--namespace',
  '--kube-context',
  '--kubeconfig',
  '--kube-apiserver',
  '--kube-as-user',
  '--kube-as-group',
  '--kube-token',
  '--kube-ca-file',
  '--kube-tls-server-name',
  '--registry-config',
  '--repository-cache',
  '--repository-config',
  '--burst-limit',
  '--qps',
  '--content-cache'
])
/** `helm uninstall` and its aliases `delete`, `del` and `un`. */
export const HELM_UNINSTALL: ReadonlySet<string> = new Set(['uninstall', 'delete', 'del', 'un'])

/** Short options of OpenSSH that take a value. */
export const SSH_VALUED = 'BbcDEeFIiJLlmOoPpQRSWw'

/** `find` actions that run a command. */
export const FIND_EXEC: ReadonlySet<string> = new Set(['-exec', '-execdir', '-ok', '-okdir'])

/** Long options of a shell that take the next word. */
export const SHELL_LONG_VALUED = ['--rcfile', '--init-file']

/** Shells: they run `-c` text, or what they read on standard input. */
export const SHELLS = ['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'yash', 'fish']
/** Database clients: SQL in their arguments or on standard input is judged. */
export const SQL_CLIENTS = [
  'psql',
  'pgcli',
  'mysql',
  'mariadb',
  'mycli',
  'sqlite3',
  'duckdb',
  'sqlcmd',
  'clickhouse',
  'clickhouse-client',
  'cqlsh',
  'cockroach',
  'usql',
  'snowsql',
  'trino',
  'bq'
]

/** Tools of ORMs and hosted databases that take SQL as an argument (or on standard input), like a client. */
export const SQL_TOOLS = ['knex', 'typeorm', 'wrangler', 'turso']

/** curl's options whose value is the request body (or a part of it, or of the query). */
export const CURL_DATA: ReadonlySet<string> = new Set([
  '-d',
  '--data',
  '--data-ascii',
  '--data-binary',
  '--data-raw',
  '--data-urlencode',
  '--json',
  '-F',
  '--form',
  '--form-string',
  '--url-query'
])
/** wget's options whose value is the request body. */
export const WGET_DATA: ReadonlySet<string> = new Set(['--post-data', '--body-data'])

/** How an interpreter takes inline code: short option letters, long options, options that take the next word. */
export interface InlineCode {
  short: string
  long: string[]
  valued: string[]
}

const PYTHON: InlineCode = { short: 'c', long: [], valued: ['-W', '-X', '-m'] }
/** Interpreters whose inline code is judged for SQL in its string literals. */
export const INTERPRETERS: ReadonlyMap<string, InlineCode> = new Map<string, InlineCode>([
  ...['python', 'python2', 'python3', ...Array.from({ length: 10 }, (_, minor) => `python3.${minor + 6}`)].map(
    (name): [string, InlineCode] => [name, PYTHON]
  ),
  ['node', { short: 'ep', long: ['--eval', '--print'], valued: ['-r', '--require', '--import'] }],
  ['nodejs', { short: 'ep', long: ['--eval', '--print'], valued: ['-r', '--require', '--import'] }],
  ['ruby', { short: 'e', long: [], valued: ['-r', '-I'] }],
  ['perl', { short: 'eE', long: [], valued: ['-I', '-M'] }],
  ['php', { short: 'r', long: [], valued: ['-d', '-c'] }]
])
