import { ModerationPage } from '../../moderation/components/moderation-page';

/*
 * The channel views: the moderation page itself, for one channel's items (one engine, several
 * views). Each route lazily loads its page from here.
 */
export const ChatPage = () => <ModerationPage channel="chat" />;
export const InboxPage = () => <ModerationPage channel="inbox" />;
export const SocialPage = () => <ModerationPage channel="social" />;
export const CallsPage = () => <ModerationPage channel="calls" />;
export const VoicePage = () => <ModerationPage channel="voice" />;
