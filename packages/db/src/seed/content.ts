// Hand-written catalogue of the demo store: people, storefronts, drops and collections.
// Times are offsets from `now` in milliseconds, so the store always has live, upcoming and
// ended drops whenever it is seeded.
import type { DropType } from '@vitrine/domain';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export type { DropType, NiftyType, SaleType } from '@vitrine/domain';
export type Category = 'curated' | 'art' | 'collectibles' | 'one_of_one';

// Every drop type of the spec, and the sale and nifty type each one sells with (catalog/sale-types.ts).
export {
  DROP_TYPES,
  NIFTY_TYPE_OF_DROP as NIFTY_TYPE_OF,
  SALE_TYPE_OF_DROP as SALE_TYPE_OF,
} from '@vitrine/domain';

export const TAGS = [
  'Photography',
  '3D',
  'PFP',
  'Cartoon/Anime',
  'Ticket/Pass',
  'Generative',
  'Abstract',
] as const;
export type Tag = (typeof TAGS)[number];

export interface PersonSpec {
  handle: string;
  first: string;
  last: string;
  bio: string;
  /** Has no avatar (shows the placeholder). */
  noAvatar?: boolean;
}

export const ARTISTS: readonly PersonSpec[] = [
  {
    handle: 'mirasolis',
    first: 'Mira',
    last: 'Solis',
    bio: 'Painter turned generative artist working between Lisbon and Mexico City. Mira writes small programs that behave like watercolour: slow, layered and a little unpredictable.',
  },
  {
    handle: 'theolindqvist',
    first: 'Theo',
    last: 'Lindqvist',
    bio: 'Photographer of northern light. Theo spends the winters on the Lofoten coast waiting for the forty minutes a day when the sea turns to brushed steel.',
  },
  {
    handle: 'amaraokafor',
    first: 'Amara',
    last: 'Okafor',
    bio: 'Lagos-born sculptor building impossible objects in 3D. Her work borrows the silhouettes of Yoruba bronzes and renders them in glass, chrome and dust.',
  },
  {
    handle: 'kenjiarakawa',
    first: 'Kenji',
    last: 'Arakawa',
    bio: 'Illustrator and former storyboard artist for television animation. Kenji draws cities after midnight: ramen counters, last trains and the cats that run them.',
  },
  {
    handle: 'luciaferrer',
    first: 'Lucía',
    last: 'Ferrer',
    bio: 'Abstract painter from Barcelona. Lucía scans her gouache studies and rebuilds them as vector compositions, keeping every accidental drip.',
  },
  {
    handle: 'noahwhitfield',
    first: 'Noah',
    last: 'Whitfield',
    bio: 'Architectural photographer documenting modernist housing estates before they disappear. Large-format film, long exposures, no people.',
  },
  {
    handle: 'priyaraman',
    first: 'Priya',
    last: 'Raman',
    bio: 'Textile designer and creative coder. Priya translates block-print patterns from her grandmother’s archive in Jaipur into generative systems.',
  },
  {
    handle: 'jonasbecker',
    first: 'Jonas',
    last: 'Becker',
    bio: 'Berlin-based 3D artist obsessed with concrete, fog and municipal signage. Builds brutalist dioramas one polygon at a time.',
  },
  {
    handle: 'sofiamarchetti',
    first: 'Sofia',
    last: 'Marchetti',
    bio: 'Collage artist cutting up mid-century botanical atlases. Every piece starts on paper with a scalpel and ends as a high-resolution scan.',
  },
  {
    handle: 'devmalhotra',
    first: 'Dev',
    last: 'Malhotra',
    bio: 'Pixel artist and character designer. Creator of Pixel Pilgrims, a cast of four thousand small travellers who never quite arrive.',
  },
  {
    handle: 'elinhart',
    first: 'Elin',
    last: 'Hart',
    bio: 'Ceramicist who photogrammetry-scans her pots, glitches the meshes and fires the results back into clay. Works from a converted dairy in Devon.',
  },
  {
    handle: 'marcusreed',
    first: 'Marcus',
    last: 'Reed',
    bio: 'Street photographer. Twenty years of New York subway platforms, shot on the same Leica and the same two rolls of film a week.',
  },
  {
    handle: 'yunapark',
    first: 'Yuna',
    last: 'Park',
    bio: 'Character designer from Seoul. Yuna’s creatures are part sea slug, part houseplant and always slightly too pleased with themselves.',
  },
  {
    handle: 'oskarnyberg',
    first: 'Oskar',
    last: 'Nyberg',
    bio: 'Composer and generative artist. Oskar’s pieces are scores: each image is drawn by a piece of music you will never hear.',
  },
  {
    handle: 'celestemoreau',
    first: 'Celeste',
    last: 'Moreau',
    bio: 'Surrealist painter of empty rooms and impossible weather. Lives in Marseille and paints only between six and nine in the morning.',
  },
];

