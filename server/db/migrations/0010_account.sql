-- A member's signature (个性签名), edited with the nickname on the account screen.
ALTER TABLE users ADD COLUMN signature text NOT NULL DEFAULT '';
