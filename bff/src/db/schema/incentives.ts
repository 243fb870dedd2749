import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { activityEvents, associations, users } from './platform';
import { associationRef, bytea, createdAt, generatedId, memberRef, moment } from './columns';

// The incentives area's tables. Coins and points are one double-entry ledger: accounts, transfers
// (immutable, each with exactly two entries of opposite sign), and point lots for expiry. Only
// bff/src/incentives/ledger.ts writes ledger_accounts, ledger_transfers, ledger_entries,
// point_lots and point_lot_uses; corrections are new transfers, never updates of old ones.

/** A point program of an association: its own currency, expiry and consent. */
export const pointPrograms = pgTable(
  'point_programs',
  {
    id: generatedId(),
    associationId: associationRef(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Points expire this many months after they were granted. */
    expiryMonths: integer('expiry_months').notNull().default(36),
    requiresConsent: boolean('requires_consent').notNull().default(false),
    consentVersion: integer('consent_version').notNull().default(1),
    consentText: text('consent_text').notNull().default(''),
    /** The most points the program pays one member in one Japanese day (by the day paid), whatever the menus. */
    dailyPointCeiling: integer('daily_point_ceiling').notNull().default(200),
    createdAt: createdAt(),
  },
  (table) => [
    index('point_programs_association_idx').on(table.associationId),
    check('point_programs_expiry_ck', sql`${table.expiryMonths} between 1 and 120`),
    check('point_programs_daily_ceiling_ck', sql`${table.dailyPointCeiling} between 1 and 1000000`),
    check('point_programs_consent_version_ck', sql`${table.consentVersion} >= 1`),
  ],
);

/**
 * What earns how much: a program's menu (program_id set) or a coin rule for everyone (program_id
 * null). `event_kind` is the activity event it rewards (`vital_recorded:weight`, `step_goal_reached`,
 * `enquete_answered`, `campaign_entered`, `challenge_completed:<challenge>`); caps count earnings per Japanese day and in total.
 */
export const pointMenus = pgTable(
  'point_menus',
  {
    id: generatedId(),
    programId: uuid('program_id').references(() => pointPrograms.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['vital_recorded', 'step_goal_reached', 'enquete_answered', 'campaign_entered', 'challenge_completed', 'article_quiz_correct'],
    }).notNull(),
    eventKind: text('event_kind').notNull(),
    title: text('title').notNull(),
    points: integer('points').notNull(),
    dailyLimit: integer('daily_limit'),
    totalLimit: integer('total_limit'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index('point_menus_program_idx').on(table.programId),
    check('point_menus_points_ck', sql`${table.points} between 1 and 100000`),
    check(
      'point_menus_limits_ck',
      sql`(${table.dailyLimit} is null or ${table.dailyLimit} >= 1) and (${table.totalLimit} is null or ${table.totalLimit} >= 1)`,
    ),
    check(
      'point_menus_kind_ck',
      sql`${table.kind} in ('vital_recorded', 'step_goal_reached', 'enquete_answered', 'campaign_entered', 'challenge_completed', 'article_quiz_correct')`,
    ),
  ],
);

/**
 * A ledger account. Member accounts (a member's coins, a member's points in one program) carry a
 * cached balance that may never go below zero; system accounts (issuing, redemption, expiry,
 * adjustment; one set for coins and one per program) carry none, their balance is the sum of
 * their entries. `key` names the account uniquely: `coin:member:<user>`, `point:<program>:issuing`…
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: generatedId(),
    key: text('key').notNull(),
    kind: text('kind', { enum: ['member', 'issuing', 'redemption', 'expiry', 'adjustment'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    /** null: coins. */
    programId: uuid('program_id').references(() => pointPrograms.id, { onDelete: 'restrict' }),
    balance: bigint('balance', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (table) => [
    unique('ledger_accounts_key_uq').on(table.key),
    index('ledger_accounts_user_idx').on(table.userId),
    check('ledger_accounts_kind_ck', sql`${table.kind} in ('member', 'issuing', 'redemption', 'expiry', 'adjustment')`),
    check(
      'ledger_accounts_member_ck',
      sql`(${table.kind} = 'member') = (${table.userId} is not null) and (${table.kind} = 'member') = (${table.balance} is not null)`,
    ),
    check('ledger_accounts_balance_ck', sql`${table.balance} is null or ${table.balance} >= 0`),
  ],
);

/** One movement between two accounts of the same currency: immutable. */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: generatedId(),
    debitAccountId: uuid('debit_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: uuid('credit_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['earn', 'grant', 'revoke', 'redeem', 'expire', 'challenge', 'prize', 'competition'] }).notNull(),
    /** The member the transfer concerns (their history lists it). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    /** null: coins. */
    programId: uuid('program_id').references(() => pointPrograms.id, { onDelete: 'restrict' }),
    /** Japanese text the member reads in the history. */
    description: text('description').notNull(),
    /** What caused it: a menu, a gift, a draw, an operator's reason. */
    reference: text('reference'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    unique('ledger_transfers_idempotency_uq').on(table.idempotencyKey),
    index('ledger_transfers_user_idx').on(table.userId, table.programId, sql`${table.createdAt} desc`, sql`${table.id} desc`),
    // The operators' dashboard (issue 27): one association's programs over a period, not every
    // transfer. Points only: nothing reads coins (no program) by it, and a coin transfer, the most
    // written (earning, redemptions), then updates one index fewer (issue 28).
    index('ledger_transfers_program_points_idx')
      .on(table.programId, table.createdAt)
      .where(sql`${table.programId} is not null`),
    // The incremental reconcile (reconcile.ts, issue 28): what changed since its last pass, by an index range.
    index('ledger_transfers_created_idx').on(table.createdAt),
    // Reconciling gift orders' refunds (reconcile-gift-refunds.ts): a refund found by its order, among
    // the few transfers that name one, not by reading the whole ledger.
    index('ledger_transfers_gift_order_idx')
      .on(table.reference)
      .where(sql`${table.reference} like 'gift_order:%'`),
    // Issue 28: the coin history (program_id is null). "is null" is no equality to PostgreSQL's
    // planner, so ledger_transfers_user_idx could not give its rows in order: a sort of the
    // member's every transfer for each page. The gift history reads only redemptions and draws.
    index('ledger_transfers_user_coins_idx')
      .on(table.userId, sql`${table.createdAt} desc`, sql`${table.id} desc`)
      .where(sql`${table.programId} is null`),
    index('ledger_transfers_user_gift_actions_idx')
      .on(table.userId, sql`${table.createdAt} desc`, sql`${table.id} desc`)
      .where(sql`${table.kind} in ('redeem', 'challenge')`),
    check('ledger_transfers_amount_ck', sql`${table.amount} > 0`),
    check('ledger_transfers_accounts_ck', sql`${table.debitAccountId} <> ${table.creditAccountId}`),
  ],
);

