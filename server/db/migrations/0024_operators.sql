-- Operating the site (issue 14): the operator role, the audit log of what operators do, and what
-- moderation needs on the tables it acts on.

-- Members who may call /api/app/admin/: granted and revoked only by the command-line tool
-- (`npm run md -- operator grant <account>`). Deleting the account ends the role with it.
CREATE TABLE operators (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- who granted it: 'cli:<system user>'
  granted_by text NOT NULL,
  granted_at timestamptz NOT NULL DEFAULT now()
);

-- One row per operator action, written in the action's own transaction: who (the operator's member
-- row, kept as the actor's name when that row goes; null for the command-line tool's local
-- channel), what (action, target), the details as JSON, and when.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  operator_id integer REFERENCES users (id) ON DELETE SET NULL,
  -- 'member:<account>' for a signed call of an operator, 'cli:<system user>' for the local tool
  actor text NOT NULL,
  action text NOT NULL,
  target_type text,
  target_id text,
  details jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action, created_at DESC, id DESC);

-- A suspended member's sessions stop working at once on every instance (the session check reads
-- this column with the session, never a cached copy) and they cannot sign in until restored.
ALTER TABLE users ADD COLUMN suspended_at timestamptz;
ALTER TABLE users ADD COLUMN suspend_reason text;

-- Why an operator rejected or took down a member's review (posts and works have theirs already).
ALTER TABLE reviews ADD COLUMN reject_reason text;

-- A hidden comment leaves every list and count; the row stays (reports and the audit point at it).
ALTER TABLE comments ADD COLUMN hidden_at timestamptz;
ALTER TABLE comments ADD COLUMN hidden_reason text;

-- The operators' answer to a feedback ('new' → 'answered').
ALTER TABLE feedbacks ADD COLUMN answer text;
ALTER TABLE feedbacks ADD COLUMN answered_at timestamptz;

-- How a report was closed ('open' → 'resolved' | 'dismissed').
ALTER TABLE reports ADD COLUMN closed_at timestamptz;
ALTER TABLE reports ADD COLUMN close_note text;

-- The moderation queues, oldest first.
CREATE INDEX posts_pending_idx ON posts (created_at, id) WHERE status = 'pending';
CREATE INDEX reviews_pending_idx ON reviews (created_at, id) WHERE status = 'pending';
CREATE INDEX works_pending_idx ON works (created_at, id) WHERE review = 'pending';
