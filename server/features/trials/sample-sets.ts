/**
 * The sample content of the demo sandbox and the public trial pages: a few sets, each the kind of
 * content one type of platform receives, with the tags its moderators use, the word lists the
 * built-in AI reads, and for every item the reference result a senior moderator would give and
 * why. Sample ids are unique across sets (a set's hundreds), so a decision names its sample
 * alone.
 *
 * The samples are chosen to show what the console is for: most are clear, some the AI gets
 * wrong (a film review it reads as violence, a weapon it does not see), one it gets half right.
 * Text samples get their AI answer from the built-in provider at run time (sandbox.ts); pictures
 * carry an answer recorded from an image model, since the built-in provider reads text only.
 * Pictures are drawn by sample-pictures.ts from `picture`.
 *
 * Nothing here is real: names, numbers and addresses are made up (07700 900xxx is a UK drama
 * range, example.com and .example are reserved).
 */
export interface SamplePicture {
  kind: 'photo' | 'post' | 'listing' | 'poster';
  heading: string;
  lines: string[];
  /** Background, foreground and accent. */
  palette: [string, string, string];
}

export interface SampleDefinition {
  id: number;
  title: string;
  subscriber: string;
  username: string;
  userId: string;
  notes: string | null;
  ageMinutes: number;
  details: Record<string, string | number>;
  text?: string;
  picture?: SamplePicture;
  /** The answer of an image model, for pictures (text samples are asked at run time). */
  recordedAi?: { tags: string[]; seconds: number; reasoning: string };
  reference: { tags: string[]; reasoning: string };
}

export interface SampleSetDefinition {
  id: string;
  title: string;
  description: string;
  /** Tag names in hotkey order, with the label a card shows. */
  tags: { name: string; label: string }[];
  wordLists: Record<string, string[]>;
  samples: SampleDefinition[];
}