export const COLLECTORS: readonly PersonSpec[] = [
  { handle: 'harborwatch', first: 'Daniel', last: 'Okoye', bio: 'Collecting photography since 2019.' },
  {
    handle: 'inesvidal',
    first: 'Inès',
    last: 'Vidal',
    bio: 'Generative art, mostly. Occasionally a very good cat.',
  },
  { handle: 'quietmoney', first: 'Robert', last: 'Hale', bio: '' },
  { handle: 'ottilie', first: 'Ottilie', last: 'Brandt', bio: 'Museum registrar by day.' },
  { handle: 'kwame_a', first: 'Kwame', last: 'Asante', bio: '3D and sculpture. Lagos / London.' },
  {
    handle: 'lotus_tang',
    first: 'Mei',
    last: 'Tang',
    bio: 'PFPs and packs. Always opening, never holding.',
    noAvatar: true,
  },
  { handle: 'framebyframe', first: 'Sam', last: 'Rivera', bio: 'Animator. I buy what I wish I had drawn.' },
  { handle: 'northgallery', first: 'Freya', last: 'Olsen', bio: 'Independent curator, Oslo.' },
  { handle: 'tomasz', first: 'Tomasz', last: 'Wójcik', bio: '' },
  { handle: 'adaeze', first: 'Adaeze', last: 'Nwosu', bio: 'Abstract and colour-field work.' },
  {
    handle: 'patch_adams',
    first: 'Patrick',
    last: 'Adams',
    bio: 'Ticket stubs, passes and other small proofs of being there.',
    noAvatar: true,
  },
  { handle: 'lenaschulz', first: 'Lena', last: 'Schulz', bio: 'Architecture nerd. Brutalism forever.' },
  { handle: 'ravikapoor', first: 'Ravi', last: 'Kapoor', bio: '' },
  { handle: 'marguerite', first: 'Marguerite', last: 'Lavoie', bio: 'Collecting women photographers.' },
  { handle: 'hollowpoint', first: 'Jae', last: 'Kim', bio: 'Anime, figures, night markets.', noAvatar: true },
  {
    handle: 'amelia_r',
    first: 'Amelia',
    last: 'Ross',
    bio: 'First NFT: a rainy window. Still my favourite.',
  },
  { handle: 'bruno', first: 'Bruno', last: 'Carvalho', bio: 'São Paulo. Generative and glitch.' },
  { handle: 'saltmarsh', first: 'Grace', last: 'Whitaker', bio: '' },
  {
    handle: 'pixelpilgrim42',
    first: 'Leo',
    last: 'Martins',
    bio: 'Pilgrim #42 holder since day one.',
    noAvatar: true,
  },
  { handle: 'noor', first: 'Noor', last: 'Haddad', bio: 'Patron of slow art.' },
];

export interface DemoAccountSpec extends PersonSpec {
  email: string;
  password: string;
}

export const DEMO_COLLECTOR = { email: 'collector@vitrine.test', password: 'vitrine-collects-1' } as const;
export const DEMO_PUBLISHER = { email: 'publisher@vitrine.test', password: 'vitrine-publishes-1' } as const;

export const DEMO_COLLECTOR_PERSON: DemoAccountSpec = {
  ...DEMO_COLLECTOR,
  handle: 'caseylinden',
  first: 'Casey',
  last: 'Linden',
  bio: 'Collector of quiet photographs and loud generative work. Mostly buying on the secondary market, occasionally lucky in drawings.',
};

export const DEMO_PUBLISHER_PERSON: DemoAccountSpec = {
  ...DEMO_PUBLISHER,
  handle: 'jordanashby',
  first: 'Jordan',
  last: 'Ashby',
  bio: 'Editor at Atlas Editions. Publishing limited runs by photographers and painters we have followed for years.',
};

export interface PublisherSpec {
  slug: string;
  name: string;
  description: string;
  verified?: boolean;
  curated?: boolean;
  website: string;
  x: string;
  instagram?: string;
  discord?: string;
  /** Artist handle of the storefront owner (publisher_members), besides the demo publisher. */
  owner: string;
}

