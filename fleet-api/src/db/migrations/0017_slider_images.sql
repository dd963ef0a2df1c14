-- Sliders (issue 13): what an uploaded image is beside its storage key (its checked type, its size
-- and the name it was uploaded as, shown only), and when a slide last changed.
ALTER TABLE sliders ADD COLUMN image_type text CHECK (image_type IN ('image/png', 'image/jpeg'));
ALTER TABLE sliders ADD COLUMN image_name text;
ALTER TABLE sliders ADD COLUMN image_bytes integer;
ALTER TABLE sliders ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