const SOCIAL: SampleSetDefinition = {
  id: 'social',
  title: 'Social network',
  description: 'Comments, posts, messages and photos of a general-audience social app.',
  tags: [
    { name: 'spam', label: 'Spam' },
    { name: 'harassment', label: 'Harassment' },
    { name: 'hate_speech', label: 'Hate Speech' },
    { name: 'violence', label: 'Violence' },
    { name: 'self_harm', label: 'Self Harm' },
    { name: 'adult', label: 'Adult' },
  ],
  wordLists: {
    spam: ['click here', 'free money', 'lucky winner', 'limited offer', 'cheap followers'],
    harassment: ['dumbest', 'shut up', 'loser', 'idiot', 'nobody wants you'],
    hate_speech: ['vermin', 'go back where you came from', 'subhuman'],
    violence: ['shot', 'kill', 'stab', 'hurt you', 'gun'],
    self_harm: ['end it all', 'hurt myself', 'nobody would miss me'],
    adult: ['nsfw', 'nude', 'naked'],
  },
  samples: [
    {
      id: 101,
      title: 'Comment under a giveaway post',
      subscriber: 'Comments',
      username: 'promo_deals_4u',
      userId: 'u-88213',
      notes: 'Account created today',
      ageMinutes: 3,
      details: { channel: 'comments', reports: 4, account_age_days: 0 },
      text: 'Congratulations, you are our lucky winner! Click here to claim your free money before midnight: bit.ly/claim-now',
      reference: {
        tags: ['spam'],
        reasoning:
          'A prize message with a shortened link, posted by a day-old account: textbook spam, nothing else.',
      },
    },
    {
      id: 102,
      title: 'Reply in a discussion thread',
      subscriber: 'Comments',
      username: 'kjell.b',
      userId: 'u-20417',
      notes: 'Reported by the person it answers',
      ageMinutes: 7,
      details: { channel: 'comments', reports: 1, thread_replies: 38 },
      text: 'Honestly you are the dumbest person on this site. Nobody wants you here, just shut up and leave.',
      reference: {
        tags: ['harassment'],
        reasoning:
          'Insults aimed at one person, telling them to leave: harassment. It targets no group, so it is not hate speech.',
      },
    },
    {
      id: 103,
      title: 'Post about a hard week',
      subscriber: 'Posts',
      username: 'lotte_v',
      userId: 'u-55102',
      notes: null,
      ageMinutes: 12,
      details: { channel: 'posts', reports: 0, followers: 212 },
      text: "Some days I feel like I want to end it all. I don't know who to talk to any more.",
      reference: {
        tags: ['self_harm'],
        reasoning:
          'Signs of suicidal thoughts. Tag it so the wellbeing process reaches out; the post itself breaks no rule and stays up.',
      },
    },
    {
      id: 104,
      title: 'Film review',
      subscriber: 'Posts',
      username: 'cinephile_ann',
      userId: 'u-31877',
      notes: null,
      ageMinutes: 18,
      details: { channel: 'posts', reports: 0, followers: 1840 },
      text: 'That ending where the hero gets shot in the final scene: best film of the year. No more spoilers, promise!',
      reference: {
        tags: [],
        reasoning:
          'A film review. Violence in fiction is fine to discuss; the word "shot" alone misled the word lists.',
      },
    },
    {
      id: 105,
      title: 'Post in a neighbourhood group',
      subscriber: 'Groups',
      username: 'old_town_watch',
      userId: 'u-40991',
      notes: 'Group of 3,400 members',
      ageMinutes: 25,
      details: { channel: 'groups', reports: 9, group_members: 3400 },
      text: 'Those people from across the border are vermin and should be thrown out of our town.',
      reference: {
        tags: ['hate_speech'],
        reasoning:
          'Dehumanises people by where they come from and calls for their removal: hate speech.',
      },
    },
    {
      id: 106,
      title: 'New profile photo',
      subscriber: 'Profile photos',
      username: 'maya_k',
      userId: 'u-12045',
      notes: null,
      ageMinutes: 31,
      details: { channel: 'profile', reports: 0 },
      picture: {
        kind: 'photo',
        heading: 'Weekend hike above the clouds',
        lines: [],
        palette: ['#7fb3e0', '#ffffff', '#f2b134'],
      },
      recordedAi: {
        tags: ['SAFE'],
        seconds: 0.84,
        reasoning: 'A landscape at sunset with a caption; no person, text or symbol of concern.',
      },
      reference: { tags: [], reasoning: 'A landscape photo. Nothing to act on.' },
    },
    {
      id: 107,
      title: 'Screenshot sent in a direct message',
      subscriber: 'Direct messages',
      username: 'growth.hacks',
      userId: 'u-90322',
      notes: 'Sent to 140 accounts in an hour',
      ageMinutes: 40,
      details: { channel: 'messages', recipients: 140 },
      picture: {
        kind: 'post',
        heading: 'growth.hacks',
        lines: [
          'DM me for cheap followers:',
          '10k for $5, limited offer,',
          'today only!!',
          'Payment by crypto or gift card',
        ],
        palette: ['#1f2937', '#f9fafb', '#22c55e'],
      },
      recordedAi: {
        tags: ['spam'],
        seconds: 1.12,
        reasoning: 'The picture is a message selling followers, a common spam pattern.',
      },
      reference: {
        tags: ['spam'],
        reasoning: 'Bulk unsolicited selling of fake followers: spam.',
      },
    },
    {
      id: 108,
      title: 'Meme posted in a group chat',
      subscriber: 'Group chats',
      username: 'nightowl_99',
      userId: 'u-67730',
      notes: 'Reported by one member of the chat',
      ageMinutes: 52,
      details: { channel: 'group chats', reports: 1, chat_members: 6 },
      picture: {
        kind: 'poster',
        heading: 'When the group chat goes quiet',
        lines: ['I know where you live, Sam.', 'See you tonight.'],
        palette: ['#111827', '#fde68a', '#ef4444'],
      },
      recordedAi: {
        tags: ['SAFE'],
        seconds: 1.31,
        reasoning: 'A meme format with a caption; no weapon, nudity or hateful symbol detected.',
      },
      reference: {
        tags: ['harassment', 'violence'],
        reasoning:
          'A threat against a named person, in meme form: the joke format does not make it safe. The image model saw no weapon and missed it.',
      },
    },
  ],
};