export const PUBLISHERS: readonly PublisherSpec[] = [
  {
    slug: 'atlas',
    name: 'Atlas Editions',
    description:
      'Atlas Editions publishes small, carefully printed runs by photographers and painters. Every drop is edited like a book: a handful of works, a clear idea, and nothing added for volume.',
    verified: true,
    website: 'https://atlas-editions.example',
    x: 'atlaseditions',
    instagram: 'atlas.editions',
    owner: 'theolindqvist',
  },
  {
    slug: 'vitrine_curated',
    name: 'Vitrine Curated',
    description:
      'The in-house programme of Vitrine. Our curators commission new work from artists across photography, generative art and sculpture, and release it on a monthly calendar.',
    curated: true,
    website: 'https://curated.vitrine.example',
    x: 'vitrinecurated',
    instagram: 'vitrine.curated',
    discord: 'vitrine',
    owner: 'oskarnyberg',
  },
  {
    slug: 'lumen-house',
    name: 'Lumen House',
    description:
      'A Marseille studio for light-based work: photography, painting and the occasional 1/1 auction. Lumen House works with a small roster of artists over many years.',
    website: 'https://lumenhouse.example',
    x: 'lumenhouse',
    instagram: 'lumen.house',
    owner: 'celestemoreau',
  },
  {
    slug: 'northwind',
    name: 'Northwind Collective',
    description:
      'An artist-run collective from the North Sea coast. Northwind releases field photography, architectural studies and sculpture, with proceeds shared equally between members.',
    website: 'https://northwind.example',
    x: 'northwindco',
    owner: 'noahwhitfield',
  },
  {
    slug: 'paper-moon',
    name: 'Paper Moon Studio',
    description:
      'Illustration, characters and collectible packs. Paper Moon Studio is home to Pixel Pilgrims, Night Market and a growing cast of creatures you will want to trade.',
    website: 'https://papermoon.example',
    x: 'papermoonstudio',
    instagram: 'papermoon.studio',
    discord: 'papermoon',
    owner: 'yunapark',
  },
  {
    slug: 'kinetic-archive',
    name: 'Kinetic Archive',
    description:
      'Kinetic Archive publishes generative systems, 3D objects and membership passes. We like work that moves, repeats, and rewards a second look.',
    website: 'https://kinetic-archive.example',
    x: 'kineticarchive',
    discord: 'kineticarchive',
    owner: 'jonasbecker',
  },
];

export interface PieceSpec {
  title: string;
  /** Sold-out / flag overrides for this piece. */
  burnRequired?: boolean;
  freeRedemption?: boolean;
}

export interface CollectionSpec {
  slug: string;
  /** At most 30 characters (001 §9). */
  name: string;
  description: string;
  category: Category;
  tags: Tag[];
  artists: string[];
  pieces: PieceSpec[];
  /** Tokens carry a rarity score. */
  rarity?: boolean;
}

export interface DropSpec {
  slug: string;
  title: string;
  intro: string;
  type: DropType;
  publisher: string;
  /** Offsets from now. */
  start: number;
  end: number;
  draft?: boolean;
  soldOut?: boolean;
  requiresValidation?: boolean;
  collections: CollectionSpec[];
}

