-- The account card (user/qrcode): a bearer code that restores the account on another device.
-- Only its sha256 is kept; issuing a new card replaces it, so the old one stops working.
ALTER TABLE users ADD COLUMN card_hash text;
ALTER TABLE users ADD COLUMN card_issued_at timestamptz;
CREATE UNIQUE INDEX users_card_hash ON users (card_hash) WHERE card_hash IS NOT NULL;
