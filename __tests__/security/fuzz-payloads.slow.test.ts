/**
 * Fuzzing what an event payload and a commit message can hold (attacker-written text):
 * trailersFromEvent and parseCaptureTrailers never throw, only ever return well-formed run
 * ids, and stay within their bounds whatever the size of the input.
 */
import fc from 'fast-check'
import { trailersFromEvent } from '../../src/action/capture-sources.js'
import { MAX_TRAILER_NOTE_CHARS, MAX_TRAILERS, parseCaptureTrailers, type CaptureTrailer } from '../../src/core/capture/capture.js'
import { isRunId } from '../../src/core/receipts/run-id.js'
import { hostileText } from '../helpers/fuzz.js'

const RUNS = { randomJson: 400, eventShaped: 400, trailerText: 500, needle: 200 }

const runId = fc
  .tuple(
    fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }),
    fc.integer({ min: 0, max: 0xffffff })
  )
  .map(([date, n]) => `${date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)}-verify-${n.toString(16).padStart(6, '0')}`)

/** Near-miss ids: a real one bent by one edit. */
const nearId = fc.tuple(runId, hostileText, fc.nat()).map(([id, noise, at]) => {
  const cut = at % (id.length + 1)
  return `${id.slice(0, cut)}${noise}${id.slice(cut)}`
})

/** A line that may or may not be a trailer, in the spellings people and attackers use. */
const trailerLine = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('Reverify-Capture:', 'reverify-capture :', '  REVERIFY-CAPTURE:\t', 'Reverify-Capture:'),
      fc.oneof(runId, nearId, hostileText),
      hostileText
    )
    .map(([key, id, note]) => `${key} ${id} ${note}`),
  hostileText
)

const trailerText = fc
  .array(trailerLine, { maxLength: 80 })
  .chain(lines => fc.constantFrom('\n', '\r\n', '\r', '\u2028').map(separator => lines.join(separator)))

/** Every trailer is a run id with a bounded, single-line note; never more than the cap. */
function expectBounded(trailers: readonly CaptureTrailer[]): void {
  expect(trailers.length).toBeLessThanOrEqual(MAX_TRAILERS)
  for (const trailer of trailers) {
    expect(isRunId(trailer.runId)).toBe(true)
    expect(Array.from(trailer.note).length).toBeLessThanOrEqual(MAX_TRAILER_NOTE_CHARS)
    expect(trailer.note).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/)
  }
}

test('commit-message and PR-body text: only valid run ids, bounded counts and notes', () => {
  fc.assert(
    fc.property(trailerText, text => {
      expectBounded(parseCaptureTrailers(text))
    }),
    { numRuns: RUNS.trailerText }
  )
})

test('a well-formed trailer among the noise is found', () => {
  fc.assert(
    fc.property(fc.array(hostileText, { maxLength: 10 }), runId, (noise, id) => {
      const lines = [
        ...noise.map(line => line.replace(/[\r\n\u2028]/g, ' ').replace(/^\s*reverify-capture/i, '')),
        `Reverify-Capture: ${id} seen`
      ]
      expect(parseCaptureTrailers(lines.join('\n'))).toContainEqual({ runId: id, note: 'seen' })
    }),
    { numRuns: RUNS.needle }
  )
})

test('random JSON as an event payload never throws and yields only valid ids', () => {
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 4 }), payload => {
      for (const source of trailersFromEvent(payload)) {
        expect(typeof source.source).toBe('string')
        expect(source.source.length).toBeLessThan(100)
        expectBounded(source.trailers)
      }
    }),
    { numRuns: RUNS.randomJson }
  )
})

test('event-shaped payloads with hostile fields never throw and yield only valid ids', () => {
  const anything = fc.oneof(fc.jsonValue({ maxDepth: 2 }), trailerText, fc.constant(null), fc.constant(undefined))
  const commit = fc.record({ id: fc.oneof(hostileText, anything), message: fc.oneof(trailerText, anything) }, { requiredKeys: [] })
  const event = fc.record(
    {
      commits: fc.oneof(fc.array(commit, { maxLength: 5 }), anything),
      head_commit: fc.oneof(commit, anything),
      pull_request: fc.oneof(
        fc.record({ number: fc.oneof(fc.integer(), anything), body: fc.oneof(trailerText, anything) }, { requiredKeys: [] }),
        anything
      )
    },
    { requiredKeys: [] }
  )
  fc.assert(
    fc.property(event, payload => {
      for (const source of trailersFromEvent(payload)) {
        expect(source.source).not.toMatch(/[\r\n]/)
        expectBounded(source.trailers)
      }
    }),
    { numRuns: RUNS.eventShaped }
  )
})

test('huge payloads stay bounded: 5,000 commits of many trailers each', () => {
  const id = '20261130-075100-verify-3fa9c2'
  const message = Array(200)
    .fill(`Reverify-Capture: ${id} ${'n'.repeat(5000)}`)
    .join('\n')
  const sources = trailersFromEvent({ commits: Array(5000).fill({ id: 'c'.repeat(100), message }), pull_request: { body: message } })
  // Commits past the schema's cap make the list malformed: it is ignored as a whole.
  expect(sources.every(source => source.source.startsWith('pull_request'))).toBe(true)
  for (const source of sources) expectBounded(source.trailers)
})