const MARKETPLACE: SampleSetDefinition = {
  id: 'marketplace',
  title: 'Marketplace',
  description: 'Listings and listing photos of a second-hand marketplace.',
  tags: [
    { name: 'scam', label: 'Scam' },
    { name: 'counterfeit', label: 'Counterfeit' },
    { name: 'prohibited_item', label: 'Prohibited Item' },
    { name: 'personal_data', label: 'Personal Data' },
    { name: 'spam', label: 'Spam' },
    { name: 'offensive', label: 'Offensive' },
  ],
  wordLists: {
    scam: ['gift card', 'send the codes', 'western union', 'wire the money', 'advance payment'],
    counterfeit: ['replica', '1:1 copy', 'fake', 'knock-off'],
    prohibited_item: ['without prescription', 'pills', 'ammunition', 'brass knuckles', 'firearm'],
    personal_data: ['call me at', 'my address is', 'mail me at'],
    spam: ['buy now', 'limited offer', 'click here', 'visit my shop'],
    offensive: ['idiot', 'scum', 'moron'],
  },
  samples: [
    {
      id: 201,
      title: 'Phone listing',
      subscriber: 'Listings',
      username: 'quickdeals_22',
      userId: 's-71004',
      notes: 'Seller joined yesterday',
      ageMinutes: 2,
      details: { category: 'Phones', price_eur: 150, seller_rating: 'none' },
      text: 'iPhone 15 Pro, still sealed, 150 EUR. Payment only by gift card: send the codes on WhatsApp and I post it the same day.',
      reference: {
        tags: ['scam'],
        reasoning:
          'Far below the market price, paid by gift card codes outside the platform: an advance-payment scam.',
      },
    },
    {
      id: 202,
      title: 'Watch listing',
      subscriber: 'Listings',
      username: 'lux_time',
      userId: 's-32890',
      notes: null,
      ageMinutes: 9,
      details: { category: 'Watches', price_gbp: 90 },
      text: 'Rolex Submariner, perfect replica, nobody will notice the difference. 90 GBP.',
      reference: {
        tags: ['counterfeit'],
        reasoning: 'The seller says it is a replica of a trademarked watch: counterfeit goods.',
      },
    },
    {
      id: 203,
      title: 'Sewing machine listing',
      subscriber: 'Listings',
      username: 'margaret.h',
      userId: 's-10233',
      notes: null,
      ageMinutes: 15,
      details: { category: 'Home', price_gbp: 45, seller_rating: 4.9 },
      text: "Selling my grandmother's sewing machine, works fine, pickup in Leeds. Message me with any questions.",
      reference: { tags: [], reasoning: 'An ordinary listing. Nothing to act on.' },
    },
    {
      id: 204,
      title: 'Health products listing',
      subscriber: 'Listings',
      username: 'pharma_direct',
      userId: 's-66120',
      notes: 'Three earlier listings removed',
      ageMinutes: 21,
      details: { category: 'Health', price_eur: 30 },
      text: 'Strong painkiller pills available without prescription, discreet shipping, any quantity.',
      reference: {
        tags: ['prohibited_item'],
        reasoning: 'Prescription medicine offered without a prescription: a prohibited item.',
      },
    },
    {
      id: 205,
      title: 'Sofa listing',
      subscriber: 'Listings',
      username: 'tom_f',
      userId: 's-50871',
      notes: null,
      ageMinutes: 28,
      details: { category: 'Furniture', price_gbp: 120 },
      text: 'Serious buyers only! Call me at 07700 900123 or come round, my address is 12 Park Lane, flat 3.',
      reference: {
        tags: ['personal_data'],
        reasoning:
          'A phone number and a home address in public: the marketplace keeps contact inside its messages to protect sellers.',
      },
    },
    {
      id: 206,
      title: 'Bicycle listing photo',
      subscriber: 'Listing photos',
      username: 'cycle_ben',
      userId: 's-24466',
      notes: null,
      ageMinutes: 33,
      details: { category: 'Bikes', price_gbp: 80 },
      picture: {
        kind: 'listing',
        heading: 'Vintage racing bicycle',
        lines: ['Good condition, new tyres', 'Collection only'],
        palette: ['#f3f4f6', '#111827', '#0ea5e9'],
      },
      recordedAi: {
        tags: ['SAFE'],
        seconds: 0.92,
        reasoning: 'A bicycle with its price; nothing of concern.',
      },
      reference: { tags: [], reasoning: 'An ordinary listing photo.' },
    },
    {
      id: 207,
      title: 'Trainers listing photo',
      subscriber: 'Listing photos',
      username: 'sneaker_plug',
      userId: 's-80912',
      notes: 'Same photo on 12 listings',
      ageMinutes: 44,
      details: { category: 'Shoes', price_gbp: 25, listings: 12 },
      picture: {
        kind: 'listing',
        heading: 'Air Max 90 - 1:1 copy',
        lines: ['All sizes in stock', '25 GBP a pair'],
        palette: ['#fff7ed', '#431407', '#f97316'],
      },
      recordedAi: {
        tags: ['counterfeit'],
        seconds: 1.05,
        reasoning: 'The picture advertises a "1:1 copy" of a branded shoe.',
      },
      reference: {
        tags: ['counterfeit'],
        reasoning: 'Copies of a branded shoe sold as such: counterfeit.',
      },
    },
    {
      id: 208,
      title: 'Outdoor gear listing photo',
      subscriber: 'Listing photos',
      username: 'wild_camp_gear',
      userId: 's-37745',
      notes: null,
      ageMinutes: 58,
      details: { category: 'Outdoor', price_gbp: 40 },
      picture: {
        kind: 'listing',
        heading: 'Hunting knife set',
        lines: ['+ brass knuckles, free gift', '40 GBP, posted next day'],
        palette: ['#ecfccb', '#1a2e05', '#65a30d'],
      },
      recordedAi: {
        tags: ['SAFE'],
        seconds: 1.18,
        reasoning: 'Outdoor knives are allowed in this category; no prohibited item recognised.',
      },
      reference: {
        tags: ['prohibited_item'],
        reasoning:
          'The knives alone would be allowed, but brass knuckles are a prohibited weapon. The image model missed the small print.',
      },
    },
  ],
};

