-- Product pictures (same rules as the company logo: PNG or JPEG up to 512 KB). The bytes live in
-- their own table so lists of products never read them; products.image_version (milliseconds of
-- the last change, NULL without a picture) tells a list whether there is one and busts caches.
ALTER TABLE products ADD COLUMN image_version BIGINT;
CREATE TABLE product_images (
    product_id BIGINT PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    content_type TEXT NOT NULL,
    bytes BYTEA NOT NULL
);