export const DROPS: readonly DropSpec[] = [
  // ---- Live ----
  {
    slug: 'neon-tides',
    title: 'Neon Tides',
    intro:
      'Three one-of-one works by Mira Solis, each grown from a single line of code and a week of tuning. Harbour light, sodium lamps and the blue that only lasts ten minutes after sunset.',
    type: 'auction',
    publisher: 'atlas',
    start: -1 * DAY - 2 * HOUR,
    end: 2 * DAY + 5 * HOUR,
    collections: [
      {
        slug: 'neon-tides',
        name: 'Neon Tides',
        description:
          'A trilogy of generative seascapes. Each work is a unique output, auctioned as a 1/1 with the seed destroyed after minting.',
        category: 'one_of_one',
        tags: ['Generative', 'Abstract'],
        artists: ['mirasolis'],
        pieces: [
          { title: 'Low Tide, Sodium Light' },
          { title: 'Harbour After Rain' },
          { title: 'Blue Hour Relay' },
        ],
      },
    ],
  },
  {
    slug: 'field-notes',
    title: 'Field Notes',
    intro:
      'Two photographers, one winter. Theo Lindqvist walked the Lofoten shoreline while Noah Whitfield stayed indoors in the estates of Rotterdam. Open editions of their notebooks, first come first served.',
    type: 'fcfs',
    publisher: 'northwind',
    start: -2 * DAY,
    end: 1 * DAY + 6 * HOUR,
    collections: [
      {
        slug: 'field-notes-coast',
        name: 'Field Notes: Coast',
        description:
          'Shoreline studies made between December and February, printed from medium-format negatives.',
        category: 'art',
        tags: ['Photography'],
        artists: ['theolindqvist'],
        pieces: [{ title: 'Skagsanden, 11:40' }, { title: 'Salt Line' }, { title: 'Drift Ice, Reine' }],
      },
      {
        slug: 'field-notes-interior',
        name: 'Field Notes: Interior',
        description: 'Stairwells, lift lobbies and laundry rooms of post-war housing, photographed at dawn.',
        category: 'art',
        tags: ['Photography', 'Abstract'],
        artists: ['noahwhitfield'],
        pieces: [
          { title: 'Stairwell B' },
          { title: 'Lobby, Seventh Floor' },
          { title: 'Laundry Room Light' },
        ],
      },
    ],
  },
  {
    slug: 'orbit-pass',
    title: 'Orbit Pass',
    intro:
      'Membership passes for the Kinetic Archive studio programme. The top bidders receive passes in bid order; each pass unlocks early access to every release this year.',
    type: 'ranked_auction',
    publisher: 'kinetic-archive',
    start: -6 * HOUR,
    end: 1 * DAY + 3 * HOUR,
    collections: [
      {
        slug: 'orbit-pass',
        name: 'Orbit Pass',
        description:
          'Rendered 3D passes with holographic foil. Ranked by bid: the highest bid receives edition #1.',
        category: 'collectibles',
        tags: ['Ticket/Pass', '3D'],
        artists: ['jonasbecker'],
        pieces: [{ title: 'Orbit Pass: Founders' }, { title: 'Orbit Pass: Crew' }],
      },
    ],
  },
  {
    slug: 'quiet-rooms',
    title: 'Quiet Rooms',
    intro:
      'Celeste Moreau paints rooms that have just been left. This open edition stays open for four days; everything minted in that window is the edition. Visitors can claim a free print.',
    type: 'open_edition',
    publisher: 'lumen-house',
    start: -12 * HOUR,
    end: 4 * DAY,
    collections: [
      {
        slug: 'quiet-rooms',
        name: 'Quiet Rooms',
        description:
          'Open editions of two new paintings, plus a free visitor print for anyone with a Vitrine account.',
        category: 'art',
        tags: ['Abstract'],
        artists: ['celestemoreau'],
        pieces: [
          { title: 'Room With a Borrowed Sun' },
          { title: 'The Listening Chair' },
          { title: 'Visitor Print', freeRedemption: true },
        ],
      },
    ],
  },
  {
    slug: 'paper-gardens',
    title: 'Paper Gardens',
    intro:
      'Collages cut from nineteenth-century botanical atlases, and the generative seed packets that grew out of them. Enter the drawing; winners are picked at random when it closes.',
    type: 'drawing',
    publisher: 'paper-moon',
    start: -1 * DAY,
    end: 3 * DAY + 4 * HOUR,
    collections: [
      {
        slug: 'paper-gardens',
        name: 'Paper Gardens',
        description: 'Hand-cut collages, scanned at 1200 dpi. Each is offered as a small edition by drawing.',
        category: 'art',
        tags: ['Abstract'],
        artists: ['sofiamarchetti'],
        pieces: [{ title: 'Fern Index' }, { title: 'Herbarium at Night' }],
      },
      {
        slug: 'paper-gardens-seeds',
        name: 'Paper Gardens: Seeds',
        description:
          'Generative seed packets. Holders of a Paper Gardens collage can burn it to enter the Seed Vault drawing.',
        category: 'art',
        tags: ['Generative'],
        artists: ['priyaraman'],
        pieces: [{ title: 'Seed Packet' }, { title: 'Seed Vault', burnRequired: true }],
      },
    ],
  },
  {
    slug: 'midnight-ferry',
    title: 'Midnight Ferry',
    intro:
      'Yuna Park and Kenji Arakawa ride the last ferry of the night with forty new characters. Packs sold out in under an hour; open yours when the ferry docks.',
    type: 'pack',
    publisher: 'vitrine_curated',
    start: -2 * DAY,
    end: 2 * DAY + 2 * HOUR,
    soldOut: true,
    collections: [
      {
        slug: 'midnight-ferry',
        name: 'Midnight Ferry',
        description: 'Character packs. Each pack holds three characters from the Midnight Ferry cast.',
        category: 'collectibles',
        tags: ['Cartoon/Anime', 'PFP'],
        artists: ['yunapark', 'kenjiarakawa'],
        pieces: [{ title: 'Midnight Ferry: Deck Pack' }, { title: 'Midnight Ferry: Captain’s Pack' }],
        rarity: true,
      },
    ],
  },
  // ---- Upcoming ----
  {
    slug: 'after-hours',
    title: 'After Hours',
    intro:
      'Marcus Reed’s subway platforms between 2 and 5 a.m. A silent auction: bids are sealed, and the top bidders receive editions in bid order.',
    type: 'silent_auction',
    publisher: 'atlas',
    start: 30 * MINUTE,
    end: 2 * DAY,
    collections: [
      {
        slug: 'after-hours',
        name: 'After Hours',
        description: 'Black-and-white photographs from the night shift of the New York subway.',
        category: 'art',
        tags: ['Photography'],
        artists: ['marcusreed'],
        pieces: [
          { title: 'Jay Street, 3:12' },
          { title: 'The Last Uptown' },
          { title: 'Conductor, Off Duty' },
        ],
      },
    ],
  },
  {
    slug: 'first-light',
    title: 'First Light',
    intro:
      'A single sculpture by Amara Okafor, rendered in glass and bronze. Offered as a 1/1 auction; a bid in the last five minutes extends the auction.',
    type: 'auction',
    publisher: 'lumen-house',
    start: 3 * HOUR,
    end: 2 * DAY + 3 * HOUR,
    collections: [
      {
        slug: 'first-light',
        name: 'First Light',
        description: 'A unique 3D sculpture with its turntable render and print-ready mesh.',
        category: 'one_of_one',
        tags: ['3D'],
        artists: ['amaraokafor'],
        pieces: [{ title: 'First Light (Ori)' }],
      },
    ],
  },
  {
    slug: 'masks-of-the-reef',
    title: 'Masks of the Reef',
    intro:
      'A blind edition of reef spirits by Dev Malhotra and Yuna Park. You will not know which mask you minted until the reveal, forty-eight hours after the drop closes.',
    type: 'blind_edition',
    publisher: 'paper-moon',
    start: 2 * DAY,
    end: 4 * DAY,
    collections: [
      {
        slug: 'masks-of-the-reef',
        name: 'Masks of the Reef',
        description: 'Blind-minted characters with six rarity tiers, revealed after the drop.',
        category: 'collectibles',
        tags: ['PFP', 'Cartoon/Anime'],
        artists: ['devmalhotra', 'yunapark'],
        pieces: [{ title: 'Reef Mask' }],
        rarity: true,
      },
    ],
  },
  {
    slug: 'the-cartographers',
    title: 'The Cartographers',
    intro:
      'Map packs from an imaginary survey office. Enter the pack drawing; each pack holds three hand-inked sheets of a coastline that never existed.',
    type: 'pack_drawing',
    publisher: 'kinetic-archive',
    start: 5 * DAY,
    end: 7 * DAY,
    collections: [
      {
        slug: 'cartographers-survey',
        name: 'Cartographers: Survey',
        description: 'Packs of generative maps. Winning entries receive one sealed pack.',
        category: 'collectibles',
        tags: ['Generative'],
        artists: ['priyaraman', 'jonasbecker'],
        pieces: [{ title: 'Survey Pack' }, { title: 'Admiralty Pack' }],
        rarity: true,
      },
    ],
  },
  {
    slug: 'signal-garden',
    title: 'Signal Garden',
    intro:
      'Oskar Nyberg turns a year of field recordings into drawings. Validated accounts only: this drop asks for a verified phone to keep bots out.',
    type: 'fcfs',
    publisher: 'vitrine_curated',
    start: 9 * DAY,
    end: 10 * DAY + 12 * HOUR,
    requiresValidation: true,
    collections: [
      {
        slug: 'signal-garden',
        name: 'Signal Garden',
        description: 'Generative drawings scored from field recordings of a botanical garden.',
        category: 'curated',
        tags: ['Generative', 'Abstract'],
        artists: ['oskarnyberg'],
        pieces: [{ title: 'Greenhouse, 4 a.m.' }, { title: 'Pollinator Study' }, { title: 'Rain on Glass' }],
      },
    ],
  },
  {
    slug: 'studies-in-ochre',
    title: 'Studies in Ochre',
    intro: 'Work in progress: a new series by Lucía Ferrer. Not yet scheduled.',
    type: 'fcfs',
    publisher: 'atlas',
    start: 14 * DAY,
    end: 16 * DAY,
    draft: true,
    collections: [
      {
        slug: 'studies-in-ochre',
        name: 'Studies in Ochre',
        description: 'Gouache studies rebuilt as vector compositions.',
        category: 'art',
        tags: ['Abstract'],
        artists: ['luciaferrer'],
        pieces: [{ title: 'Ochre I' }, { title: 'Ochre II' }],
      },
    ],
  },
  // ---- Ended ----
  {
    slug: 'harbour-lights',
    title: 'Harbour Lights',
    intro:
      'Theo Lindqvist and Mira Solis in conversation: photographs of harbour lamps, and the generative pieces they inspired. Sold out in the first hour.',
    type: 'fcfs',
    publisher: 'atlas',
    start: -15 * DAY,
    end: -12 * DAY,
    soldOut: true,
    collections: [
      {
        slug: 'harbour-lights',
        name: 'Harbour Lights',
        description: 'Photographs and generative responses, paired across two editions.',
        category: 'art',
        tags: ['Photography', 'Generative'],
        artists: ['theolindqvist', 'mirasolis'],
        pieces: [
          { title: 'Lamp Post, Henningsvær' },
          { title: 'Lamp Post (Response)' },
          { title: 'Quay at Dusk' },
        ],
      },
    ],
  },
  {
    slug: 'salt-and-signal',
    title: 'Salt & Signal',
    intro: 'Three sculptures by Amara Okafor, sold as 1/1 auctions. Thank you to every bidder.',
    type: 'auction',
    publisher: 'northwind',
    start: -9 * DAY,
    end: -6 * DAY,
    collections: [
      {
        slug: 'salt-and-signal',
        name: 'Salt & Signal',
        description: 'Unique 3D sculptures in salt-glazed bronze.',
        category: 'one_of_one',
        tags: ['3D'],
        artists: ['amaraokafor'],
        pieces: [{ title: 'Salt Head I' }, { title: 'Signal Mask' }, { title: 'Tidewater Figure' }],
      },
    ],
  },
  {
    slug: 'open-studio',
    title: 'Open Studio',
    intro: 'Four days, one open edition, every mint a different rendering of the same score.',
    type: 'open_edition',
    publisher: 'kinetic-archive',
    start: -9 * DAY,
    end: -5 * DAY,
    collections: [
      {
        slug: 'open-studio',
        name: 'Open Studio',
        description: 'An open edition of a generative score by Oskar Nyberg.',
        category: 'art',
        tags: ['Generative'],
        artists: ['oskarnyberg'],
        pieces: [{ title: 'Open Studio Score' }],
      },
    ],
  },
  {
    slug: 'hush',
    title: 'Hush',
    intro: 'A silent auction of Lucía Ferrer’s colour studies. Sealed bids, editions awarded in bid order.',
    type: 'silent_auction',
    publisher: 'lumen-house',
    start: -23 * DAY,
    end: -20 * DAY,
    collections: [
      {
        slug: 'hush',
        name: 'Hush',
        description: 'Vector colour studies in small editions.',
        category: 'art',
        tags: ['Abstract'],
        artists: ['luciaferrer'],
        pieces: [{ title: 'Hush (Terracotta)' }, { title: 'Hush (Slate)' }],
      },
    ],
  },
  {
    slug: 'tiny-titans',
    title: 'Tiny Titans',
    intro: 'Packs of small, very confident creatures. Collect all twelve, trade the duplicates.',
    type: 'pack',
    publisher: 'paper-moon',
    start: -28 * DAY,
    end: -25 * DAY,
    collections: [
      {
        slug: 'tiny-titans',
        name: 'Tiny Titans',
        description: 'Character packs by Yuna Park and Dev Malhotra.',
        category: 'collectibles',
        tags: ['PFP', 'Cartoon/Anime'],
        artists: ['yunapark', 'devmalhotra'],
        pieces: [{ title: 'Tiny Titans: Starter Pack' }, { title: 'Tiny Titans: Booster Pack' }],
        rarity: true,
      },
    ],
  },
  {
    slug: 'glass-menagerie',
    title: 'Glass Menagerie',
    intro: 'Elin Hart’s glitched ceramics, minted blind. Some holders burned theirs for a physical pot.',
    type: 'blind_edition',
    publisher: 'vitrine_curated',
    start: -36 * DAY,
    end: -33 * DAY,
    collections: [
      {
        slug: 'glass-menagerie',
        name: 'Glass Menagerie',
        description: 'Blind-minted 3D scans of glitched ceramic vessels, revealed after the drop.',
        category: 'curated',
        tags: ['3D', 'Abstract'],
        artists: ['elinhart'],
        pieces: [{ title: 'Menagerie Vessel' }, { title: 'Menagerie Vessel (Glaze Variant)' }],
        rarity: true,
      },
    ],
  },
  {
    slug: 'night-market',
    title: 'Night Market',
    intro: 'Pack drawing for Kenji Arakawa’s Night Market. Every winning entry received one sealed pack.',
    type: 'pack_drawing',
    publisher: 'paper-moon',
    start: -50 * DAY,
    end: -47 * DAY,
    collections: [
      {
        slug: 'night-market',
        name: 'Night Market',
        description: 'Packs of illustrated stalls, vendors and the cats that run them.',
        category: 'collectibles',
        tags: ['Cartoon/Anime'],
        artists: ['kenjiarakawa'],
        pieces: [{ title: 'Night Market Pack' }],
        rarity: true,
      },
    ],
  },
  {
    slug: 'long-exposure',
    title: 'Long Exposure',
    intro: 'Ranked auction of Marcus Reed’s longest exposures. Each new bid reset the clock to five minutes.',
    type: 'ranked_auction',
    publisher: 'lumen-house',
    start: -63 * DAY,
    end: -60 * DAY,
    collections: [
      {
        slug: 'long-exposure',
        name: 'Long Exposure',
        description: 'Thirty-second exposures of moving trains, ranked editions.',
        category: 'art',
        tags: ['Photography'],
        artists: ['marcusreed'],
        pieces: [{ title: 'Express, 30 Seconds' }, { title: 'Local, 45 Seconds' }],
      },
    ],
  },
  {
    slug: 'grain-and-grid',
    title: 'Grain & Grid',
    intro: 'Priya Raman’s block-print systems and Noah Whitfield’s façades, by drawing.',
    type: 'drawing',
    publisher: 'northwind',
    start: -81 * DAY,
    end: -78 * DAY,
    collections: [
      {
        slug: 'grain-and-grid',
        name: 'Grain & Grid',
        description: 'Generative textiles and architectural grids in conversation.',
        category: 'art',
        tags: ['Generative', 'Photography'],
        artists: ['priyaraman', 'noahwhitfield'],
        pieces: [{ title: 'Block Print No. 7' }, { title: 'Façade, Zuidplein' }, { title: 'Indigo Grid' }],
      },
    ],
  },
];

