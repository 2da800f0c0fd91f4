-- Electronic-signature certificates of each company (server/services/ebilling/certificate.rs).
-- The .p12 and its password are stored only as AES-256-GCM ciphertexts (key derived from
-- MOSTRADOR_SECRET), each with its own nonce; the facts shown in the back office (holder, RUC,
-- issuer, serial, validity) are kept in clear so listing them never decrypts anything. Exactly
-- one certificate per company is active; replacing it deactivates the old row but keeps it,
-- because documents already in the queue may still need it.
CREATE TABLE company_certificates (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    p12_ciphertext BLOB NOT NULL,
    p12_nonce BLOB NOT NULL,
    password_ciphertext BLOB NOT NULL,
    password_nonce BLOB NOT NULL,
    holder TEXT NOT NULL,
    ruc TEXT,
    issuer TEXT NOT NULL,
    serial TEXT NOT NULL,
    valid_from TIMESTAMP NOT NULL,
    valid_to TIMESTAMP NOT NULL,
    active BOOLEAN NOT NULL,
    created_at TIMESTAMP NOT NULL,
    uploaded_by BIGINT REFERENCES users (id)
);
CREATE UNIQUE INDEX company_certificates_one_active ON company_certificates (company_id) WHERE active;
CREATE INDEX company_certificates_company ON company_certificates (company_id, id);
