DROP TABLE report_methods;
DROP TABLE report_products;
DROP TABLE report_sales;
