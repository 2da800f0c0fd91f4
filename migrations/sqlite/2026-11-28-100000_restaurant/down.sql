DROP TABLE restaurant_events;
DROP TABLE restaurant_order_items;
DROP TABLE restaurant_orders;
DROP TABLE restaurant_reservation_tables;
DROP TABLE restaurant_reservations;
DROP TABLE restaurant_tables;
DROP TABLE restaurant_zones;
ALTER TABLE categories DROP COLUMN station;
