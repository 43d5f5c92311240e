import type { CurrentUser } from '../../../contract/auth';

function displayName(user: CurrentUser): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;
}

/** The profile menu's button, shared by the menu and its stand-in while the menu loads. */
export function profileTriggerProps(user: CurrentUser) {
  const name = displayName(user);
  const initials = name
    .split(' ')
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return {
    className:
      'flex items-center gap-2 rounded-full p-1 pr-3 text-sm hover:bg-stone-200/70 dark:hover:bg-zinc-800',
    'aria-label': `Profile menu for ${name}`,
    children: (
      <>
        {/* The initials are drawn by CSS, not text: as text they would be part of the button's
            visible label without being part of its accessible name. */}
        <span
          aria-hidden="true"
          data-initials={initials}
          className="grid size-8 place-items-center rounded-full bg-gold-500 text-xs font-semibold text-zinc-950 before:content-[attr(data-initials)]"
        />
        <span className="hidden max-w-40 truncate sm:inline">{name}</span>
      </>
    ),
  };
}