export interface MarketCollectionSpec extends CollectionSpec {
  publisher: string;
  /** Days before now the sale ran. */
  daysAgo: number;
}

/** Collections traded on the marketplace only: their drop ended long ago. */
export const MARKET_COLLECTIONS: readonly MarketCollectionSpec[] = [
  {
    slug: 'chromatic-saints',
    name: 'Chromatic Saints',
    description: 'Generative icons in stained-glass colours. The first collection Mira Solis ever released.',
    category: 'art',
    tags: ['Generative', 'Abstract'],
    artists: ['mirasolis', 'oskarnyberg'],
    pieces: [{ title: 'Saint of Lost Keys' }, { title: 'Saint of Small Hours' }, { title: 'Saint of Tides' }],
    publisher: 'vitrine_curated',
    daysAgo: 410,
    rarity: true,
  },
  {
    slug: 'concrete-poems',
    name: 'Concrete Poems',
    description: 'Brutalist dioramas by Jonas Becker: bus shelters, car parks and fog.',
    category: 'art',
    tags: ['3D'],
    artists: ['jonasbecker'],
    pieces: [{ title: 'Bus Shelter 12' }, { title: 'Car Park, Level 4' }],
    publisher: 'kinetic-archive',
    daysAgo: 520,
  },
  {
    slug: 'pixel-pilgrims',
    name: 'Pixel Pilgrims',
    description: 'Small travellers who never quite arrive. The Paper Moon PFP collection.',
    category: 'collectibles',
    tags: ['PFP', 'Cartoon/Anime'],
    artists: ['devmalhotra'],
    pieces: [{ title: 'Pilgrim' }, { title: 'Pilgrim (Lantern)' }, { title: 'Pilgrim (Golden)' }],
    publisher: 'paper-moon',
    daysAgo: 300,
    rarity: true,
  },
  {
    slug: 'festival-pass-2024',
    name: 'Festival Pass 2024',
    description:
      'Access passes for the Northwind summer festival. Still honoured for the archive screenings.',
    category: 'collectibles',
    tags: ['Ticket/Pass'],
    artists: ['noahwhitfield', 'theolindqvist'],
    pieces: [{ title: 'Day Pass' }, { title: 'Weekend Pass' }, { title: 'Backstage Pass' }],
    publisher: 'northwind',
    daysAgo: 480,
  },
  {
    slug: 'rooms-without-doors',
    name: 'Rooms Without Doors',
    description: 'Celeste Moreau’s first series: twelve rooms, twelve impossible weathers.',
    category: 'one_of_one',
    tags: ['Abstract'],
    artists: ['celestemoreau'],
    pieces: [
      { title: 'Room With Snow Inside' },
      { title: 'Room With a Tide' },
      { title: 'Room With No Ceiling' },
    ],
    publisher: 'lumen-house',
    daysAgo: 640,
  },
];

