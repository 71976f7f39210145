// The words of the footer's information pages (About, Terms of Use, Privacy Policy, Help Centre, Careers,
// Security Report): plain text, one list of sections a page. Signup says people agree to the Terms of Use
// and the Privacy Policy, so those two say what Vitrine does and expects, not boilerplate.

/** Where people write to us. */
export const CONTACT = {
  support: 'support@vitrine.test',
  privacy: 'privacy@vitrine.test',
  security: 'security@vitrine.test',
  careers: 'careers@vitrine.test',
} as const;

export interface InfoSection {
  heading?: string;
  paragraphs?: readonly string[];
  list?: readonly string[];
}

export interface InfoContent {
  /** One sentence under the heading. */
  intro: string;
  /** 'Last updated …' for the terms and the policy. */
  updated?: string;
  sections: readonly InfoSection[];
}

const UPDATED = 'Last updated 1 December 2025.';

export const INFO_CONTENT: Record<string, InfoContent> = {
  about: {
    intro: 'Vitrine is a small marketplace for digital collectibles, run by people who collect them.',
    sections: [
      {
        paragraphs: [
          'Artists and publishers release their work on Vitrine as drops: editions, auctions, drawings, open editions and packs. Collectors browse those drops, collections and single works, bid, buy, make offers, list what they own for resale, and follow the artists they care about.',
          'We keep the marketplace small on purpose. Every publisher on Vitrine has a storefront we can point to, and every drop says who made it, when it opens and closes, and what it costs.',
        ],
      },
      {
        heading: 'How money moves',
        paragraphs: [
          'On a first sale, the publisher receives 90% of the price and Vitrine keeps 10%, less transaction fees. On resales the seller receives the price minus the creator royalty the publisher set (10% unless they chose otherwise) and a Vitrine fee; the checkout shows every amount before you pay.',
          'Prices can be shown in US dollars or in ether (ETH). Conversions use the latest exchange rate we hold and are shown for your convenience; you pay the amount the checkout states.',
        ],
      },
      {
        heading: 'Talk to us',
        paragraphs: [
          `Questions about an order or your account: ${CONTACT.support}. Security problems: see Security Report.`,
        ],
      },
    ],
  },

  'terms-of-use': {
    intro:
      'These terms are the agreement between you and Vitrine when you sign up, browse, buy, sell or publish. Please read them; they are short.',
    updated: UPDATED,
    sections: [
      {
        heading: '1. Your account',
        list: [
          'You must be at least 18 and able to enter into a contract where you live.',
          'Give a real email address and your real name. One person, one account.',
          'Keep your password and your two-factor method to yourself. You are responsible for what happens in your account; tell us at once if you think someone else has used it.',
          'A wallet you connect must be yours. Signing a message with it proves that to us; we never ask for your recovery phrase or private key, and nobody from Vitrine ever will.',
        ],
      },
      {
        heading: '2. What you buy',
        paragraphs: [
          'An NFT on Vitrine is a token recorded on a blockchain that points to a work. Buying one gives you the token and the right to display, resell or give away that work as the token. It does not give you the copyright, trademarks or other rights in the work, which stay with the artist unless the drop says otherwise in writing.',
          'Prices, fees and delivery (gas) costs are shown before you confirm. Blockchain transactions cannot be reversed once they are confirmed. If something went wrong with a purchase, write to us within 5 business days and we will look into it; card disputes and chargebacks follow the same window.',
        ],
      },
      {
        heading: '3. Bids, offers and drawings',
        list: [
          'A bid or an offer is a promise to pay if it wins or is accepted. Make it only if you can pay.',
          'Auctions end at the time shown; the highest valid bid when the timer reaches zero wins.',
          'Drawings pick entries at random among eligible collectors; one entry per person unless the drop says otherwise.',
        ],
      },
      {
        heading: '4. Selling and publishing',
        paragraphs: [
          'Publishers must own, or be licensed to sell, everything they publish, and must describe it honestly: edition sizes, dates, what a buyer receives. Publishers agree to the Publishers Terms and Conditions before their first drop. On a first sale the publisher receives 90% and Vitrine 10%, less transaction fees.',
        ],
      },
      {
        heading: '5. What is not allowed',
        list: [
          'Selling work you have no right to sell, or copies passed off as originals.',
          'Trading with yourself or with friends to fake prices or volume, bidding with no intent to pay, or any other market manipulation.',
          'Harassment, hateful content, sexual content involving minors, or anything illegal where you or we are.',
          'Getting around our security, rate limits or bot checks, or using Vitrine to launder money or evade sanctions.',
        ],
      },
      {
        heading: '6. When we may act',
        paragraphs: [
          'We may remove listings or drops, hold a sale, or suspend or close an account that breaks these terms or the law. Where we can, we tell you why and give you a chance to answer. You may close your account at any time; tokens you own stay in your wallet.',
        ],
      },
      {
        heading: '7. Risks and our responsibility',
        paragraphs: [
          'The price of NFTs and of ether can fall as well as rise, and blockchains, wallets and networks can fail. We run Vitrine with care but cannot promise it will always be available or free of errors. As far as the law allows, we are not liable for indirect losses, and our liability for a purchase is limited to the fees Vitrine received for it. Nothing here limits rights you have by law as a consumer.',
        ],
      },
      {
        heading: '8. Changes',
        paragraphs: [
          `If we change these terms we will say so on this page and, for changes that matter, by email before they apply. Questions: ${CONTACT.support}.`,
        ],
      },
    ],
  },

  'privacy-policy': {
    intro: 'What we collect about you, why, and what you can ask us to do with it.',
    updated: UPDATED,
    sections: [
      {
        heading: 'What we collect',
        list: [
          'Account details: your email address, first and last name, profile name and picture, bio and social links, and a password stored only as a one-way hash.',
          'Verification: your phone number if you verify one, and the two-factor method you choose.',
          'Wallets: the public addresses you connect. We never see your private keys.',
          'Activity: your bids, offers, purchases, listings, likes, follows and saved collections.',
          'Sessions: when you sign in, from which browser and device, and the network address a request came from, so you can see and end your sessions and we can stop abuse.',
        ],
      },
      {
        heading: 'What stays in your browser',
        paragraphs: [
          'Your sign-in tokens, your chosen display currency and your recent searches are kept in your browser’s storage, not on our servers. Clearing your browser data removes them.',
        ],
      },
      {
        heading: 'Why we use it',
        list: [
          'To run your account, keep it secure and send the emails and text messages you need (codes, receipts, outbid notices).',
          'To complete purchases and payouts, and to meet legal duties such as tax records and fraud prevention.',
          'To show your public profile, storefront and collection to other people, as you set them up.',
        ],
      },
      {
        heading: 'Who we share it with',
        paragraphs: [
          'With the payment and email providers that carry out those tasks for us, only as much as each task needs. Anything written to a blockchain (your wallet address and the tokens you hold) is public by nature and cannot be deleted by anyone. We do not sell your personal data.',
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: [
          'As long as your account is open. When you close it we delete your profile and contact details, except records we must keep by law (such as sales records) for as long as the law requires.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          `You can see and correct most of your data in your account settings. To get a copy of it, or to have it deleted, write to ${CONTACT.privacy}; we answer within 30 days.`,
        ],
      },
    ],
  },

  'help-centre': {
    intro: 'Answers to the questions we hear most. Still stuck? Write to us and a person will answer.',
    sections: [
      {
        heading: 'Signing in',
        list: [
          'Forgot your password? Choose “Forgot password?” on the sign-in page and follow the link we email you.',
          'No two-factor code? Use “Resend code”. Codes sent by email or text message are valid for 10 minutes.',
          'Signed in somewhere you should not be? Account settings › Sessions lets you sign out of one device or all of them.',
        ],
      },
      {
        heading: 'Buying',
        list: [
          'Prices show in US dollars or ETH: change it with the currency button in the navigation bar.',
          'A drop’s card says when it opens and closes. Some drops ask you to verify your profile (email and phone) before you can buy or enter.',
          'Bids must be at least the highest bid plus the bid increment; the form tells you the minimum.',
        ],
      },
      {
        heading: 'Publishing',
        list: [
          'Want to publish drops? The Publishers menu leads to the Publisher Hub, where you set up a storefront and agree to the Publishers Terms and Conditions.',
        ],
      },
      {
        heading: 'Contact',
        paragraphs: [
          `Email ${CONTACT.support} with your account email and, for an order, the link to the item. We answer on business days, usually within one.`,
        ],
      },
    ],
  },

  careers: {
    intro: 'Vitrine is a small team. We hire rarely, and carefully.',
    sections: [
      {
        paragraphs: [
          'There are no open positions right now. We build the marketplace in TypeScript (React on the web, Node.js and PostgreSQL behind it), and we care about fast pages, plain language and treating artists fairly.',
          `If that sounds like you, write to ${CONTACT.careers} with a few lines about yourself and something you made. We read every message and keep it on file for a year, unless you ask us to delete it sooner.`,
        ],
      },
    ],
  },

  'security-report': {
    intro: 'Found a security problem in Vitrine? Thank you. Here is how to tell us.',
    sections: [
      {
        heading: 'How to report',
        list: [
          `Email ${CONTACT.security} with what you found, the steps to reproduce it and what an attacker could do with it.`,
          'Please give us a reasonable time to fix it before telling anyone else.',
          'We confirm receipt within 3 business days and keep you informed until it is fixed.',
        ],
      },
      {
        heading: 'Please do not',
        list: [
          'Access, change or delete other people’s data beyond the minimum needed to show the problem.',
          'Run tests that degrade the service for others (denial of service, spam, mass account creation).',
          'Try social engineering on our staff or users, or attack our offices.',
        ],
      },
      {
        heading: 'In return',
        paragraphs: [
          'If you act in good faith and within these rules, we will not pursue legal action against you, and we will credit you when we publish the fix if you would like that.',
        ],
      },
    ],
  },
};
