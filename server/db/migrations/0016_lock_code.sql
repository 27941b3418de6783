-- The lock-screen passcode (user/lockscreencode/set): PBKDF2-SHA256 of the code with its salt, which
-- the member's devices also receive so the lock works offline. Null when the member has none.
ALTER TABLE users ADD COLUMN lock_salt text;
ALTER TABLE users ADD COLUMN lock_hash text;
