-- Electronic guías de remisión (server/services/ebilling/remission_guides.rs): the shop's record
-- of each guía it issued, numbered by its own gapless counter per emission point
-- (document_sequences, doc_type 'remission_guide'), pointing at the signed document in the SRI
-- queue (sri_documents) and, when it documents an inventory transfer, at that transfer (at most
-- one guía per transfer). A guía moves no stock: its lines only say what travels.
CREATE TABLE remission_guides (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    branch_office_id BIGINT NOT NULL REFERENCES branch_offices (id),
    emission_point_id BIGINT NOT NULL REFERENCES emission_points (id),
    sequential BIGINT NOT NULL,
    number TEXT NOT NULL,
    transfer_id BIGINT REFERENCES transfers (id),
    sri_document_id BIGINT NOT NULL REFERENCES sri_documents (id),
    carrier_name TEXT NOT NULL,
    carrier_identification TEXT NOT NULL,
    plate TEXT NOT NULL,
    start_date DATE NOT NULL,
    end_date DATE NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users (id),
    created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX remission_guides_number ON remission_guides (emission_point_id, sequential);
CREATE UNIQUE INDEX remission_guides_transfer ON remission_guides (transfer_id);
CREATE INDEX remission_guides_branch ON remission_guides (company_id, branch_office_id, id);

-- What travels, per recipient (index in the guía's destinatarios): a product of the company or
-- a free code/description, and the quantity in millionths.
CREATE TABLE remission_guide_lines (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    remission_guide_id BIGINT NOT NULL REFERENCES remission_guides (id),
    recipient INTEGER NOT NULL,
    product_id BIGINT REFERENCES products (id),
    code TEXT,
    description TEXT NOT NULL,
    quantity BIGINT NOT NULL
);
CREATE INDEX remission_guide_lines_guide ON remission_guide_lines (remission_guide_id, id);
