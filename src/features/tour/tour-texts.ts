/** The words of the product tour (/demo-v2). */
export const TOUR_TEXTS = {
  docTitle: 'Product tour',
  eyebrow: 'Product tour',
  title: 'The moderation console your team can work in all day',
  lead: 'Client services send images, videos, audio and text. Your operators review each item with the keyboard, tag it and submit, and the decision goes back to the service as a signed webhook. The console installs to a desktop or a tablet, keeps working through a dropped network, and never loses a decision.',
  tryBrand: (brand: string) => `Try it on ${brand} content`,
  checkText: 'Check a text with the AI',
  contact: 'Talk to us',
  contents: 'On this page',
  sections: {
    card: {
      title: 'One card per item, everything an operator needs',
      body: 'The server hands each operator a few items at a time on a lease, so two people never review the same thing. A card shows the content, who sent it, and the AI’s suggestion with its reasoning. Tags are toggled with 1 to 9, Enter submits, the arrows move between cards; media loads only when the operator chooses to look.',
      points: [
        'Single review or batch mode, set per operator, with a maximum number of items held at once.',
        'A custom tag when a service allows one, and a rule per service on whether an item may go without a tag.',
        'Park to take a break: held items go straight back to the queue for someone else.',
      ],
      tryIt: 'This card is live: toggle a tag (or press 1 to 6 while it has focus) and submit it.',
      sent: 'Submitted. In the console this decision is stored at once, the card leaves the screen, and this is the body the service receives:',
      again: 'Show the card again',
      bodyLabel: 'The webhook body of this decision',
    },
    ai: {
      title: 'The AI works beside your people, not instead of them',
      body: 'Every item can be read by an AI before an operator sees it: the built-in word lists, which work offline, or any OpenAI-compatible model. Operators see its suggestion, never a decision they have to undo.',
      points: [
        'Per service: the configured model, the built-in lists, or no AI at all.',
        'Optionally, the AI decides alone the items it finds nothing in, so people spend their time where it matters.',
        'Precision and recall per tag show where the AI agrees with your team and where it does not, day by day.',
      ],
      tableCaption: 'AI agreement per tag, sample figures of one week',
      columns: { tag: 'Tag', precision: 'Precision', recall: 'Recall', decisions: 'Decisions' },
      tableNote:
        'Precision: how often a tag the AI suggested was applied. Recall: how often an applied tag was suggested.',
    },
    offline: {
      title: 'A decision is never lost',
      body: 'Operators work on trains, in warehouses and on hotel Wi-Fi. Every decision is written to the device before the card leaves the screen and sent as soon as the network allows, in order, exactly once.',
      points: [
        'The queue on the device survives a reload, a closed tab and a restart of the server.',
        'Each decision carries a key made on the device, so a retry can never decide an item twice.',
        'Anything the server refuses (the item went to someone else) is shown to the operator with the reason.',
      ],
      waiting: '3 decisions waiting to send',
      waitingNote: 'Sending as soon as the network is back',
    },
    delivery: {
      title: 'Delivered back, signed and retried',
      body: 'Each decision is posted to the service’s own address, signed the Standard Webhooks way. A service that is down gets it later, with growing pauses between attempts; administrators see every attempt and can send again.',
      requestLabel: 'A signed webhook request',
    },
    operations: {
      title: 'Run the operation from one place',
      body: 'Administrators see the queue as it moves: what waits, what is assigned, who is moderating. Pools route services to the right team, reports show handling times and SLA, and every change is in the audit log.',
      points: [
        'Pools and priorities: each team gets the services it knows, the urgent ones first.',
        'Reports and charts over any range: volumes, decision mix, handling time, SLA misses.',
        'Moderation history with every step of an item, from arrival to delivery.',
        'Roles with fine-grained permissions, two-factor sign-in, and a full audit log.',
      ],
      sample: 'Sample figures of a busy morning',
    },
    app: {
      title: 'Installs like an app, works like a tool',
      body: 'The console is a web app your team installs to a desktop or a tablet home screen. It follows the system’s light or dark theme, every control works from the keyboard, and every screen is checked for accessibility.',
      shortcuts: 'The moderation screen’s keyboard shortcuts',
    },
  },
} as const;
