import { Send } from 'lucide-react';
import { useState } from 'react';
import {
  SEND_SOURCES,
  SendContentSchema,
  URL_MESSAGE_TYPES,
  type SenderOptions,
  type SendSource,
} from '../../../contract/content-sender';
import type { MessageType } from '../../../contract/content';
import { errorMessage } from '../../../lib/api-client';
import { formatTime } from '../../../lib/dates';
import { notify } from '../../../lib/notices';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { FormError } from '../../../ui/form/form-error';
import { SelectField } from '../../../ui/form/select-field';
import { TextField, TextareaField } from '../../../ui/form/text-field';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { useSendContent, useSenderOptions } from '../api/content-sender-calls';
import { CONTENT_SENDER_UI_TEXTS as TEXTS } from '../content-sender-texts';
import { ChannelFields, NO_CHANNEL, channelStart } from './channel-fields';
import { MediaUploadField } from './media-upload-field';

interface SentItem {
  id: number;
  service: string;
  type: MessageType;
  at: Date;
}

const muted = 'text-stone-600 dark:text-zinc-400';

/**
 * /content-sender: staff send one item into the live queue as a chosen service and subscriber:
 * text, the address of media, or an uploaded file (uploaded as soon as it is chosen). The
 * server takes it through the same ingest path as the service API.
 */
export function ContentSenderPage() {
  useDocumentTitle(TEXTS.title);
  const options = useSenderOptions();
  const [sent, setSent] = useState<SentItem[]>([]);

  return (
    <div className="space-y-6">
      <h1 className="text-xl font-semibold">{TEXTS.title}</h1>
      <p className={`max-w-3xl text-sm ${muted}`}>{TEXTS.intro}</p>
      {options.isError ? (
        <div role="alert" className="panel space-y-3 p-6 text-sm">
          <p>
            {TEXTS.loadFailed} {errorMessage(options.error)}
          </p>
          <button type="button" className="btn-secondary" onClick={() => void options.refetch()}>
            {TEXTS.retry}
          </button>
        </div>
      ) : options.data ? (
        <SenderForm
          options={options.data}
          onSent={(item) => setSent((earlier) => [item, ...earlier].slice(0, 20))}
        />
      ) : (
        <p role="status" className={`text-sm ${muted}`}>
          Loading…
        </p>
      )}
      <SentList items={sent} />
    </div>
  );
}