const GAMING: SampleSetDefinition = {
  id: 'gaming',
  title: 'Gaming community',
  description: 'In-game chat, forum posts and shared screenshots of an online game.',
  tags: [
    { name: 'cheating', label: 'Cheating' },
    { name: 'harassment', label: 'Harassment' },
    { name: 'hate_speech', label: 'Hate Speech' },
    { name: 'scam', label: 'Scam' },
    { name: 'spam', label: 'Spam' },
    { name: 'self_harm', label: 'Self Harm' },
  ],
  wordLists: {
    cheating: ['aimbot', 'wallhack', 'rank boost', 'cheat'],
    harassment: ['loser', 'trash', 'uninstall', 'noob'],
    hate_speech: ['go back where you came from', 'vermin'],
    scam: ['free skins', 'log in with your account', 'free coins'],
    spam: ['dm for', 'discount code', 'buy now'],
    self_harm: ['nobody would miss me', 'end it all', 'hurt myself'],
  },
  samples: [
    {
      id: 301,
      title: 'In-game chat after a match',
      subscriber: 'Match chat',
      username: 'xX_Reaper_Xx',
      userId: 'p-550213',
      notes: 'Reported by two players',
      ageMinutes: 1,
      details: { channel: 'match chat', reports: 2, match: 'ranked' },
      text: 'gg ez, uninstall the game you absolute loser, your aim is trash',
      reference: {
        tags: ['harassment'],
        reasoning: 'Insults aimed at another player after a match: harassment.',
      },
    },
    {
      id: 302,
      title: 'Forum post in Trading',
      subscriber: 'Forum',
      username: 'undetected_tools',
      userId: 'p-901877',
      notes: null,
      ageMinutes: 6,
      details: { channel: 'forum', board: 'Trading' },
      text: 'Selling aimbot and wallhack, undetected for 6 months, 10 EUR a month, DM for a trial key',
      reference: {
        tags: ['cheating'],
        reasoning:
          'Selling cheats breaks the fair-play rule. One targeted offer is not spam in the policy’s sense, so the AI’s Spam is one tag too many.',
      },
    },
    {
      id: 303,
      title: 'Whisper to a new player',
      subscriber: 'Whispers',
      username: 'Official_Rewards',
      userId: 'p-777001',
      notes: 'Name imitates staff',
      ageMinutes: 11,
      details: { channel: 'whispers', account_age_days: 1 },
      text: 'Free skins for everyone! Log in with your account at skins-gift.example to claim 5,000 coins',
      reference: {
        tags: ['scam'],
        reasoning: 'A phishing link asking players to log in elsewhere: a scam.',
      },
    },
    {
      id: 304,
      title: 'Team chat',
      subscriber: 'Team chat',
      username: 'mira_plays',
      userId: 'p-120998',
      notes: null,
      ageMinutes: 17,
      details: { channel: 'team chat', match: 'casual' },
      text: 'Great match everyone, that last round was insane. Same time tomorrow?',
      reference: { tags: [], reasoning: 'Friendly chat. Nothing to act on.' },
    },
    {
      id: 305,
      title: 'Guild chat late at night',
      subscriber: 'Guild chat',
      username: 'silentfox',
      userId: 'p-348812',
      notes: 'A guild member asked staff to look',
      ageMinutes: 26,
      details: { channel: 'guild chat', reports: 1 },
      text: "Nobody would miss me if I stopped logging in for good. I'm so tired of everything.",
      reference: {
        tags: ['self_harm'],
        reasoning:
          'Possible suicidal thoughts: tag it so the player-safety team reaches out. The message stays.',
      },
    },
    {
      id: 306,
      title: 'Tournament poster',
      subscriber: 'Forum images',
      username: 'cup_organisers',
      userId: 'p-000412',
      notes: null,
      ageMinutes: 35,
      details: { channel: 'forum', board: 'Events' },
      picture: {
        kind: 'poster',
        heading: 'Spring Cup',
        lines: ['Teams of five', 'Sign-ups close Friday'],
        palette: ['#312e81', '#e0e7ff', '#a78bfa'],
      },
      recordedAi: {
        tags: ['SAFE'],
        seconds: 0.77,
        reasoning: 'An event poster with dates; nothing of concern.',
      },
      reference: { tags: [], reasoning: 'An event poster. Nothing to act on.' },
    },
    {
      id: 307,
      title: 'Screenshot of a voice channel text',
      subscriber: 'Forum images',
      username: 'evidence_pls',
      userId: 'p-662310',
      notes: 'Posted as a report by the target',
      ageMinutes: 47,
      details: { channel: 'forum', board: 'Reports' },
      picture: {
        kind: 'post',
        heading: '#general',
        lines: ["People like you don't belong", 'on this server.', 'Go back where you came from.'],
        palette: ['#2b2d31', '#f2f3f5', '#5865f2'],
      },
      recordedAi: {
        tags: ['hate_speech'],
        seconds: 1.24,
        reasoning: 'The screenshot tells someone to go back where they came from.',
      },
      reference: {
        tags: ['hate_speech'],
        reasoning: 'Excludes a player for their origin: hate speech.',
      },
    },
    {
      id: 308,
      title: 'Banner in a profile',
      subscriber: 'Profile banners',
      username: 'boost_kings',
      userId: 'p-431207',
      notes: null,
      ageMinutes: 63,
      details: { channel: 'profile' },
      picture: {
        kind: 'poster',
        heading: 'RANK BOOST IN 24H',
        lines: ['Diamond guaranteed', 'PayPal only'],
        palette: ['#052e16', '#bbf7d0', '#facc15'],
      },
      recordedAi: {
        tags: ['spam'],
        seconds: 0.98,
        reasoning: 'An advertisement for a paid service in a profile banner.',
      },
      reference: {
        tags: ['cheating'],
        reasoning:
          'Boosting (someone else plays your account) breaks the fair-play rule. The AI saw an advert and missed what it sells.',
      },
    },
  ],
};

export const SAMPLE_SETS: readonly SampleSetDefinition[] = [SOCIAL, MARKETPLACE, GAMING];

/** The set of the demo role's private sandbox. */
export const DEMO_ROLE_SAMPLE_SET = SOCIAL.id;

export function findSampleSet(id: string): SampleSetDefinition | undefined {
  return SAMPLE_SETS.find((set) => set.id === id);
}

export function findSample(id: number): SampleDefinition | undefined {
  for (const set of SAMPLE_SETS) {
    const sample = set.samples.find((candidate) => candidate.id === id);
    if (sample) return sample;
  }
  return undefined;
}
