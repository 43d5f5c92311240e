/**
 * Notices (SPEC §8): success and error messages that hide after 6 seconds. Features call
 * `notify` and never the toast library directly.
 */
import { Toaster, toast } from 'sonner';
import { useTheme } from './theme';

export const NOTICE_DURATION_MS = 6_000;

export const notify = {
  success: (message: string) => toast.success(message, { duration: NOTICE_DURATION_MS }),
  error: (message: string) => toast.error(message, { duration: NOTICE_DURATION_MS }),
  info: (message: string) => toast(message, { duration: NOTICE_DURATION_MS }),
};

export function NoticeHost() {
  const theme = useTheme();
  return <Toaster theme={theme} position="top-right" richColors closeButton />;
}
