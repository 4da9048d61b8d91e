/**
 * Property tests run with a fixed seed in `npm run test:slow`, so CI is repeatable; set
 * FUZZ_SEED=random (or a number) to explore other inputs locally.
 */
import fc from 'fast-check'

const choice = process.env.FUZZ_SEED
if (choice !== 'random') fc.configureGlobal({ seed: choice !== undefined && /^-?\d+$/.test(choice) ? Number(choice) : 20261130 })
