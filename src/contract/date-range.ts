import { isoDateSchema } from './validation';

/**
 * A list's date-range filter as the URL carries it: `from` and `to` are ISO 8601 instants, both
 * inclusive and both optional (the UTC date-range picker sends the first and the last
 * millisecond of the chosen days). A range that ends before it starts is refused with 422 on
 * `to`, so a person sees why the list would be empty.
 */
export const dateRangeFilters = {
  from: isoDateSchema('from').optional(),
  to: isoDateSchema('to').optional(),
};

export const DATE_RANGE_ORDER_MESSAGE = 'to must not be before from';

export function rangeInOrder(query: { from?: Date | undefined; to?: Date | undefined }): boolean {
  return !query.from || !query.to || query.from.getTime() <= query.to.getTime();
}
