import { z } from 'zod';
import { okData } from './api';
import { ChannelFieldsSchema, channelFieldIssues } from './channels';
import { MessageTypeSchema, httpUrl } from './content';
import { defineEndpoint, needs } from './endpoint';
import { bodyIdSchema, textSchema } from './validation';

/**
 * The content sender (/content-sender): staff send an item into the queue as a chosen service
 * and subscriber (text, the address of media, or an uploaded file), through the same ingest
 * path as the service API: AI, queue, delivery.
 *
 * Uploads go first, alone, as raw bytes (`application/octet-stream`): the server judges the
 * file by its bytes, stores it under a content address and answers its key; the send then names
 * the key. Stored media are served at `mediaPath(key)`.
 */
export const MEDIA_PATH_PREFIX = '/media/';
export const UPLOAD_CONTENT_TYPE = 'application/octet-stream';

export function mediaPath(key: string): string {
  return `${MEDIA_PATH_PREFIX}${key.slice(0, 2)}/${key}`;
}

export const MEDIA_KINDS = ['image', 'video', 'audio'] as const;

export const MediaKeySchema = z
  .string()
  .regex(/^[0-9a-f]{64}\.[a-z0-9]{2,5}$/, 'is not the key of an uploaded file');

export const UploadedMediaSchema = z.object({
  key: z.string(),
  kind: z.enum(MEDIA_KINDS),
  mime: z.string(),
  size: z.number().int(),
  /** Where the stored file is served, relative to the server. */
  path: z.string(),
});
export type UploadedMedia = z.infer<typeof UploadedMediaSchema>;

export const SEND_SOURCES = ['text', 'url', 'file'] as const;
export type SendSource = (typeof SEND_SOURCES)[number];
export const URL_MESSAGE_TYPES = ['image', 'video', 'audio', 'other'] as const;

export const CONTENT_SENDER_TEXTS = {
  chooseService: 'Choose a service',
  subscriberRequired: 'Enter the subscriber id',
  userRequired: "Enter the subscriber's user id",
  textRequired: 'Enter the text to send',
  urlRequired: 'Enter the http(s) address of the media',
  fileRequired: 'Choose a file and wait for its upload to finish',
  unknownService: 'There is no such service: reload the page to see the current list.',
  unknownMedia: 'The uploaded file is no longer stored: upload it again.',
} as const;

export const SendContentSchema = z
  .strictObject({
    service_id: z
      .number({ error: CONTENT_SENDER_TEXTS.chooseService })
      .pipe(bodyIdSchema('service_id')),
    subscriber_id: textSchema(200, 'subscriber_id')
      .trim()
      .min(1, CONTENT_SENDER_TEXTS.subscriberRequired),
    user_id: textSchema(200, 'user_id').trim().min(1, CONTENT_SENDER_TEXTS.userRequired),
    username: textSchema(200, 'username').trim().default(''),
    notes: textSchema(5000, 'notes').trim().default(''),
    source: z.enum(SEND_SOURCES, { error: 'source must be text, url or file' }),
    text: textSchema(100_000, 'text').default(''),
    url: z.string().default(''),
    url_type: z
      .enum(URL_MESSAGE_TYPES, { error: 'Choose what the address shows' })
      .default('image'),
    media_key: z.string().default(''),
    // The channel and its context, as the ingest API takes them (channels.ts).
    ...ChannelFieldsSchema.shape,
  })
  .superRefine((value, context) => {
    const require = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    for (const issue of channelFieldIssues(value)) require(issue.path, issue.message);
    if (value.source === 'text' && value.text.trim() === '') {
      require('text', CONTENT_SENDER_TEXTS.textRequired);
    }
    if (value.source === 'url' && !httpUrl.safeParse(value.url).success) {
      require('url', CONTENT_SENDER_TEXTS.urlRequired);
    }
    if (value.source === 'file' && !MediaKeySchema.safeParse(value.media_key).success) {
      require('media_key', CONTENT_SENDER_TEXTS.fileRequired);
    }
  });
export type SendContentInput = z.input<typeof SendContentSchema>;

export const SenderServiceSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
});

export const SenderOptionsSchema = z.object({
  services: z.array(SenderServiceSchema),
  /** The upload limit (the setting media_max_megabytes), so the page can refuse a file early. */
  max_upload_bytes: z.number().int(),
});
export type SenderOptions = z.infer<typeof SenderOptionsSchema>;

export const SentContentSchema = z.object({
  id: z.number().int(),
  message_type: MessageTypeSchema,
});

export const contentSenderEndpoints = {
  options: defineEndpoint({
    method: 'GET',
    path: '/api/content/sender-options',
    access: needs('section_content_sender'),
    summary: 'The services content can be sent as, and the upload size limit',
    response: okData(SenderOptionsSchema),
  }),
  upload: defineEndpoint({
    method: 'POST',
    path: '/api/content/media',
    access: needs('section_content_sender'),
    summary:
      'Stores an uploaded image, video or audio file (the raw bytes as application/octet-stream), judged by its bytes; answers its key',
    response: okData(UploadedMediaSchema),
  }),
  send: defineEndpoint({
    method: 'POST',
    path: '/api/content/send',
    access: needs('section_content_sender'),
    summary:
      'Sends one item into the queue as a service and subscriber: text, an address or an upload',
    body: SendContentSchema,
    response: okData(SentContentSchema),
  }),
};
