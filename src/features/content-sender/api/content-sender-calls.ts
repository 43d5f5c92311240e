import { useMutation, useQuery } from '@tanstack/react-query';
import { contentSenderEndpoints, type SendContentInput } from '../../../contract/content-sender';
import { api } from '../../../lib/api-client';

export function useSenderOptions() {
  return useQuery({
    queryKey: ['content-sender', 'options'],
    queryFn: ({ signal }) => api.call(contentSenderEndpoints.options, {}, { signal }),
    select: (answer) => answer.data,
  });
}

export function uploadMedia(
  file: Blob,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal },
) {
  return api.upload(contentSenderEndpoints.upload, file, options).then((answer) => answer.data);
}

export function useSendContent() {
  return useMutation({
    mutationFn: (body: SendContentInput) =>
      api.call(contentSenderEndpoints.send, { body }).then((answer) => answer.data),
  });
}