/** Two per transfer: the debit (negative) and the credit (positive). A balance is their sum. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: generatedId(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('ledger_entries_account_idx').on(table.accountId),
    index('ledger_entries_transfer_idx').on(table.transferId),
    check('ledger_entries_amount_ck', sql`${table.amount} <> 0`),
  ],
);

/** Points granted together, expiring together; spending and expiry consume them oldest-expiry first. */
export const pointLots = pgTable(
  'point_lots',
  {
    id: generatedId(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    grantTransferId: uuid('grant_transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    remaining: bigint('remaining', { mode: 'number' }).notNull(),
    expiresAt: moment('expires_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('point_lots_account_expiry_idx').on(table.accountId, table.expiresAt, table.id),
    // Reconcile (issue 28): a credit's lots, by index for each transfer of a slice.
    index('point_lots_grant_transfer_idx').on(table.grantTransferId),
    index('point_lots_due_idx')
      .on(table.expiresAt)
      .where(sql`${table.remaining} > 0`),
    // The expiry notices' second range: lots granted since the last pass (they may already be due).
    index('point_lots_created_idx')
      .on(table.createdAt)
      .where(sql`${table.remaining} > 0`),
    check('point_lots_amount_ck', sql`${table.amount} > 0 and ${table.remaining} between 0 and ${table.amount}`),
  ],
);

/** Which transfer took how much of which lot (a spend, a revocation, an expiry). */
export const pointLotUses = pgTable(
  'point_lot_uses',
  {
    lotId: uuid('lot_id')
      .notNull()
      .references(() => pointLots.id),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.lotId, table.transferId] }),
    index('point_lot_uses_transfer_idx').on(table.transferId),
    check('point_lot_uses_amount_ck', sql`${table.amount} > 0`),
  ],
);

