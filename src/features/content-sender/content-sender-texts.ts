import type { SendSource } from '../../contract/content-sender';

export const CONTENT_SENDER_UI_TEXTS = {
  title: 'Content Sender',
  intro:
    'Send an item into the live queue as a client service would: it gets the service’s AI answer, reaches operators and is delivered to the service once decided.',
  sendAs: 'Send as',
  content: 'Content',
  service: 'Service',
  inactive: 'inactive',
  subscriber: 'Subscriber id',
  subscriberHint: 'The service’s id of the community or account the item belongs to.',
  userId: 'User id',
  username: 'Username',
  notes: 'Notes for the operator',
  channel: 'Channel',
  channelHint: 'Where the item came from on the service’s side. Each channel has its own view.',
  noChannel: 'None',
  conversationId: 'Conversation id',
  conversationHint: 'The chat the message belongs to: its earlier messages show beside it.',
  threadHint: 'Messages of one thread show together.',
  socialMedia: 'Media addresses',
  socialMediaShort: 'A media address',
  socialMediaHint: (max: number) =>
    `The post’s pictures or videos, one http(s) address a line, at most ${max}.`,
  transcriptHint: 'Shown under the recording’s player.',
  source: 'What to send',
  sources: { text: 'Text', url: 'Address', file: 'Upload' } satisfies Record<SendSource, string>,
  text: 'Message text',
  url: 'Address of the media',
  urlType: 'It shows',
  urlTypes: { image: 'An image', video: 'A video', audio: 'Audio', other: 'Something else' },
  file: 'Media file',
  fileHint: (limit: string) =>
    `An image, video or audio file up to ${limit}. Its type is judged by its contents.`,
  uploading: (percent: number) => `Uploading… ${percent} %`,
  uploaded: (kind: string, size: string) => `Uploaded: ${kind}, ${size}`,
  tooLarge: (limit: string) => `This file is larger than the upload limit of ${limit}.`,
  send: 'Send',
  sending: 'Sending…',
  clear: 'Clear',
  sent: (id: number, service: string) => `Item ${id} sent as ${service}: it is in the queue.`,
  recent: 'Sent from this page',
  recentEmpty: 'Nothing sent yet from this page.',
  loadFailed: 'The services could not be loaded.',
  retry: 'Try again',
} as const;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 102.4) / 10} KB`;
  return `${Math.round(bytes / 1024 / 102.4) / 10} MB`;
}
