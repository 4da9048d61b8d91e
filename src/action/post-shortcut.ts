/**
 * The post step after a main step that finished (docs/design.md §9 "Start-up"): main closed
 * its run, saved the history and uploaded the trace itself, so the post step has nothing to
 * do, and its launcher says so without loading the action's bundle (a megabyte, on every
 * job). What it reads is what the bundle would: the script the runner started and the state
 * main saved. It imports nothing but constants.
 */
import { State } from './constants.js'

/** What the post step prints, as a debug line, when main finished and closed its run. */
export const MAIN_FINISHED_NOTE = 'reverify: the main step finished and closed its run; nothing to do'

/** Whether this process is the post step: the runner starts dist/post.js for it. */
export function isPostStep(script: string | undefined): boolean {
  return /(^|[\\/])post\.js$/.test(script ?? '')
}

/** Whether main saved that it finished (`STATE_main-finished`, as the toolkit's getState reads it). */
export function mainFinished(env: NodeJS.ProcessEnv): boolean {
  return env[`STATE_${State.MainFinished}`] === 'true'
}
