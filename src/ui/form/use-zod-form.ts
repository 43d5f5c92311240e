import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '../../contract/validation';
import { ApiError, errorMessage } from '../../lib/api-client';

/**
 * A form's state, checked with the same zod schema the server checks the request with, so the
 * two never disagree about what is valid. Rules:
 * - A field's message shows once the field was left (blur) or a submit was tried; after that it
 *   follows every change.
 * - A submit with refused values sends nothing, shows every message and focuses the first refused
 *   field.
 * - A 422 answer's `fields` (ApiError.fields, keyed like fieldErrors: 'name', 'a.b') show beside
 *   the same fields, each until that field changes. Messages for names the form has no field
 *   for, and failures without fields, show as the form's own message (`formError`).
 * - A field inside an object value (`subField('inbox', 'sender')`, named 'inbox.sender') shows
 *   its own messages and those below it ('social.media.2' beside 'social.media').
 */
export type FieldBinding<V> = {
  name: string;
  value: V;
  /** Also takes '' (an empty choice) and undefined (an empty number): the schema judges them. */
  onChange: (value: V | '' | undefined) => void;
  onBlur: () => void;
  error: string | undefined;
};

export function useZodForm<S extends z.ZodType<unknown, Record<string, unknown>>>(
  schema: S,
  initial: z.input<S>,
) {
  type Values = z.input<S>;
  type Name = keyof Values & string;
  const [values, setValues] = useState<Values>(initial);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The first values: what reset() goes back to, and which names are fields of this form.
  const [first] = useState(initial);

  const check = useCallback(
    (next: Values): Record<string, string> => {
      const parsed = schema.safeParse(next);
      return parsed.success ? {} : fieldErrors(parsed.error);
    },
    [schema],
  );

  const names = useMemo(() => new Set(Object.keys(first)), [first]);
  /** The nested fields rendered so far ('inbox.sender'). */
  const nested = useRef(new Set<string>());

  /** The form shows this message beside one of its fields, not as the form's message. */
  function hasFieldFor(name: string): boolean {
    if (names.has(name)) return true;
    for (const field of nested.current) {
      if (name === field || name.startsWith(`${field}.`)) return true;
    }
    return false;
  }

  function errorOf(name: string): string | undefined {
    const client = submitted || shown.has(name) ? clientErrors[name] : undefined;
    return client ?? serverErrors[name];
  }

  /** The field's own message, else the first of the values below it. */
  function errorUnder(name: string): string | undefined {
    const own = errorOf(name);
    if (own) return own;
    const below = [...Object.keys(clientErrors), ...Object.keys(serverErrors)].find((key) =>
      key.startsWith(`${name}.`),
    );
    if (below === undefined) return undefined;
    const client = submitted || shown.has(name) ? clientErrors[below] : undefined;
    return client ?? serverErrors[below];
  }

  function setValue<K extends Name>(name: K, value: Values[K] | '' | undefined) {
    setFields({ [name]: value } as Partial<Values>);
  }

  /**
   * Several fields changed by one edit (an editor whose value spans fields), in one update:
   * two setValue calls in one event would each start from the same values, the second undoing
   * the first.
   */
  function setFields(patch: Partial<Values>) {
    const next = { ...values, ...patch } as Values;
    setValues(next);
    setClientErrors(check(next));
    // A server message of 'tags.1.name' belongs to the field 'tags'.
    const changed = (message: string) =>
      Object.keys(patch).some((name) => message === name || message.startsWith(`${name}.`));
    if (Object.keys(serverErrors).some(changed)) {
      setServerErrors((current) =>
        Object.fromEntries(Object.entries(current).filter(([name]) => !changed(name))),
      );
    }
  }

  function field<K extends Name>(name: K): FieldBinding<Values[K]> {
    return {
      name,
      value: values[name],
      onChange: (value) => setValue(name, value),
      onBlur: () => {
        if (!shown.has(name)) setShown(new Set([...shown, name]));
        setClientErrors(check(values));
      },
      error: errorOf(name),
    };
  }

  /**
   * A field of an object value: `subField('inbox', 'sender')` reads and writes
   * `values.inbox.sender` and is named 'inbox.sender', as the schema's messages are.
   */
  function subField<P extends Name, K extends keyof NonNullable<Values[P]> & string>(
    parent: P,
    key: K,
  ): FieldBinding<NonNullable<Values[P]>[K] | undefined> {
    const name = `${parent}.${key}`;
    nested.current.add(name);
    const current = (values[parent] ?? {}) as Record<string, unknown>;
    return {
      name,
      value: current[key] as NonNullable<Values[P]>[K] | undefined,
      onChange: (value) => setValue(parent, { ...current, [key]: value } as Values[P]),
      onBlur: () => {
        if (!shown.has(name)) setShown(new Set([...shown, name]));
        setClientErrors(check(values));
      },
      error: errorUnder(name),
    };
  }

  /** Shows a failed request: 422 fields beside their fields; anything else as `formError`. */
  function applyServerError(error: unknown): void {
    if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
      setServerErrors(error.fields);
      const orphans = Object.entries(error.fields).filter(([name]) => !hasFieldFor(name));
      setFailure(orphans.length > 0 ? orphans.map(([, text]) => text).join('; ') : null);
      return;
    }
    setFailure(errorMessage(error));
  }

  /**
   * The form's onSubmit: checks every value, then calls `onValid` with the parsed values. A
   * rejection of `onValid` is shown (see applyServerError), never thrown further.
   */
  function handleSubmit(onValid: (data: z.output<S>) => unknown) {
    return async (event?: FormEvent<HTMLFormElement>) => {
      event?.preventDefault();
      const form = event?.currentTarget;
      setSubmitted(true);
      setFailure(null);
      const parsed = schema.safeParse(values);
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        setClientErrors(errors);
        const orphans = Object.entries(errors).filter(([name]) => !hasFieldFor(name));
        if (orphans.length > 0) setFailure(orphans.map(([, text]) => text).join('; '));
        const first = Object.keys(errors).find(hasFieldFor);
        // A message below a nested field ('social.media.2') focuses that field.
        const field =
          first === undefined
            ? undefined
            : ([...nested.current].find((name) => first.startsWith(`${name}.`)) ?? first);
        if (field) form?.querySelector<HTMLElement>(`[name="${CSS.escape(field)}"]`)?.focus();
        return;
      }
      setClientErrors({});
      setServerErrors({});
      setSubmitting(true);
      try {
        await onValid(parsed.data);
      } catch (error) {
        applyServerError(error);
      } finally {
        setSubmitting(false);
      }
    };
  }

  function reset(next: Values = first) {
    setValues(next);
    setClientErrors({});
    setServerErrors({});
    setShown(new Set());
    setSubmitted(false);
    setFailure(null);
  }

  const errors: Record<string, string> = {};
  for (const name of new Set([...Object.keys(clientErrors), ...Object.keys(serverErrors)])) {
    const message = errorOf(name);
    if (message) errors[name] = message;
  }

  return {
    values,
    /** The message of each field that shows one now. */
    errors,
    /** A message for the whole form: a failure that names no field of it. */
    formError: failure,
    submitting,
    field,
    subField,
    setValue,
    setFields,
    handleSubmit,
    applyServerError,
    reset,
  };
}
