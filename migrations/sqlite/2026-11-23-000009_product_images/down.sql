DROP TABLE product_images;
ALTER TABLE products DROP COLUMN image_version;
