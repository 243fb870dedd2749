import {
  Button,
  Card,
  EmptyState,
  FormError,
  Heading,
  Notice,
  SectionHeading,
  Stack,
  Text,
  TextField,
  usePageTitle,
  type ContractForm,
} from '@sukoyaka/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useCurrentAssociation } from './association';
import { QueryState } from './states';
import { Table, TableScroll } from './Table';

/**
 * The frame of a console page: the tab's title, the heading, a sentence on what the page is for
 * and, for a viewer, what the role does not allow.
 */
export function AdminPage({
  title,
  intro,
  mutedIntro,
  readOnlyNotice,
  children,
}: {
  title: string;
  intro: ReactNode;
  mutedIntro?: boolean;
  /** Shown to a viewer; a page a viewer can use in full has none. */
  readOnlyNotice?: string;
  children: ReactNode;
}) {
  usePageTitle(`${title} | すこやか運営管理`);
  const { canEdit } = useCurrentAssociation();
  return (
    <Stack $gap={3}>
      <Heading>{title}</Heading>
      <Text $muted={mutedIntro}>{intro}</Text>
      {readOnlyNotice && !canEdit ? <Notice>{readOnlyNotice}</Notice> : null}
      {children}
    </Stack>
  );
}

/** A query's items as cards: its loading and failure (QueryState), the empty state, then a card per item. */
export function CardList<Data, Item>({
  query,
  label,
  items,
  empty,
  children,
}: {
  query: UseQueryResult<Data>;
  label: string;
  items: (data: Data) => readonly Item[];
  /** The empty state's title. */
  empty: string;
  /** An item's card, with its key. */
  children: (item: Item) => ReactNode;
}) {
  return (
    <QueryState query={query} label={label}>
      {(data) => (
        <Stack $gap={2}>
          {items(data).length === 0 ? <EmptyState title={empty} /> : null}
          {items(data).map(children)}
        </Stack>
      )}
    </QueryState>
  );
}

/** An infinite query's "もっと見る", as `useInfiniteQuery` gives it. */
interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** A column's heading; numbers are set right. */
export type Column = string | { label: string; number: true };

/** A list as a table in a card: caption, column headings, the rows, and the next page's button. */
export function DataTable({
  caption,
  columns,
  more,
  children,
}: {
  caption: string;
  columns: readonly Column[];
  more?: MorePages;
  children: ReactNode;
}) {
  return (
    <Card>
      <TableScroll>
        <Table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) =>
                typeof column === 'string' ? (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ) : (
                  <th key={column.label} scope="col" className="number">
                    {column.label}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </Table>
      </TableScroll>
      {more?.hasNextPage ? (
        <Button variant="secondary" busy={more.isFetchingNextPage} onClick={() => void more.fetchNextPage()}>
          もっと見る
        </Button>
      ) : null}
    </Card>
  );
}

interface FormBodyProps {
  form: ContractForm;
  /** What the form submits (given to `form.formProps`). */
  submits: () => unknown;
  submitLabel: string;
  /** The last success, said as a status above the form. */
  done?: ReactNode;
  /** The submit button is off (a viewer's form). */
  disabled?: boolean;
  children: ReactNode;
}

/** A contract form's body: its form-level error, the last success, the fields and the submit button. */
export function ContractFormBody({ form, submits, submitLabel, done, disabled, children }: FormBodyProps) {
  return (
    <>
      {form.formError ? <FormError>{form.formError}</FormError> : null}
      {done ? <Notice role="status">{done}</Notice> : null}
      <form {...form.formProps(submits)}>
        <Stack $gap={2}>
          {children}
          <div>
            <Button type="submit" disabled={disabled} busy={form.isPending}>
              {submitLabel}
            </Button>
          </div>
        </Stack>
      </form>
    </>
  );
}

/** A form in its own card, under a heading that names the card. */
export function FormCard({ id, heading, ...body }: FormBodyProps & { id: string; heading: string }) {
  return (
    <Card aria-labelledby={id}>
      <SectionHeading id={id}>{heading}</SectionHeading>
      <ContractFormBody {...body} />
    </Card>
  );
}

/** A form folded under a summary, inside another card. */
export function FormDetails({ summary, ...body }: FormBodyProps & { summary: string }) {
  return (
    <details>
      <summary>{summary}</summary>
      <ContractFormBody {...body} />
    </details>
  );
}

/** A period's two days, the end not before the start (the filters of the dashboard and the audit log). */
export function PeriodFields<Period extends { from: string; to: string }>({
  value,
  onChange,
  backwards,
}: {
  value: Period;
  onChange: (value: Period) => void;
  /** The end is before the start: said at the end day. */
  backwards: boolean;
}) {
  return (
    <>
      <TextField label="開始日" type="date" value={value.from} onChange={(event) => onChange({ ...value, from: event.target.value })} />
      <TextField
        label="終了日"
        type="date"
        value={value.to}
        onChange={(event) => onChange({ ...value, to: event.target.value })}
        error={backwards ? '終了日は開始日以降の日付を入力してください' : undefined}
      />
    </>
  );
}
