import { SearchInput } from '../search-input';
import type { ListQuerySchema, ListUrlSearch } from './list-search';
import type { ListSearchState } from './use-list-search';

/**
 * A typed filter of a server-paginated list (a search, a username, an address): the list's
 * `name` filter in the URL, applied once typing pauses, trimmed, and replacing the history entry
 * so that Back does not replay every keystroke. Clearing it removes the filter.
 */
export function ListTextFilter<S extends ListQuerySchema>({
  list,
  name,
  label,
  placeholder,
  className,
}: {
  list: Pick<ListSearchState<S>, 'search' | 'setFilters'>;
  name: keyof ListUrlSearch<S> & string;
  label: string;
  placeholder?: string;
  className?: string;
}) {
  const value = list.search[name];
  return (
    <SearchInput
      label={label}
      placeholder={placeholder}
      value={typeof value === 'string' ? value : ''}
      onChange={(text) =>
        list.setFilters({ [name]: text.trim() || undefined } as ListUrlSearch<S>, {
          replace: true,
        })
      }
      className={className}
    />
  );
}
