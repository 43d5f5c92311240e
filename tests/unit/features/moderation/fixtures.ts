import type { ContentItem } from '../../../../src/contract/content';
import type { ModerationItem } from '../../../../src/features/moderation/moderation-rules';

/** A content item as POST /api/content/update returns it. */
export function contentItem(overrides: Partial<ContentItem> = {}): ContentItem {
  return {
    id: 1,
    service: 'Chat Service',
    subscriber: 'Acme Dating',
    subscriber_id: 'sub-1',
    user_id: 'u-100',
    username: 'lovebird',
    notes: 'Profile photo',
    message_type: 'image',
    content: 'https://cdn.example.test/a.jpg',
    file_url: null,
    bound_time: '2024-03-05T14:07:09.000Z',
    tags: [
      { name: 'nudity', selected: false },
      { name: 'hate_speech', selected: false },
      { name: 'spam', selected: false },
    ],
    customTag: null,
    submit_without_tags: 'no',
    enable_dynamic_tags: 'yes',
    content_additional_details: { age: 31, country: 'DE' },
    ai_moderated_status: ['nudity'],
    ai_response_time: 1.234,
    ai_other_details: { reasoning: 'The picture shows bare skin in a suggestive pose.' },
    ...overrides,
  };
}

export function moderationItem(overrides: Partial<ModerationItem> = {}): ModerationItem {
  return {
    ...contentItem(overrides),
    loaded: false,
    inboundTime: '2024-03-05T14:08:00.000Z',
    submitError: null,
    ...overrides,
  };
}