/** Sentences that describe a piece; two are combined per nifty. */
export const PIECE_LINES: readonly string[] = [
  '{title} is part of {collection}, released by {artist}.',
  '{artist} made {title} over several weeks, reworking it until the light sat right.',
  'From the series {collection}: {title}.',
  '{title} was the first piece {artist} finished for this release.',
  'A companion to the other works in {collection}, {title} holds the quietest palette of the set.',
  'Every edition of {title} carries the same file; the edition number is the only difference.',
  'The full-resolution file of {title} is included with every edition.',
  '{artist} describes {title} as “a note to self, kept in public”.',
  'Owners of {title} receive a signed certificate from {artist}.',
  '{title} rewards a second look: the composition shifts as the eye moves.',
  'Royalties from secondary sales of {title} go to {artist}.',
  'Shown for the first time at the {collection} preview, {title} closes the series.',
];

/**
 * PIECE_LINES for a 1/1 (edition size 1): the three lines about editions are said of one token. Same length
 * and order as PIECE_LINES, so the seed's random picks (and every other nifty's description) stay as they were.
 */
export const ONE_OF_ONE_PIECE_LINES: readonly string[] = [
  '{title} is part of {collection}, released by {artist}.',
  '{artist} made {title} over several weeks, reworking it until the light sat right.',
  'From the series {collection}: {title}.',
  '{title} was the first piece {artist} finished for this release.',
  'A companion to the other works in {collection}, {title} holds the quietest palette of the set.',
  '{title} is a single edition: one token, and one owner.',
  'The full-resolution file of {title} goes to its one owner.',
  '{artist} describes {title} as “a note to self, kept in public”.',
  'The owner of {title} receives a signed certificate from {artist}.',
  '{title} rewards a second look: the composition shifts as the eye moves.',
  'Royalties from secondary sales of {title} go to {artist}.',
  'Shown for the first time at the {collection} preview, {title} closes the series.',
];

