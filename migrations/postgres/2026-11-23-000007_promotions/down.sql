DROP TABLE promotion_products;
DROP TABLE promotions;
