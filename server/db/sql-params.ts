/**
 * Positional parameters for a statement built from optional parts (a list's filters): each
 * `add` stores a value and answers its placeholder, so the SQL text names only the filters in
 * use and the planner sees plain conditions it can match to an index.
 */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** `where a and b ...`, or nothing when there are no conditions. */
export function whereOf(conditions: readonly string[]): string {
  return conditions.length > 0 ? `where ${conditions.join(' and ')}` : '';
}