/**
 * An activity event processed for one currency (`coin` or a program id): written once, in the
 * transaction that earns for it, so an event earns at most once however often it is processed.
 * `day` is the Japanese day it was processed (paid): the caps and the daily ceiling count by it.
 */
export const earningMarks = pgTable(
  'earning_marks',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => activityEvents.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    userId: memberRef(),
    menuId: uuid('menu_id').references(() => pointMenus.id, { onDelete: 'set null' }),
    day: date('day', { mode: 'string' }).notNull(),
    /**
     * earned, capped (a cap or the daily ceiling was reached), no_consent (the program's consent
     * was missing), late (recorded later than the day after the day it tells of).
     */
    outcome: text('outcome', { enum: ['earned', 'capped', 'no_consent', 'no_menu', 'late'] }).notNull(),
    transferId: uuid('transfer_id').references(() => ledgerTransfers.id),
    /** What was paid (earned); the daily ceiling sums it. */
    points: integer('points'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.currency] }),
    index('earning_marks_menu_idx').on(table.menuId, table.userId, table.day),
    index('earning_marks_user_day_idx').on(table.userId, table.currency, table.day),
    // The history names the day each earning is for (issue 27): from a transfer to its event.
    index('earning_marks_transfer_idx').on(table.transferId),
  ],
);

