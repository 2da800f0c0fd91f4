DROP TABLE supplier_product_mappings;
DROP TABLE received_imports;
DROP TABLE received_documents;
