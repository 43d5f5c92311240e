/**
 * How the router reads and writes the URL's search params: as plain text, exactly as
 * URLSearchParams does (`?page=2&service_name=Demo`), instead of TanStack Router's default
 * JSON-in-the-URL (`?service_name=%22123%22` for the text "123"). List screens keep their
 * filters in the URL with the same names and values as their API query, so the address stays
 * readable and shareable, and every route validates its own params from text (zod's coerce for
 * numbers). A key given more than once becomes an array.
 */
export function parseSearchParams(search: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const existing = result[key];
    if (existing === undefined) result[key] = value;
    else result[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return result;
}

export function stringifySearchParams(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (item === undefined || item === null || item === '') continue;
      params.append(key, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
