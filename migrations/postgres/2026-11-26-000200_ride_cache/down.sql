DROP TABLE ride_cache;
