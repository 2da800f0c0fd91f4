DROP TABLE sri_document_messages;
DROP TABLE sri_documents;
