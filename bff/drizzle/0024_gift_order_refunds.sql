-- Reconciling gift orders' refunds (bff/src/incentives/reconcile-gift-refunds.ts): each order's refund found by its reference.
CREATE INDEX IF NOT EXISTS "ledger_transfers_gift_order_idx" ON "ledger_transfers" USING btree ("reference") WHERE "ledger_transfers"."reference" like 'gift_order:%';
