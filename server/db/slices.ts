/**
 * `items` in consecutive slices of at most `size`, for work done as one statement per slice. On
 * the embedded database a statement holds the event loop while it runs, so one statement over
 * ten thousand rows is one long stall of every socket; between slices the server reads them.
 */
export function* slices<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) {
    yield items.slice(start, start + size);
  }
}