/** A member's consent to a program's terms, per version. */
export const pointAgreements = pgTable(
  'point_agreements',
  {
    id: generatedId(),
    userId: memberRef(),
    programId: uuid('program_id')
      .notNull()
      .references(() => pointPrograms.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    agreedAt: moment('agreed_at').defaultNow(),
  },
  (table) => [unique('point_agreements_uq').on(table.userId, table.programId, table.version)],
);

/** The gift catalogue: a program's gifts (program_id set) or the coin gifts (null). */
export const gifts = pgTable(
  'gifts',
  {
    id: generatedId(),
    programId: uuid('program_id').references(() => pointPrograms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    cost: integer('cost').notNull(),
    /** digital_code: one imported code per redemption; delivery: shipped, counted by `stock`. */
    kind: text('kind', { enum: ['digital_code', 'delivery'] }).notNull(),
    /** Delivery gifts: how many are left (null: unlimited). Digital gifts count their free codes. */
    stock: integer('stock'),
    /** A prize of the gift challenge (coins) rather than something to redeem. */
    challengePrize: boolean('challenge_prize').notNull().default(false),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index('gifts_program_idx').on(table.programId, table.position),
    check('gifts_cost_ck', sql`${table.cost} between 1 and 10000000`),
    check('gifts_stock_ck', sql`${table.stock} is null or ${table.stock} >= 0`),
    check('gifts_kind_ck', sql`${table.kind} in ('digital_code', 'delivery')`),
  ],
);

/**
 * A gift's picture (issue 27, decision 0016): the alternative text and the size of the widest
 * file; one row per gift, replaced with its files when an operator uploads another.
 */
export const giftImages = pgTable(
  'gift_images',
  {
    giftId: uuid('gift_id')
      .primaryKey()
      .references(() => gifts.id, { onDelete: 'cascade' }),
    alt: text('alt').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (table) => [check('gift_images_size_ck', sql`${table.width} > 0 and ${table.height} > 0`)],
);

/**
 * The re-encoded files of a gift's picture, one per width, found by the SHA-256 of their bytes
 * (the URL they are served under, so a cached copy never goes stale).
 */
export const giftImageFiles = pgTable(
  'gift_image_files',
  {
    giftId: uuid('gift_id')
      .notNull()
      .references(() => giftImages.giftId, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Hex SHA-256 of `content`. */
    hash: text('hash').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (table) => [primaryKey({ columns: [table.giftId, table.width] }), index('gift_image_files_hash_idx').on(table.hash)],
);

/** What a member received: from a redemption or a won draw. */
export const userGifts = pgTable(
  'user_gifts',
  {
    id: generatedId(),
    userId: memberRef(),
    giftId: uuid('gift_id')
      .notNull()
      .references(() => gifts.id),
    /** The redemption's transfer (null for a prize: the draw's transfer is in gift_challenge_draws). */
    transferId: uuid('transfer_id').references(() => ledgerTransfers.id),
    source: text('source', { enum: ['redemption', 'challenge'] }).notNull(),
    /** issued: a digital gift; a physical gift's order: preparing, shipped or cancelled (gift_orders holds the delivery). */
    deliveryState: text('delivery_state', { enum: ['issued', 'preparing', 'shipped', 'cancelled'] }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('user_gifts_user_idx').on(table.userId, sql`${table.createdAt} desc`, sql`${table.id} desc`),
    // The incremental reconcile (reconcile.ts, issue 28): what changed since its last pass, by an index range.
    index('user_gifts_created_idx').on(table.createdAt),
    unique('user_gifts_transfer_uq').on(table.transferId),
  ],
);

/**
 * A member's delivery address for physical gifts (issue 27): one per member, the fields sealed as
 * one JSON value with platform/crypto (bound to the member), replaced as a whole when changed.
 */
export const deliveryAddresses = pgTable('delivery_addresses', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealed: text('sealed').notNull(),
  updatedAt: moment('updated_at').defaultNow(),
});

/**
 * The delivery of one physical gift (a redemption or a prize): the address as it was when the
 * gift was redeemed (sealed, bound to the order), then the carrier and tracking number once an
 * operator ships it, or the reason it was cancelled. Its status is the user gift's
 * `delivery_state`, changed in the same transaction. `association_id` is the association that took
 * the order (the program's, or the member's for a coin prize): its operators ship it.
 */
export const giftOrders = pgTable(
  'gift_orders',
  {
    id: generatedId(),
    userGiftId: uuid('user_gift_id')
      .notNull()
      .references(() => userGifts.id, { onDelete: 'cascade' }),
    associationId: uuid('association_id').references(() => associations.id, { onDelete: 'cascade' }),
    /** ORD-yyyyMMdd-XXXX (Japan day, four letters and digits read out over the phone). */
    orderNumber: text('order_number').notNull(),
    /** The address snapshot; null while a prize waits for its member's first address, and after they left. */
    addressSealed: text('address_sealed'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    /** The operator who shipped or cancelled it (operators.id, kept as written, as in audit_logs). */
    shippedBy: uuid('shipped_by'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by'),
    cancelReason: text('cancel_reason'),
    createdAt: createdAt(),
  },
  (table) => [
    unique('gift_orders_user_gift_uq').on(table.userGiftId),
    unique('gift_orders_number_uq').on(table.orderNumber),
    index('gift_orders_association_idx').on(table.associationId, sql`${table.createdAt} desc`, sql`${table.id} desc`),
    // The incremental reconcile (reconcile.ts, issue 28): what changed since its last pass, by an index range.
    index('gift_orders_cancelled_idx')
      .on(table.cancelledAt)
      .where(sql`${table.cancelledAt} is not null`),
    check(
      'gift_orders_shipped_ck',
      sql`(${table.shippedAt} is null) = (${table.trackingNumber} is null) and (${table.shippedAt} is null) = (${table.carrier} is null)`,
    ),
    check('gift_orders_closed_once_ck', sql`${table.shippedAt} is null or ${table.cancelledAt} is null`),
  ],
);

/** Imported digital gift codes, sealed with platform/crypto; `user_gift_id` once handed out. */
export const giftCodes = pgTable(
  'gift_codes',
  {
    id: generatedId(),
    giftId: uuid('gift_id')
      .notNull()
      .references(() => gifts.id, { onDelete: 'cascade' }),
    /** SHA-256 of the code: the same code is imported once. */
    codeHash: text('code_hash').notNull(),
    codeSealed: text('code_sealed').notNull(),
    userGiftId: uuid('user_gift_id').references(() => userGifts.id),
    createdAt: createdAt(),
  },
  (table) => [
    unique('gift_codes_hash_uq').on(table.giftId, table.codeHash),
    unique('gift_codes_user_gift_uq').on(table.userGiftId),
    // A gift's free codes in the order they are handed out (handOut: the first one not locked,
    // LIMIT 1): on (gift_id) alone, every redemption read and sorted all the gift's free codes.
    index('gift_codes_free_order_idx')
      .on(table.giftId, table.createdAt, table.id)
      .where(sql`${table.userGiftId} is null`),
  ],
);

/** Every gift challenge draw: what it cost, the roll, and what was won. */
export const giftChallengeDraws = pgTable(
  'gift_challenge_draws',
  {
    id: generatedId(),
    userId: memberRef(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    /** The roll in [0, 10000) and the winning threshold (basis points) at the time. */
    roll: integer('roll').notNull(),
    oddsBasisPoints: integer('odds_basis_points').notNull(),
    userGiftId: uuid('user_gift_id').references(() => userGifts.id),
    createdAt: createdAt(),
  },
  (table) => [
    unique('gift_challenge_draws_transfer_uq').on(table.transferId),
    index('gift_challenge_draws_user_idx').on(table.userId, sql`${table.createdAt} desc`, sql`${table.id} desc`),
    // The incremental reconcile (reconcile.ts, issue 28): what changed since its last pass, by an index range.
    index('gift_challenge_draws_created_idx').on(table.createdAt),
  ],
);

/** A program's campaign: open between its times, entered once, with a partner page. */
export const pointCampaigns = pgTable(
  'point_campaigns',
  {
    id: generatedId(),
    programId: uuid('program_id')
      .notNull()
      .references(() => pointPrograms.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startsAt: moment('starts_at'),
    endsAt: moment('ends_at'),
    partnerUrl: text('partner_url').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('point_campaigns_program_idx').on(table.programId, table.endsAt),
    check('point_campaigns_period_ck', sql`${table.startsAt} < ${table.endsAt}`),
  ],
);

export const pointCampaignEntries = pgTable(
  'point_campaign_entries',
  {
    id: generatedId(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => pointCampaigns.id, { onDelete: 'cascade' }),
    userId: memberRef(),
    createdAt: createdAt(),
  },
  (table) => [
    unique('point_campaign_entries_uq').on(table.campaignId, table.userId),
    // A member's entries (their download, their leaving): the unique key starts with the campaign.
    index('point_campaign_entries_user_idx').on(table.userId),
  ],
);

/**
 * Prize competitions (懸賞, issue 14): a period, how to enter (reach a step total in the period,
 * or pay coins, a ledger transfer) and the prizes. After the period the winners are drawn on the
 * server from a seed that can be re-computed: SHA-256 of the secret committed at creation
 * (`secret_hash` is published from the start) and the sorted entry list.
 */
export const prizeCompetitions = pgTable(
  'prize_competitions',
  {
    id: generatedId(),
    associationId: associationRef(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startsAt: moment('starts_at'),
    endsAt: moment('ends_at'),
    entryKind: text('entry_kind', { enum: ['steps', 'coins'] }).notNull(),
    /** steps: the step total in the period an entry must reach to take part in the draw. */
    stepsRequired: integer('steps_required'),
    /** coins: what an entry costs. */
    coinCost: integer('coin_cost'),
    /** The prizes, first prize first: [{ name, winners }]. */
    prizes: text('prizes').notNull(),
    /** Hex; the secret stays unpublished until the draw, its hash is shown from the start. */
    secret: text('secret').notNull(),
    secretHash: text('secret_hash').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    /** SHA-256(secret | sorted qualifying user ids), recorded with the draw. */
    drawSeed: text('draw_seed'),
    createdAt: createdAt(),
  },
  (table) => [
    index('prize_competitions_association_idx').on(table.associationId, table.endsAt.desc()),
    check('prize_competitions_period_ck', sql`${table.endsAt} > ${table.startsAt}`),
    check(
      'prize_competitions_entry_ck',
      sql`(${table.entryKind} = 'steps' and ${table.stepsRequired} >= 1) or (${table.entryKind} = 'coins' and ${table.coinCost} >= 1)`,
    ),
  ],
);

export const prizeCompetitionEntries = pgTable(
  'prize_competition_entries',
  {
    id: generatedId(),
    competitionId: uuid('competition_id')
      .notNull()
      .references(() => prizeCompetitions.id, { onDelete: 'cascade' }),
    userId: memberRef(),
    /** The coin transfer of a coin entry (kind `competition`). */
    transferId: uuid('transfer_id').references(() => ledgerTransfers.id, { onDelete: 'restrict' }),
    enteredAt: moment('entered_at'),
    /** Set by the draw: won (with the prize), lost, or not_qualified (steps not reached). */
    result: text('result', { enum: ['won', 'lost', 'not_qualified'] }),
    prize: text('prize'),
  },
  (table) => [
    unique('prize_competition_entries_uq').on(table.competitionId, table.userId),
    index('prize_competition_entries_user_idx').on(table.userId),
    // The incremental reconcile (reconcile.ts, issue 28): what changed since its last pass, by an index range.
    index('prize_competition_entries_entered_idx').on(table.enteredAt),
    // Reconcile (issue 28): a competition transfer's entries, by index for each transfer of a slice.
    index('prize_competition_entries_transfer_idx').on(table.transferId),
  ],
);
