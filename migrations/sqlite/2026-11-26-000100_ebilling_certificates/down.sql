DROP TABLE company_certificates;
