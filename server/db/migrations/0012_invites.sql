-- Invites: a guest who arrived through a member's invite link (?pc=CODE, carried in the guest
-- login's affCode) and then signed up. One row per new member, so an inviter is credited once.
CREATE TABLE invites (
  invitee_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  inviter_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  points integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invites_by_inviter ON invites (inviter_id, created_at DESC, invitee_id DESC);