/** The sentence templates of a nifty's description: the 1/1 lines for an edition of one. */
export function pieceLinesFor(editionSize: number): readonly string[] {
  return editionSize === 1 ? ONE_OF_ONE_PIECE_LINES : PIECE_LINES;
}

// ---- Word lists for the benchmark-scale store ----

export const FIRST_NAMES: readonly string[] = [
  'Ada',
  'Adrian',
  'Aiko',
  'Alba',
  'Alex',
  'Amir',
  'Anika',
  'Arlo',
  'Ayla',
  'Beatriz',
  'Ben',
  'Bianca',
  'Caleb',
  'Camila',
  'Chen',
  'Chloe',
  'Dara',
  'David',
  'Elena',
  'Eli',
  'Emeka',
  'Emma',
  'Ezra',
  'Farah',
  'Felix',
  'Gabriel',
  'Hana',
  'Hugo',
  'Ida',
  'Ilya',
  'Isla',
  'Ivan',
  'Jade',
  'Jamal',
  'Jonah',
  'Julia',
  'Kai',
  'Kara',
  'Laila',
  'Liam',
  'Lina',
  'Luca',
  'Maya',
  'Mateo',
  'Mila',
  'Nadia',
  'Nico',
  'Nina',
  'Omar',
  'Oona',
  'Pablo',
  'Paula',
  'Quinn',
  'Rafael',
  'Rina',
  'Rosa',
  'Sami',
  'Sara',
  'Soren',
  'Tariq',
  'Tess',
  'Uma',
  'Vera',
  'Wes',
  'Xavier',
  'Yara',
  'Yusuf',
  'Zoe',
];

