DROP TABLE clients;
