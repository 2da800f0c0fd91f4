-- Electronic documents sent to the SRI (server/sri/README.md, "Cola de envío"): one row per
-- comprobante with its clave de acceso (generated once, reused on every resend), the exact signed
-- bytes, the state of its journey through reception and authorization, and a lease so that only
-- one app server works on it at a time. Every message the SRI returns is kept in
-- sri_document_messages. Timestamps are UTC; amounts are decimal text.

CREATE TABLE sri_documents (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    branch_office_id BIGINT NOT NULL REFERENCES branch_offices (id),
    doc_type TEXT NOT NULL CHECK (doc_type IN ('01', '04', '06')),
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
-- The worker's question: which documents are due?
CREATE INDEX sri_documents_due ON sri_documents (status, next_attempt_at);
CREATE INDEX sri_documents_branch ON sri_documents (branch_office_id);

CREATE TABLE sri_document_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    document_id BIGINT NOT NULL REFERENCES sri_documents (id) ON DELETE CASCADE,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    stage TEXT NOT NULL CHECK (stage IN ('reception', 'authorization')),
    sri_status TEXT NOT NULL,
    identifier TEXT NOT NULL,
    message TEXT NOT NULL,
    additional_info TEXT,
    kind TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX sri_document_messages_document ON sri_document_messages (document_id, id);
