import {
  Bot,
  ChartLine,
  CircleUser,
  FileText,
  FlaskConical,
  Gauge,
  History,
  KeyRound,
  LayoutGrid,
  type LucideIcon,
  MessagesSquare,
  Mic,
  Palette,
  Settings,
  ShieldCheck,
  Users,
  Wrench,
} from 'lucide-react';

const ICONS: Record<string, LucideIcon> = {
  '/dashboard': Gauge,
  '/reports': FileText,
  '/modhistory': History,
  '/customer-moderation': History,
  '/ai-moderation': Bot,
  '/moderation': ShieldCheck,
  '/my-profile': CircleUser,
  '/charts': ChartLine,
  '/settings': Settings,
  '/online-users': Users,
  '/users': Users,
  '/voice': Mic,
  '/service-tokens': KeyRound,
  '/trial-page': FlaskConical,
  '/trial-brands': Palette,
  Operations: LayoutGrid,
  AI: Bot,
  Tools: Wrench,
  Logs: FileText,
  Services: MessagesSquare,
};

export function NavIcon({ name }: { name: string }) {
  const Icon = ICONS[name] ?? LayoutGrid;
  return <Icon aria-hidden="true" className="size-5 shrink-0" strokeWidth={1.75} />;
}
