/**
 * A report workflow on `workflow_run` against the local service (docs/design.md §5 "The pull
 * request: a check run and one comment"): legs run by the bundled action (dist/index.js) in
 * the triggering workflow run, and the report entry point (dist/report.js) run as a second
 * workflow's job, with the event payload GitHub sends it.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { junitReport } from './junit.js'
import type { RecordedRequest, ResultsService } from './results-service.js'
import { FakeRunner, type StepResult } from './runner.js'

/** The triggering run (the legs'), as the stand-in's REST listing shows it by default. */
export const LEGS_RUN = 424242
/** The head commit of the pull request's run. */
export const HEAD_SHA = 'c0ffee'.padEnd(40, '7')
/** The legs' workflow file, where an annotation without a place lands. */
export const WORKFLOW_PATH = '.github/workflows/tests.yml'

/** `count` test names, `api case 01` … */
export function testNames(count: number): string[] {
  return Array.from({ length: count }, (_, index) => `api case ${String(index + 1).padStart(2, '0')}`)
}

/** A leg that fails `failing` tests every attempt: JUnit written, exit 1, no retry. */
export function failingLeg(service: ResultsService, job: string, failing: string[]): Promise<StepResult> {
  const runner = new FakeRunner(service, 'octo/widgets', job, String(LEGS_RUN))
  writeFileSync(join(runner.workspace, 'junit.xml'), junitReport(Object.fromEntries(failing.map(name => [name, 'failed' as const]))))
  return runner.main({
    name: `test (${job})`,
    command: 'mkdir -p reports; cp junit.xml reports/junit.xml; exit 1',
    'expect-exit': '0',
    'max-retries': '0',
    'test-results': 'reports/*.xml'
  })
}

/** A leg whose first attempt fails `flaky` tests and whose second passes them. */
export function flakyLeg(service: ResultsService, job: string, flaky: string[]): Promise<StepResult> {
  const runner = new FakeRunner(service, 'octo/widgets', job, String(LEGS_RUN))
  const at = (path: string) => join(runner.workspace, path)
  mkdirSync(at('fixtures'))
  writeFileSync(at('fixtures/fail.xml'), junitReport(Object.fromEntries(flaky.map(name => [name, 'failed' as const]))))
  writeFileSync(at('fixtures/pass.xml'), junitReport(Object.fromEntries(flaky.map(name => [name, 'passed' as const]))))
  return runner.main({
    name: `test (${job})`,
    command:
      'n=$(cat count 2>/dev/null || echo 0); n=$((n+1)); echo $n > count; mkdir -p reports; ' +
      'if [ $n -eq 1 ]; then cp fixtures/fail.xml reports/junit.xml; exit 1; fi; cp fixtures/pass.xml reports/junit.xml',
    'expect-exit': '0',
    'max-retries': '2',
    'test-results': 'reports/*.xml'
  })
}

/** What the workflow_run event says of the triggering run. */
export interface TriggeringRun {
  pullRequests?: number[]
  conclusion?: string
  headOwner?: string
  headBranch?: string
}

/** The payload of a `workflow_run` `completed` event for the legs' run. */
export function workflowRunEvent(run: TriggeringRun = {}): unknown {
  return {
    action: 'completed',
    workflow_run: {
      id: LEGS_RUN,
      head_sha: HEAD_SHA,
      head_branch: run.headBranch ?? 'feature',
      path: WORKFLOW_PATH,
      conclusion: run.conclusion ?? 'failure',
      head_repository: { owner: { login: run.headOwner ?? 'octo' } },
      pull_requests: (run.pullRequests ?? []).map(number => ({ number, head: { sha: HEAD_SHA, ref: 'feature' } }))
    }
  }
}

let reportRuns = 0

/** Runs the report entry point as a job of a second workflow run, on workflow_run. */
export function reportOnWorkflowRun(
  service: ResultsService,
  inputs: Record<string, string>,
  run: TriggeringRun = {},
  env: Record<string, string> = {}
): Promise<StepResult> {
  reportRuns++
  const runner = new FakeRunner(service, 'octo/widgets', 'report', String(LEGS_RUN + 1000 + reportRuns))
  // Artifact names are unique in a run's backend: each report run uploads its own.
  return runner.report(
    { 'report-artifact': `reverify-matrix-report-${reportRuns}`, ...inputs },
    { eventName: 'workflow_run', event: workflowRunEvent(run), env }
  )
}

/** The requests answered from index `from` (up to `to`) whose fault target is `target`. */
export function requestsTo(service: ResultsService, target: string, from = 0, to?: number): RecordedRequest[] {
  return service.requests.slice(from, to).filter(request => request.rpc === target)
}

/** The lines the step printed as warnings. */
export function warnings(step: StepResult): string[] {
  return step.annotations.filter(annotation => annotation.level === 'warning').map(annotation => annotation.message)
}