export const LAST_NAMES: readonly string[] = [
  'Abbott',
  'Achebe',
  'Bauer',
  'Bianchi',
  'Castro',
  'Chen',
  'Costa',
  'Dubois',
  'Eriksen',
  'Farouk',
  'Fischer',
  'Garcia',
  'Gupta',
  'Hansen',
  'Hayes',
  'Ito',
  'Jensen',
  'Kaur',
  'Keller',
  'Kowalski',
  'Lam',
  'Larsen',
  'Lopez',
  'Mendes',
  'Moreno',
  'Murphy',
  'Nakamura',
  'Novak',
  'Ortiz',
  'Park',
  'Petrov',
  'Quinn',
  'Rahman',
  'Rossi',
  'Sato',
  'Silva',
  'Singh',
  'Sousa',
  'Takahashi',
  'Tanaka',
  'Torres',
  'Usman',
  'Varga',
  'Wagner',
  'Walsh',
  'Weber',
  'Xu',
  'Yamada',
  'Young',
  'Zhang',
];

export const BULK_ADJECTIVES: readonly string[] = [
  'Quiet',
  'Velvet',
  'Hollow',
  'Amber',
  'Paper',
  'Silver',
  'Distant',
  'Neon',
  'Salt',
  'Slow',
  'Golden',
  'Broken',
  'Northern',
  'Soft',
  'Electric',
  'Borrowed',
  'Lunar',
  'Wild',
  'Glass',
  'Low',
  'Hidden',
  'Bright',
  'Patient',
  'Tidal',
  'Crimson',
  'Faded',
  'Endless',
  'Sleeping',
  'Static',
  'Open',
];

export const BULK_NOUNS: readonly string[] = [
  'Harbours',
  'Circuits',
  'Orchards',
  'Signals',
  'Rooms',
  'Tides',
  'Gardens',
  'Machines',
  'Rivers',
  'Lanterns',
  'Meridians',
  'Islands',
  'Windows',
  'Atlases',
  'Choirs',
  'Engines',
  'Forests',
  'Mirrors',
  'Dunes',
  'Satellites',
  'Towers',
  'Letters',
  'Moths',
  'Weathers',
  'Archives',
  'Bridges',
  'Comets',
  'Fields',
  'Studies',
  'Passages',
];

export const BULK_PIECE_NOUNS: readonly string[] = [
  'Study',
  'Nocturne',
  'Fragment',
  'Variation',
  'Portrait',
  'Map',
  'Field',
  'Relic',
  'Signal',
  'Window',
  'Tide',
  'Bloom',
  'Echo',
  'Drift',
  'Vessel',
  'Figure',
  'Horizon',
  'Lantern',
  'Score',
  'Pass',
];
