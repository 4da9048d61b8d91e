/**
 * A copy of `text` that shares no memory with a larger string (docs/design.md §1 "Output
 * path"). V8 makes a substring of 13 characters or more a view into its parent, so a few
 * characters held from one chunk of output to the next would keep the whole chunk alive:
 * past the young generation, into the old one, where collecting it costs far more than
 * this copy of what is held.
 */
export function ownText(text: string): string {
  return text.length < SHARED_SUBSTRING_MIN ? text : (text + ' ').slice(0, -1)
}

// V8 shares the parent's memory for substrings of at least this length.
const SHARED_SUBSTRING_MIN = 13
