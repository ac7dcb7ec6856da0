-- The image style picker's catalogue (connections spec: brand_styles, category image_style). Custom (your own
-- image prompt) is the premium style; the three brand defaults are open to every plan.
INSERT INTO "brand_styles" ("category", "name", "description", "image_style", "prompt_key", "is_premium") VALUES
  ('image_style', 'Professional', 'Clean, modern compositions in your brand colours: calm geometry, plenty of space.', 'professional', 'professional', false),
  ('image_style', 'Cartoon', 'Playful illustrated scenes with bold outlines and bright, flat colour.', 'cartoon', 'cartoon', false),
  ('image_style', 'Realistic', 'Photographic look with natural light, depth and soft focus.', 'realistic', 'realistic', false),
  ('image_style', 'Custom', 'Your own image prompt, from a template or written here.', 'custom', 'custom', true)
ON CONFLICT ("category", "image_style") DO NOTHING;
