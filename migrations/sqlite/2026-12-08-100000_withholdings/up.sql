-- Comprobantes de retención the company issues as withholding agent, on its purchases: one live
-- retención per purchase (an annulled one stays, marked, and another may be issued), numbered on
-- its own counter per emission point (document_sequences, doc_type 'withholding'), carried to the
-- SRI by the queue (sri_documents). Amounts in millionths of a dollar; percentages in hundredths
-- of a percent (2.75 % is 275), as the dated tax table (tax_rates) gave them on the retención's
-- date.
--
-- The queue takes the new document types: codDoc 07 (retención), and 03 (liquidación de compra)
-- and 05 (nota de débito) that come next. SQLite cannot change a CHECK constraint: sri_documents
-- is rebuilt the way SQLite's manual says (foreign keys off, one transaction, new table, copy,
-- drop, rename, foreign keys back on); the rows that point at it keep their ids.
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;
CREATE TABLE sri_documents_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    branch_office_id BIGINT NOT NULL REFERENCES branch_offices (id),
    doc_type TEXT NOT NULL CHECK (doc_type IN ('01', '03', '04', '05', '06', '07')),
    version TEXT NOT NULL,
    environment TEXT NOT NULL CHECK (environment IN ('1', '2')),
    access_key TEXT NOT NULL UNIQUE,
    establishment TEXT NOT NULL,
    emission_point TEXT NOT NULL,
    sequential BIGINT NOT NULL,
    issue_date DATE NOT NULL,
    total TEXT,
    document_json TEXT NOT NULL,
    signed_xml TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('signed', 'sending', 'received', 'in_process', 'authorized', 'not_authorized', 'returned')),
    attempts INTEGER NOT NULL DEFAULT 0,
    polls INTEGER NOT NULL DEFAULT 0,
    errors INTEGER NOT NULL DEFAULT 0,
    failed_attempts INTEGER NOT NULL DEFAULT 0,
    failed_day DATE,
    failed_today INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMP NOT NULL,
    locked_until TIMESTAMP,
    locked_by TEXT,
    last_sent_at TIMESTAMP,
    last_error TEXT,
    authorization_number TEXT,
    authorization_date TEXT,
    authorized_at TIMESTAMP,
    authorized_xml TEXT,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (company_id, environment, doc_type, establishment, emission_point, sequential)
);
INSERT INTO sri_documents_new (id, company_id, branch_office_id, doc_type, version, environment, access_key, establishment, emission_point, sequential, issue_date, total, document_json, signed_xml, status, attempts, polls, errors, failed_attempts, failed_day, failed_today, next_attempt_at, locked_until, locked_by, last_sent_at, last_error, authorization_number, authorization_date, authorized_at, authorized_xml, created_at, updated_at)
    SELECT id, company_id, branch_office_id, doc_type, version, environment, access_key, establishment, emission_point, sequential, issue_date, total, document_json, signed_xml, status, attempts, polls, errors, failed_attempts, failed_day, failed_today, next_attempt_at, locked_until, locked_by, last_sent_at, last_error, authorization_number, authorization_date, authorized_at, authorized_xml, created_at, updated_at FROM sri_documents;
DROP TABLE sri_documents;
ALTER TABLE sri_documents_new RENAME TO sri_documents;
CREATE INDEX sri_documents_due ON sri_documents (status, next_attempt_at);
CREATE INDEX sri_documents_branch ON sri_documents (branch_office_id);

CREATE TABLE withholdings (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    branch_office_id BIGINT NOT NULL REFERENCES branch_offices (id),
    purchase_id BIGINT NOT NULL REFERENCES purchases (id),
    supplier_id BIGINT NOT NULL REFERENCES suppliers (id),
    sri_document_id BIGINT NOT NULL REFERENCES sri_documents (id),
    number TEXT NOT NULL,
    date DATE NOT NULL,
    total BIGINT NOT NULL,
    -- Issued past the five days from the purchase document's date, knowingly.
    late BOOLEAN NOT NULL DEFAULT 0,
    -- Issued with the purchase's register: what the purchase paid at once was its total less this.
    at_register BOOLEAN NOT NULL DEFAULT 0,
    annulled BOOLEAN NOT NULL DEFAULT 0,
    annul_reason TEXT,
    annulled_by BIGINT,
    annulled_at TIMESTAMP,
    user_id BIGINT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX withholdings_company ON withholdings (company_id, id);
CREATE UNIQUE INDEX withholdings_live_purchase ON withholdings (purchase_id) WHERE NOT annulled;

CREATE TABLE withholding_lines (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    withholding_id BIGINT NOT NULL REFERENCES withholdings (id),
    kind TEXT NOT NULL CHECK (kind IN ('renta', 'iva')),
    code TEXT NOT NULL,
    base BIGINT NOT NULL,
    percent_bp BIGINT NOT NULL,
    amount BIGINT NOT NULL
);
CREATE INDEX withholding_lines_withholding ON withholding_lines (withholding_id);
COMMIT;
PRAGMA foreign_keys = ON;
