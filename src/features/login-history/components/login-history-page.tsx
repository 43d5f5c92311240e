import { useMemo } from 'react';
import { LOGIN_RESULTS, loginHistoryEndpoints } from '../../../contract/login-history';
import { api } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ListTable } from '../../../ui/data-table/list-table';
import { ListTextFilter } from '../../../ui/data-table/list-text-filter';
import { useListSearch } from '../../../ui/data-table/use-list-search';
import { DateRangePicker } from '../../../ui/date-range-picker';
import { FilterSelect } from '../../../ui/filter-select';
import { useLoginHistory } from '../api/get-login-history';
import { LOGIN_HISTORY_TEXTS as TEXTS } from '../login-history-texts';
import { loginHistoryColumns } from './login-history-columns';

const RESULT_OPTIONS = LOGIN_RESULTS.map((result) => ({
  value: result,
  label: result === 'success' ? TEXTS.success : TEXTS.failure,
}));

/**
 * Every sign-in attempt, newest first: who (the username typed, also when no account has it),
 * when (UTC), from which address and browser, and why it failed. Filters by username, result,
 * address and UTC days live in the URL; Export CSV downloads every row of the current filter.
 */
export function LoginHistoryPage() {
  useDocumentTitle(TEXTS.title);
  const list = useListSearch(loginHistoryEndpoints.list);
  const history = useLoginHistory(list.apiQuery);
  const { setFilters } = list;
  const columns = useMemo(
    () => loginHistoryColumns((username) => setFilters({ user: username })),
    [setFilters],
  );

  return (
    <ListTable
      tableId="login-history"
      title={TEXTS.title}
      titleLevel={1}
      columns={columns}
      getRowId={(row) => String(row.id)}
      rowTestId={(row) => `login-${row.id}`}
      list={list}
      query={history}
      filters={
        // Below the title row (with Columns and Export), however many filters are set.
        <div className="order-last flex w-full flex-wrap items-center gap-2">
          <ListTextFilter
            list={list}
            name="user"
            label={TEXTS.usernameFilter}
            placeholder={TEXTS.username}
            className="sm:w-48"
          />
          <FilterSelect
            label={TEXTS.result}
            allLabel={TEXTS.allResults}
            options={RESULT_OPTIONS}
            value={list.search.result}
            onChange={(result) => setFilters({ result: result || undefined })}
          />
          <ListTextFilter
            list={list}
            name="address"
            label={TEXTS.addressFilter}
            placeholder={TEXTS.address}
            className="sm:w-40"
          />
          <DateRangePicker
            value={{ from: list.search.from, to: list.search.to }}
            onChange={(range) => setFilters(range)}
          />
        </div>
      }
      exportHref={api.href(loginHistoryEndpoints.export, { query: list.filterQuery })}
      empty={TEXTS.empty}
      emptyFiltered={TEXTS.emptyFiltered}
      rangeTestId="login-history-range"
      testId="login-history"
    />
  );
}
