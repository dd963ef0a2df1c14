-- An electrician is Active or In-Active, as agencies and installation agents are: In-Active keeps its
-- record and install history but ends its sign-in (its users row is disabled and its sessions end), so
-- an electrician who installed devices, and cannot be deleted, can still be stopped.
ALTER TABLE electricians ADD COLUMN status text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'In-Active'));