function SenderForm({
  options,
  onSent,
}: {
  options: SenderOptions;
  onSent: (item: SentItem) => void;
}) {
  const firstService = options.services.find((service) => service.active) ?? options.services[0];
  const initial = {
    service_id: firstService?.id ?? 0,
    subscriber_id: '',
    user_id: '',
    username: '',
    notes: '',
    source: 'text' as SendSource,
    text: '',
    url: '',
    url_type: 'image' as const,
    media_key: '',
    ...NO_CHANNEL,
  };
  const form = useZodForm(SendContentSchema, initial);
  const send = useSendContent();
  // A new file input after each send or clear: the browser keeps the old file otherwise.
  const [uploadGeneration, setUploadGeneration] = useState(0);
  const serviceName = (id: number) =>
    options.services.find((service) => service.id === id)?.name ?? String(id);

  const submit = form.handleSubmit(async (values) => {
    // An empty transcript is no transcript: the view then says none was sent.
    const transcript = values.transcript?.trim() ? values.transcript : null;
    const answer = await send.mutateAsync({ ...values, transcript });
    const service = serviceName(values.service_id);
    notify.success(TEXTS.sent(answer.id, service));
    onSent({ id: answer.id, service, type: answer.message_type, at: new Date() });
    // The sender often sends several items for one subscriber: keep who, clear what.
    form.setFields({ text: '', url: '', media_key: '' });
    setUploadGeneration((generation) => generation + 1);
  });

  const source = form.values.source as SendSource;
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid gap-6 lg:grid-cols-2"
      aria-label={TEXTS.title}
    >
      <fieldset className="panel min-w-0 space-y-4 p-5">
        <legend className="sr-only">{TEXTS.sendAs}</legend>
        <h2 className="text-base font-semibold" aria-hidden="true">
          {TEXTS.sendAs}
        </h2>
        <SelectField<number>
          label={TEXTS.service}
          required
          options={options.services.map((service) => ({
            value: service.id,
            label: service.active ? service.name : `${service.name} (${TEXTS.inactive})`,
          }))}
          {...form.field('service_id')}
          value={form.values.service_id as number}
        />
        <TextField
          label={TEXTS.subscriber}
          required
          hint={TEXTS.subscriberHint}
          autoComplete="off"
          {...form.field('subscriber_id')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={TEXTS.userId} required autoComplete="off" {...form.field('user_id')} />
          <TextField
            label={TEXTS.username}
            autoComplete="off"
            {...form.field('username')}
            value={form.values.username ?? ''}
          />
        </div>
        <TextareaField
          label={TEXTS.notes}
          rows={2}
          {...form.field('notes')}
          value={form.values.notes ?? ''}
        />
        <ChannelFields
          values={form.values}
          field={{
            channel: form.field('channel'),
            conversationId: form.field('conversation_id'),
            transcript: form.field('transcript'),
            inbox: (key) => form.subField('inbox', key),
            social: (key) => form.subField('social', key),
          }}
          onChannel={(channel) => form.setFields(channelStart(channel))}
        />
      </fieldset>

      <fieldset className="panel min-w-0 space-y-4 p-5">
        <legend className="sr-only">{TEXTS.content}</legend>
        <h2 className="text-base font-semibold" aria-hidden="true">
          {TEXTS.content}
        </h2>
        <div role="radiogroup" aria-label={TEXTS.source} className="flex flex-wrap gap-2">
          {SEND_SOURCES.map((choice) => (
            <label
              key={choice}
              className="has-checked:border-gold-500 has-checked:bg-gold-50 dark:has-checked:bg-gold-500/10 flex cursor-pointer items-center gap-2 rounded-md border border-stone-300 px-3 py-1.5 text-sm has-focus-visible:ring-2 has-focus-visible:ring-gold-500/50 dark:border-zinc-700"
            >
              <input
                type="radio"
                name="source"
                value={choice}
                checked={source === choice}
                onChange={() => form.setValue('source', choice)}
                className="accent-gold-600"
              />
              {TEXTS.sources[choice]}
            </label>
          ))}
        </div>

        {source === 'text' && (
          <TextareaField
            label={TEXTS.text}
            required
            rows={6}
            {...form.field('text')}
            value={form.values.text ?? ''}
          />
        )}
        {source === 'url' && (
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              label={TEXTS.url}
              type="url"
              required
              className="sm:col-span-2"
              placeholder="https://"
              {...form.field('url')}
              value={form.values.url ?? ''}
            />
            <SelectField
              label={TEXTS.urlType}
              options={URL_MESSAGE_TYPES.map((type) => ({
                value: type,
                label: TEXTS.urlTypes[type],
              }))}
              {...form.field('url_type')}
              value={form.values.url_type ?? 'image'}
            />
          </div>
        )}
        {source === 'file' && (
          <MediaUploadField
            key={uploadGeneration}
            maxBytes={options.max_upload_bytes}
            error={form.errors.media_key}
            onUploaded={(key) => form.setValue('media_key', key)}
          />
        )}

        <FormError message={form.formError} />
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <button
            type="button"
            className="btn-secondary"
            disabled={form.submitting}
            onClick={() => {
              form.reset({ ...initial, service_id: form.values.service_id as number });
              setUploadGeneration((generation) => generation + 1);
            }}
          >
            {TEXTS.clear}
          </button>
          <button
            type="submit"
            className="btn-primary"
            disabled={form.submitting}
            aria-busy={form.submitting || undefined}
          >
            <Send aria-hidden="true" className="size-4" />
            {form.submitting ? TEXTS.sending : TEXTS.send}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

function SentList({ items }: { items: readonly SentItem[] }) {
  return (
    <section className="panel p-5" aria-labelledby="sent-heading">
      <h2 id="sent-heading" className="mb-3 text-base font-semibold">
        {TEXTS.recent}
      </h2>
      {items.length === 0 ? (
        <p className={`text-sm ${muted}`}>{TEXTS.recentEmpty}</p>
      ) : (
        <ul
          className="divide-y divide-stone-200 text-sm dark:divide-zinc-800"
          data-testid="sent-list"
        >
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap gap-x-4 gap-y-1 py-2">
              <span className="font-medium tabular-nums">#{item.id}</span>
              <span>{item.service}</span>
              <span className={muted}>{item.type}</span>
              <time className={`ml-auto tabular-nums ${muted}`} dateTime={item.at.toISOString()}>
                {formatTime(item.at)} UTC
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
